// Embedding (issue 19, docs/embedding.md): EMBED_ORIGINS parsed and refused at start, the
// per-tenant CSP frame-ancestors of the editor's pages, and GET /api/embed/origins.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { frameAncestorsFor, parseEmbedOrigins } from '../../server/http/embed-origins';
import { bearer, json, loginToken, openAccountsApp, type App } from './accounts-kit';
import { backends } from './helpers';

const YFANG = ['https://shop.partner.example', 'http://localhost:8784'];
const DESON = ['https://deson-dealer.example:8443'];
const ENV = `yfang=${YFANG.join(' ')}; deson=${DESON[0]}`;

describe('EMBED_ORIGINS', () => {
  it('reads tenants and their exact origins (spaces or commas between origins, ; between tenants)', () => {
    const config = loadConfig({ EMBED_ORIGINS: ' yfang=https://a.example, https://b.example:8443 ;deson=http://localhost:8784; ' });
    expect([...config.embedOrigins]).toEqual([
      ['yfang', ['https://a.example', 'https://b.example:8443']],
      ['deson', ['http://localhost:8784']],
    ]);
    expect(loadConfig({}).embedOrigins.size).toBe(0);
    expect(loadConfig({ EMBED_ORIGINS: '  ' }).embedOrigins.size).toBe(0);
  });

  it('keeps one copy of a repeated origin', () => {
    expect(parseEmbedOrigins('yfang=https://a.example https://a.example', 'development').get('yfang')).toEqual(['https://a.example']);
  });

  it.each([
    ['yfang https://a.example', /has no "="/],
    ['=https://a.example', /"" is not a project code/],
    ['yf ang=https://a.example', /"yf ang" is not a project code/],
    ['yfang=', /tenant yfang has no origin/],
    ['yfang=https://a.example;yfang=https://b.example', /tenant yfang is listed twice/],
    ['yfang=https://*.example.com', /"https:\/\/\*\.example\.com" is refused: wildcards are not supported/],
    ['yfang=*', /wildcards are not supported/],
    ["yfang='self'", /CSP keywords/],
    ['yfang=a.example', /"a.example" is refused: not an origin/],
    ['yfang=https://a.example/shop', /not in its exact form .*: write https:\/\/a\.example$/],
    ['yfang=https://a.example/', /write https:\/\/a\.example$/],
    ['yfang=https://A.example', /write https:\/\/a\.example$/],
    ['yfang=https://a.example:443', /write https:\/\/a\.example$/],
    ['yfang=https://a.example?x=1', /not in its exact form/],
    ['yfang=https://user@a.example', /not in its exact form/],
    ['yfang=ftp://a.example', /only http and https/],
    ['yfang=javascript:alert(1)', /only http and https/],
  ])('refuses %j at start, saying why', (value, why) => {
    expect(() => loadConfig({ EMBED_ORIGINS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ EMBED_ORIGINS: value })).toThrow(why);
  });

  it('refuses plain http in production, but for the loopback host', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', EMBED_ORIGINS: 'yfang=http://shop.example' })).toThrow(/plain http is refused in production/);
    expect(loadConfig({ NODE_ENV: 'production', EMBED_ORIGINS: 'yfang=http://localhost:8784' }).embedOrigins.get('yfang')).toEqual(['http://localhost:8784']);
    expect(loadConfig({ EMBED_ORIGINS: 'yfang=http://shop.example' }).embedOrigins.get('yfang')).toEqual(['http://shop.example']);
  });

  it("adds a tenant's origins to the global frame-ancestors; 'none' gives way to them", () => {
    expect(frameAncestorsFor("'self'", ['https://a.example'])).toBe("'self' https://a.example");
    expect(frameAncestorsFor("'none'", ['https://a.example', 'https://b.example'])).toBe('https://a.example https://b.example');
    expect(frameAncestorsFor("'self'", undefined)).toBe("'self'");
    expect(frameAncestorsFor("'self'", [])).toBe("'self'");
  });
});

