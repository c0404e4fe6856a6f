// A seeded fuzz of malformed requests across every route the app has (read from the Hono app at
// test time, so routes added by any family are covered): null, bare strings, deep nesting, lone
// surrogates, huge numbers, wrong types, huge strings, prototype-pollution keys, broken
// encodings and odd path parameters. No answer may be a 500 and nothing may crash. Runs in-process
// on PGlite; FUZZ_SEED and FUZZ_COUNT override the seed and the number of requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { hashToken } from '../../server/auth/tokens';
import type { Db } from '../../server/db/types';
import { bearer, openAccountsApp, type App, type TestApp } from './accounts-kit';
import { backends } from './helpers';
import { mulberry32 } from '../fixtures/prng';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);
const COUNT = Math.max(10_000, Number(process.env.FUZZ_COUNT ?? 10_000));

/** The shared seeded PRNG: the same seed replays the same run. */
function prng(seed: number): () => number {
  return mulberry32(seed).next;
}

const KEYS = [
  'action', 'id', 'ids', 'name', 'page', 'pageSize', 'per_page', 'scene_id', 'sceneId', 'scheme_id', 'token', 'file',
  'type', 'event', 'mintue', 'source_id', 'source_type', 'button_type', 'appid', 'payload', 'params', 'url', 'method',
  'account', 'password', 'project', 'keyword', 'brand', 'series', 'spec', 'genre', 'code', 'label', 'labels', 'version',
  'baseVersion', 'base_version', 'sceneJson', 'filecontnt', 'uuid', 'shareCode', 'privateId', 'id_list', 'model_id',
  'cate_id', 'category', 'library_type', 'order_by', 'order_field', 'include', '__proto__', 'constructor', 'prototype',
  'toString', 'hasOwnProperty', 'valueOf', '', ' ', '\u0000', 'a.b', '$where',
];
const ACTIONS = [
  'login', 'loginWithToken', 'reqac2s', 'minhuaAccountLogout', 'checkSimplePassword', 'getUserByUserId', 'storeUserEvent',
  'storeUserOnlineTime', 'storeSourceUsed', 'scheme', 'favor', 'viewed_count', 'filters', 'favorfilters', 'privateFilters',
  'list', 'auto_save_scene', 'getDataForXdb', 'store_category', 'get_category_list', 'unknown', '', 'LOGIN',
];
const STRINGS = [
  '', ' ', 'a', '0', '-1', 'null', 'undefined', 'NaN', 'true', '1e999', '9'.repeat(40), '<script>alert(1)</script>',
  "' or 1=1 --", '../../etc/passwd', '%00', '中文名称', '😀', '\u202e', '\ufeff', 'x'.repeat(300), 'createScene',
  'modelAgent', '/client/user', 'get', 'yfang', 'designer',
];
const NUMBERS = [0, -1, 1, 2.5, -0, 1e21, -1e21, 1e308, -1e308, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, Number.MIN_VALUE, 4294967296, 30, 1441];
/** raw JSON texts JSON.stringify cannot produce */
const RAW = [
  '1e400', '-1e400', '123456789012345678901234567890', '{"a":1e999}', '"\\ud800"', '{"\\udc00":"x"}', '["\\ud83d"]',
  '{"action":"\\u0000"}', '{"a":"\\u0000"}', '{"__proto__":{"admin":true},"action":"login"}', '{"constructor":{"prototype":{"x":1}}}',
  '{', '}', '[', ']', '{"a":}', "{'a':1}", 'NaN', 'Infinity', 'undefined', '', ' ', '\u0000', 'null', 'true', '"x"',
  '{"a":1,"a":2}', '[1,2,3', '{"id":-0}', '{"page":1e-400}', '{"pageSize":"8"}', '0x10', '+1', '.5', '[' + '1,'.repeat(10_000) + '1]',
];
const PARAMS = [
  '1', '0', '-1', '2', '99999999999999999999', '2147483648', '1.5', 'abc', 'null', '%00', '..%2F..%2Fetc', '%E4%B8%AD',
  '%ED%A0%80', '%ZZ', 'NaN', '1e5', '%20', '00000000-0000-0000-0000-000000000000', 'x'.repeat(300), '__proto__', 'undefined',
];
const QUERY_VALUES = ['', '1', '-1', 'abc', '%00', '%ZZ', '%ED%A0%80', '99999999999999999999', '1e400', 'NaN', '%5B%5D', 'true', 'x'.repeat(2000)];

