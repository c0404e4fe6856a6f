// Security hardening: the headers (one test per header), input limits (size, nesting depth, text
// the database cannot store), names kept as text, and the safety net for values a validator
// missed. The header and limit checks run on PGlite; the routes behave the same on PostgreSQL,
// whose own tests cover the database side.
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../server/db/types';
import { ok } from '../../server/http/envelope';
import type { AppEnv } from '../../server/http/env';
import { errorHandler, notFoundHandler } from '../../server/http/errors';
import { MAX_JSON_DEPTH, findBadText, jsonDepth, readJson, readQuery } from '../../server/http/input';
import { requestContext } from '../../server/http/middleware';
import { silentLogger } from '../../server/logger';
import { bearer, json, loginToken, openAccountsApp, postJson, type App } from './accounts-kit';
import { backends } from './helpers';

const PARTNERS = "'self' https://partner.example https://*.cloud.example";

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 1; i < depth; i++) value = i % 2 ? [value] : { k: value };
  return { action: 'storeUserEvent', event: 'createScene', deep: value };
}

describe('input kit', () => {
  it('counts JSON depth on the bytes, ignoring brackets in strings', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(jsonDepth(enc('1'))).toBe(0);
    expect(jsonDepth(enc('{"a":[1,{"b":"[[[{{{"}]}'))).toBe(3);
    expect(jsonDepth(enc('["\\"[[["]'))).toBe(1);
    expect(jsonDepth(enc('['.repeat(1_000_000)), 32)).toBe(33);
  });

  it('finds NUL and unpaired surrogates in keys and values, and leaves paired ones alone', () => {
    expect(findBadText({ a: ['ok', 'emoji 😀 ok'] })).toBeNull();
    expect(findBadText({ a: ['ok', 'bad \u0000'] })).toEqual(['a', '1']);
    expect(findBadText({ a: { b: 'x\uD800' } })).toEqual(['a', 'b']);
    expect(findBadText({ a: { b: '\uDC00x' } })).toEqual(['a', 'b']);
    expect(findBadText({ ['k\uD83D']: 1 })).toEqual(['k?']);
    expect(findBadText('\u0000')).toEqual([]);
  });
});

describe('the safety net for a value no validator caught', () => {
  it('a database data exception (SQLSTATE 22xxx) answers 400, not 500', async () => {
    const { createPgliteDb } = await import('../../server/db/pglite');
    const db: Db = await createPgliteDb();
    try {
      const app = new Hono<AppEnv>();
      app.use('*', requestContext(silentLogger));
      app.get('/api/int', async (c) => ok(c, await db.query('select $1::int as n', [c.req.query('n') ?? ''])));
      app.get('/api/crash', () => {
        throw new Error('boom');
      });
      app.notFound(notFoundHandler);
      app.onError(errorHandler(silentLogger));
      expect((await app.request('/api/int?n=5')).status).toBe(200);
      for (const n of ['99999999999', 'abc']) {
        const res = await app.request(`/api/int?n=${n}`);
        expect(res.status, n).toBe(400);
        expect(await res.json()).toEqual({ retcode: 400, retmsg: '请求参数错误：body', retdata: { field: 'body' } });
      }
      expect((await app.request('/api/crash')).status).toBe(500);
    } finally {
      await db.close();
    }
  });

  it('readJson and readQuery refuse text PostgreSQL cannot store', async () => {
    const app = new Hono<AppEnv>();
    app.use('*', requestContext(silentLogger));
    app.post('/api/x', async (c) => ok(c, await readJson(c, z.object({ name: z.string() }), 1024)));
    app.get('/api/q', (c) => ok(c, readQuery(c, z.object({ name: z.string().optional() }))));
    app.onError(errorHandler(silentLogger));
    const res = await app.request('/api/x', { method: 'POST', body: '{"name":"a\\u0000b"}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      retcode: 400,
      retmsg: '请求参数错误：name 含有无法保存的字符（空字符或不成对的代理字符）',
      retdata: { field: 'name' },
    });
    const lone = await app.request('/api/x', { method: 'POST', body: '{"name":"\\ud800"}' });
    expect(await lone.json()).toMatchObject({ retdata: { field: 'name' } });
    const pair = await app.request('/api/x', { method: 'POST', body: '{"name":"\\ud83d\\ude00"}' });
    expect(await pair.json()).toMatchObject({ retcode: 0, retdata: { name: '😀' } });
    const query = await app.request('/api/q?name=a%00b');
    expect(await query.json()).toMatchObject({ retcode: 400, retdata: { field: 'name' } });
  });

  it('a second reader of the same body gets the bytes again (actions passed on with next())', async () => {
    const app = new Hono<AppEnv>();
    app.use('*', requestContext(silentLogger));
    app.post('/api/shared', async (c, next) => {
      const first = await readJson(c, z.object({ action: z.string() }), 1024);
      if (first.action === 'mine') return ok(c, 'first');
      await next();
    });
    app.post('/api/shared', async (c) => ok(c, await readJson(c, z.object({ action: z.string(), n: z.number() }), 1024)));
    app.onError(errorHandler(silentLogger));
    const res = await app.request('/api/shared', { method: 'POST', body: '{"action":"theirs","n":3}' });
    expect(await res.json()).toMatchObject({ retcode: 0, retdata: { action: 'theirs', n: 3 } });
  });
});