function frameAncestors(res: Response): string | undefined {
  return /frame-ancestors ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`embedding on ${backend.name}`, () => {
    let app: App;
    let plain: App;
    let dispose: () => Promise<void>;
    let disposePlain: () => Promise<void>;
    let distDir: string;
    let yfang: string;
    let deson: string;
    let chuangmi: string;

    beforeAll(async () => {
      distDir = mkdtempSync(path.join(tmpdir(), 'yfang-embed-dist-'));
      writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>editor</title>');
      const embedOrigins = loadConfig({ EMBED_ORIGINS: ENV }).embedOrigins;
      ({ app, dispose } = await openAccountsApp(backend, { distDir, embedOrigins }));
      ({ app: plain, dispose: disposePlain } = await openAccountsApp(backend, { distDir }));
      [yfang, deson, chuangmi] = await Promise.all([
        loginToken(app, { project: 'yfang', account: 'designer', password: 'Design@2026' }),
        loginToken(app, { project: 'deson', account: 'designer', password: 'Designer@2026' }),
        loginToken(app, { project: 'chuangmi', account: 'designer', password: 'Designer@2026' }),
      ]);
    }, 120_000);
    afterAll(async () => {
      await dispose?.();
      await disposePlain?.();
      if (distDir) rmSync(distDir, { recursive: true, force: true });
    });

    const cookie = (token: string): Record<string, string> => ({ Cookie: `token=${encodeURIComponent(token)}` });

    describe('CSP frame-ancestors of the editor page', () => {
      it("a page of no known tenant keeps the global 'self'", async () => {
        for (const url of ['/', '/index.html', '/login', '/?project=nobody', '/?project=chuangmi', '/nobody/login', '/login?redirect=https%3A%2F%2Fx%3Fproject%3Dyfang']) {
          const res = await app.request(url);
          expect(res.status, url).toBe(200);
          expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
          expect(frameAncestors(res), url).toBe("'self'");
        }
      });

      it('before sign-in the address names the tenant: ?project= or /code/login', async () => {
        for (const url of ['/?project=yfang', '/login?project=yfang&redirect=%2F', '/yfang/login', '/some/deep/page?project=yfang', '/login?redirect=%2F%3Fproject%3Dyfang']) {
          expect(frameAncestors(await app.request(url)), url).toBe(`'self' ${YFANG.join(' ')}`);
        }
        expect(frameAncestors(await app.request('/deson/login'))).toBe(`'self' ${DESON[0]}`);
      });

      it("a signed-in session decides, whatever the address says: tenant B's page never frames in A's host", async () => {
        expect(frameAncestors(await app.request('/', { headers: cookie(deson) }))).toBe(`'self' ${DESON[0]}`);
        expect(frameAncestors(await app.request('/?project=yfang', { headers: cookie(deson) }))).toBe(`'self' ${DESON[0]}`);
        expect(frameAncestors(await app.request('/yfang/login', { headers: cookie(deson) }))).toBe(`'self' ${DESON[0]}`);
        // a tenant without embedding: its page stays 'self' even when the address names another
        expect(frameAncestors(await app.request('/?project=yfang', { headers: cookie(chuangmi) }))).toBe("'self'");
        expect(frameAncestors(await app.request('/', { headers: cookie(yfang) }))).toBe(`'self' ${YFANG.join(' ')}`);
      });

      it('a dead or malformed login cookie counts as signed out', async () => {
        const gone = await loginToken(app, { project: 'deson', account: 'member', password: 'Member@2026' });
        expect((await app.request('/api/session', { method: 'DELETE', headers: bearer(gone) })).status).toBe(200);
        expect(frameAncestors(await app.request('/?project=yfang', { headers: cookie(gone) }))).toBe(`'self' ${YFANG.join(' ')}`);
        expect(frameAncestors(await app.request('/?project=yfang', { headers: { Cookie: 'token=not-a-token' } }))).toBe(`'self' ${YFANG.join(' ')}`);
      });

      it('pages vary by cookie; API answers keep the global policy', async () => {
        expect((await app.request('/?project=yfang')).headers.get('vary')).toContain('Cookie');
        for (const url of ['/api/projects?project=yfang', '/api/embed/origins?project=yfang', '/healthz?project=yfang']) {
          expect(frameAncestors(await app.request(url, { headers: bearer(yfang) })), url).toBe("'self'");
        }
      });

      it('without EMBED_ORIGINS every page keeps the global policy and no lookup is made', async () => {
        for (const url of ['/?project=yfang', '/yfang/login']) {
          const res = await plain.request(url, { headers: cookie(yfang) });
          expect(frameAncestors(res), url).toBe("'self'");
          expect(res.headers.get('vary'), url).toBeNull();
        }
      });
    });

    describe('GET /api/embed/origins', () => {
      it("answers the signed-in user's project's origins", async () => {
        const ofYfang = await app.request('/api/embed/origins', { headers: bearer(yfang) });
        expect(ofYfang.status).toBe(200);
        expect(await json(ofYfang)).toEqual({ retcode: 0, retmsg: '成功', retdata: { origins: YFANG } });
        expect(await json(await app.request('/api/embed/origins?project=yfang', { headers: bearer(deson) }))).toMatchObject({ retdata: { origins: DESON } });
      });

      it('a tenant that does not embed gets an empty list', async () => {
        expect(await json(await app.request('/api/embed/origins', { headers: bearer(chuangmi) }))).toMatchObject({ retcode: 0, retdata: { origins: [] } });
        const ofPlain = await loginToken(plain, { project: 'yfang', account: 'designer', password: 'Design@2026' });
        expect(await json(await plain.request('/api/embed/origins', { headers: bearer(ofPlain) }))).toMatchObject({ retcode: 0, retdata: { origins: [] } });
      });

      it('needs a session given as Authorization (the cookie alone is not enough), in zh or en', async () => {
        for (const headers of [{}, cookie(yfang), { Authorization: 'Bearer nonsense' }]) {
          const res = await app.request('/api/embed/origins', { headers });
          expect(res.status).toBe(401);
          expect(await json(res)).toMatchObject({ retcode: 401, retmsg: '登录已失效，请重新登录' });
        }
        const en = await app.request('/api/embed/origins', { headers: { 'Accept-Language': 'en' } });
        expect(await json(en)).toMatchObject({ retcode: 401, retmsg: 'Your session has expired, please sign in again' });
      });
    });
  });
}