interface FuzzRoute {
  method: string;
  path: string;
}

interface Outcome {
  route: string;
  url: string;
  status: number;
  detail: string;
}

function generator(random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const int = (max: number) => Math.floor(random() * max);

  function value(depth: number): unknown {
    const r = random();
    if (depth > 3 || r < 0.12) return null;
    if (r < 0.3) return pick(STRINGS);
    if (r < 0.45) return pick(NUMBERS);
    if (r < 0.5) return random() < 0.5;
    if (r < 0.55) return pick(ACTIONS);
    if (r < 0.7) return Array.from({ length: int(4) }, () => value(depth + 1));
    return object(depth + 1);
  }

  function object(depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const n = int(6);
    for (let i = 0; i < n; i++) {
      const key = pick(KEYS);
      // defineProperty: a literal "__proto__" key must become an own property, as JSON.parse makes it
      Object.defineProperty(out, key, { value: key === 'action' ? pick(ACTIONS) : value(depth), enumerable: true, configurable: true, writable: true });
    }
    return out;
  }

  function deep(levels: number): string {
    const open = Array.from({ length: levels }, () => (random() < 0.5 ? '[' : '{"a":'));
    const close = open.map((o) => (o === '[' ? ']' : '}')).reverse();
    return open.join('') + '1' + close.join('');
  }

  /** A body as bytes or text, and the content type to send it with (null = none). */
  function body(): { body: string | Uint8Array<ArrayBuffer> | null; contentType: string | null } {
    const r = random();
    const json = 'application/json';
    if (r < 0.05) return { body: null, contentType: random() < 0.5 ? json : null };
    if (r < 0.3) return { body: pick(RAW), contentType: json };
    if (r < 0.4) return { body: JSON.stringify(value(0)), contentType: json };
    if (r < 0.47) return { body: deep(20 + int(200)), contentType: json };
    if (r < 0.49) {
      // a huge string: just under and over the 1 MiB JSON limit
      const size = random() < 0.5 ? 900_000 : 1_100_000;
      return { body: JSON.stringify({ action: pick(ACTIONS), name: 'x'.repeat(size) }), contentType: json };
    }
    if (r < 0.53) {
      const bytes = new Uint8Array(1 + int(64));
      for (let i = 0; i < bytes.length; i++) bytes[i] = int(256);
      return { body: bytes, contentType: pick([json, 'application/octet-stream', 'text/plain']) };
    }
    if (r < 0.57) {
      const boundary = random() < 0.5 ? 'fuzz' : '';
      const part = `--fuzz\r\nContent-Disposition: form-data; name="${pick(['file', 'type', 'x'])}"; filename="${pick(STRINGS)}"\r\n\r\n${pick(STRINGS)}`;
      return { body: random() < 0.5 ? part : part + '\r\n--fuzz--\r\n', contentType: `multipart/form-data; boundary=${boundary}` };
    }
    if (r < 0.6) return { body: 'a=1&b=%00&action=login', contentType: 'application/x-www-form-urlencoded' };
    // mostly an object with plausible keys and wrong values
    return { body: JSON.stringify(object(0)), contentType: random() < 0.9 ? json : 'text/plain' };
  }

  function path(template: string): string {
    return template
      .split('/')
      .map((segment) => (segment.startsWith(':') || segment === '*' ? pick(PARAMS) : segment.replace(/\{.*\}$/, '')))
      .join('/');
  }

  function query(): string {
    if (random() < 0.5) return '';
    const parts = Array.from({ length: 1 + int(4) }, () => `${encodeURIComponent(pick(KEYS))}=${pick(QUERY_VALUES)}`);
    return '?' + parts.join('&');
  }

  return { pick, int, body, path, query };
}

function routesOf(app: App): FuzzRoute[] {
  const seen = new Map<string, FuzzRoute>();
  for (const r of app.routes) {
    const methods = r.method === 'ALL' ? ['GET', 'POST'] : [r.method];
    for (const method of methods) {
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const key = `${method} ${r.path}`;
      if (!seen.has(key)) seen.set(key, { method, path: r.path.replace(/\/\*$/, '/*').replace(/^\*$/, '/*') });
    }
  }
  return [...seen.values()];
}