for (const backend of backends().filter((b) => b.name === 'pglite')) {
  describe(`security on ${backend.name}`, () => {
    let app: App;
    let dispose: () => Promise<void>;
    let token: string;

    beforeAll(async () => {
      ({ app, dispose } = await openAccountsApp(backend, { frameAncestors: PARTNERS }));
      token = await loginToken(app, { project: 'chuangmi', account: 'designer', password: 'Designer@2026' });
    });
    afterAll(async () => {
      await dispose?.();
    });

    /** One answer of each kind: API success and error, code envelope, 404s, files, the UI fallback. */
    const answers = async (): Promise<[string, Response][]> => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])]), 'h.png');
      const up = await app.request('/api/static', { method: 'POST', body: form, headers: bearer(token) });
      const url = ((await json<{ retdata: { url: string } }>(up.clone())).retdata).url;
      return [
        ['api ok', await app.request('/api/projects')],
        ['api 400', await postJson(app, '/api/session', '{')],
        ['api 401', await app.request('/api/session/me')],
        ['account2 ok', await app.request('/account2/x/user/profile', { headers: bearer(token) })],
        ['api 404', await app.request('/api/nothing')],
        ['upload', up],
        ['file', await app.request(url, { headers: bearer(token) })],
        ['file 404', await app.request('/files/uploads/chuangmi/yfang/00000000-0000-0000-0000-000000000000.png', { headers: bearer(token) })],
        ['page', await app.request('/some/page')],
        ['healthz', await app.request('/healthz')],
      ];
    };

    describe('security headers on every answer', () => {
      it("Content-Security-Policy: object-src 'none'", async () => {
        for (const [name, res] of await answers()) expect(res.headers.get('content-security-policy'), name).toContain("object-src 'none'");
      });
      it("Content-Security-Policy: base-uri 'none'", async () => {
        for (const [name, res] of await answers()) expect(res.headers.get('content-security-policy'), name).toContain("base-uri 'none'");
      });
      it("Content-Security-Policy: script-src 'self' and WebAssembly only (no inline, no eval)", async () => {
        for (const [name, res] of await answers()) {
          const csp = res.headers.get('content-security-policy') ?? '';
          expect(csp, name).toContain("script-src 'self' 'wasm-unsafe-eval';");
          expect(csp, name).not.toContain("'unsafe-eval'");
          expect(/script-src[^;]*unsafe-inline/.test(csp), name).toBe(false);
        }
      });
      it('Content-Security-Policy: frame-ancestors from the configuration', async () => {
        for (const [name, res] of await answers()) expect(res.headers.get('content-security-policy'), name).toContain(`frame-ancestors ${PARTNERS}`);
      });
      it('X-Content-Type-Options: nosniff', async () => {
        for (const [name, res] of await answers()) expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      });
      it('Referrer-Policy: strict-origin-when-cross-origin', async () => {
        for (const [name, res] of await answers()) expect(res.headers.get('referrer-policy'), name).toBe('strict-origin-when-cross-origin');
      });
      it('Permissions-Policy turns off camera, microphone, geolocation, payment and usb', async () => {
        for (const [name, res] of await answers()) {
          expect(res.headers.get('permissions-policy'), name).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
        }
      });
      it('Cache-Control: no-store on API answers; files are private and immutable', async () => {
        for (const [name, res] of await answers()) {
          if (name.startsWith('api') || name.startsWith('account2') || name === 'upload') expect(res.headers.get('cache-control'), name).toBe('no-store');
        }
        const file = (await answers()).find(([n]) => n === 'file')![1];
        expect(file.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
        expect(file.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      });
      it('X-Frame-Options is absent (it would override the partner list of frame-ancestors)', async () => {
        for (const [name, res] of await answers()) expect(res.headers.get('x-frame-options'), name).toBeNull();
      });
    });

    describe('input limits on the accounts routes', () => {
      const ROUTES: [string, unknown][] = [
        ['/api/session', { action: 'login', project: 'x', account: 'y', password: 'z' }],
        ['/api/admin/statistics', { action: 'storeUserEvent', event: 'createScene' }],
        ['/api/admin/utility', { action: 'minhuaAccountLogout' }],
        ['/api/admin/source/add-use-record', { source_id: 1, source_type: 'm' }],
        ['/api/admin/source/button-use-record', { button_type: 'b' }],
        ['/bigdata/acquisition/event-log', { appid: 'a', payload: 'AAAA' }],
      ];

      it(`nesting deeper than ${MAX_JSON_DEPTH} is a 400 naming the body`, async () => {
        for (const [path] of ROUTES) {
          const res = await postJson(app, path, nested(MAX_JSON_DEPTH + 1), bearer(token));
          expect(res.status, path).toBe(400);
          expect(await json(res), path).toEqual({
            retcode: 400,
            retmsg: `请求参数错误：body 的嵌套超过 ${MAX_JSON_DEPTH} 层`,
            retdata: { field: 'body' },
          });
        }
        // exactly at the limit the body is read (and then validated as usual)
        const atLimit = await postJson(app, '/api/admin/statistics', nested(MAX_JSON_DEPTH), bearer(token));
        expect(atLimit.status).toBe(200);
      });

      it('a body over 1 MiB is a 413 on every route', async () => {
        for (const [path, body] of ROUTES) {
          const big = JSON.stringify({ ...(body as object), pad: 'x'.repeat(1024 * 1024) });
          const res = await postJson(app, path, big, bearer(token));
          expect(res.status, path).toBe(413);
          expect((await json(res)).retcode).toBe(413);
        }
      });

      it('NUL and lone surrogates are a 400 naming the field, on every route', async () => {
        for (const [path, body] of ROUTES) {
          const res = await postJson(app, path, JSON.stringify({ ...(body as object), extra: 'a\u0000' }), bearer(token));
          expect(res.status, path).toBe(400);
          expect(await json(res), path).toMatchObject({ retdata: { field: 'extra' } });
          const lone = await postJson(app, path, `{"action":"\\udfff"}`, bearer(token));
          expect(lone.status, path).toBe(400);
        }
      });

      it('prototype-pollution keys change nothing', async () => {
        const body = '{"action":"storeUserEvent","event":"createScene","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';
        const res = await postJson(app, '/api/admin/statistics', body, bearer(token));
        expect(res.status).toBe(200);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        const smuggled = await postJson(app, '/api/admin/statistics', '{"__proto__":{"action":"storeUserEvent","event":"createScene"}}', bearer(token));
        expect(smuggled.status).toBe(400);
      });
    });

    describe('names are text, never markup', () => {
      it('a file name with markup comes back as a JSON string and a safe header', async () => {
        const name = '<img src=x onerror=alert(1)>"\'.png';
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 2])]), name);
        const res = await app.request('/api/static', { method: 'POST', body: form, headers: bearer(token) });
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        const data = (await json<{ retdata: { url: string; name: string } }>(res)).retdata;
        expect(data.name).toBe(name);
        expect(data.url).not.toContain('<');
        const file = await app.request(data.url, { headers: bearer(token) });
        expect(file.headers.get('content-type')).toBe('image/png');
        expect(file.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''${encodeURIComponent(name)}`);
        expect(file.headers.get('content-disposition')).not.toMatch(/[<>"]/);
      });

      it('no API answer is HTML, errors included', async () => {
        for (const [name, res] of await answers()) {
          if (name === 'page' || name === 'file') continue;
          expect(res.headers.get('content-type') ?? '', name).not.toContain('html');
        }
        const weird = await app.request('/api/<script>alert(1)</script>');
        expect(weird.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await weird.text()).not.toContain('<script>');
      });
    });
  });
}