for (const backend of backends().filter((b) => b.name === 'pglite')) {
  describe(`fuzz of every route on ${backend.name}`, () => {
    let opened: TestApp;
    let app: App;
    let db: Db;
    let userId: number;
    let token: string;

    beforeAll(async () => {
      opened = await openAccountsApp(backend);
      ({ app, db } = opened);
      const [user] = await db.query<{ id: number }>(`select id from users where project_code = 'yfang_corp' and account = 'admin'`);
      userId = user!.id;
      token = await createSession(db, userId, 3_600_000);
    });
    afterAll(async () => {
      await opened?.dispose();
    });

    it(`${COUNT} malformed requests (seed ${SEED}) never answer 500 and never crash`, { timeout: 120_000 }, async () => {
      const routes = routesOf(app);
      // the families mount their routes at app creation: all of them are in the list
      expect(routes.length).toBeGreaterThan(10);
      expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /api/session', 'POST /api/static', 'GET /account2/x/user/profile']));

      const random = prng(SEED);
      const g = generator(random);
      const failures: Outcome[] = [];
      const unhandled: unknown[] = [];
      const onUnhandled = (e: unknown) => unhandled.push(e);
      process.on('unhandledRejection', onUnhandled);
      const statuses = new Map<number, number>();
      const timeByRoute = new Map<string, number>();
      const started = performance.now();

      try {
        for (let i = 0; i < COUNT; i++) {
          const route = routes[i % routes.length]!;
          const url = g.path(route.path) + g.query();
          const { body, contentType } = g.body();
          const headers: Record<string, string> = {};
          const auth = random();
          if (auth < 0.8) Object.assign(headers, bearer(token));
          else if (auth < 0.9) headers.Authorization = g.pick(['Bearer', 'Bearer x', `Bearer ${'A'.repeat(43)}`, 'Basic Zm9v', `Bearer ${token}x`]);
          if (contentType) headers['Content-Type'] = contentType;
          if (random() < 0.1) headers['Accept-Language'] = g.pick(['en', 'zh-CN', 'xx', ';;;', 'en;q=abc']);
          const sendsBody = route.method !== 'GET' && body !== null;

          let status = 0;
          let detail = '';
          const t0 = performance.now();
          try {
            const res = await app.request(url, { method: route.method, headers, ...(sendsBody ? { body } : {}) });
            status = res.status;
            detail = (await res.text()).slice(0, 200);
          } catch (e) {
            detail = `threw: ${e instanceof Error ? e.stack ?? e.message : String(e)}`;
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const routeKey = `${route.method} ${route.path}`;
          timeByRoute.set(routeKey, (timeByRoute.get(routeKey) ?? 0) + performance.now() - t0);
          if (status >= 500 || status === 0) {
            const shown = typeof body === 'string' ? body.slice(0, 120) : body ? `<${body.byteLength} bytes>` : '<none>';
            failures.push({ route: `${route.method} ${route.path}`, url: url.slice(0, 160), status, detail: `${detail} | body ${shown}` });
          }

          // A fuzzed logout (or a fuzzed login of this account) may have ended the session, which
          // shows as a 401 on a request that carried it: then start a new one.
          if (status === 401 && auth < 0.8) {
            const live = await db.query('select 1 from sessions where token_hash = $1 and revoked_at is null', [hashToken(token)]);
            if (live.length === 0) token = await createSession(db, userId, 3_600_000);
          }
        }
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }

      const seconds = (performance.now() - started) / 1000;
      console.info(
        `fuzz: ${COUNT} requests over ${routes.length} routes in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      if (process.env.FUZZ_PROFILE) {
        const slowest = [...timeByRoute].sort((a, b) => b[1] - a[1]).slice(0, 8);
        console.info(`fuzz: slowest routes ${slowest.map(([r, ms]) => `${r} ${Math.round(ms)} ms`).join('; ')}`);
      }
      expect(unhandled).toEqual([]);
      expect(failures.slice(0, 15), `${failures.length} requests failed (seed ${SEED})`).toEqual([]);
      // the database is still fine afterwards
      expect(await db.query('select 1 as ok')).toEqual([{ ok: 1 }]);
    });
  });
}
