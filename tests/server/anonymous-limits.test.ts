// Issue 17: request-rate limits of the routes anyone can reach without a session, and bounded
// retention of the event log and usage tables, on PGlite and on PostgreSQL. The finding: anonymous
// event-log posts were unlimited (8,400 rows/s from 10 connections) and never pruned.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encryptEventLogs, type EventLog } from '../../api';
import { createApp } from '../../server/app';
import { ConfigError, defaultConfig, loadConfig, type RetentionConfig, type ServerConfig } from '../../server/config';
import { runMigrations } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';
import { DEFAULT_RATE_LIMITS, RateLimiter, addressKey, scaledRateLimits, type RateLimitName, type RateLimits } from '../../server/http/rate-limit';
import { silentLogger } from '../../server/logger';
import { DEMO_ACCOUNTS, seedDemoData } from '../../server/seed';
import { EVENT_LOG_CONTENT_MAX } from '../../server/routes/usage-event-log';
import { EVENT_LOG_PRUNE_INTERVAL_MS, maybePruneUsage, pruneUsageNow } from '../../server/usage/retention';
import { bearer, fromAddress, loginToken, postJson, type App } from './accounts-kit';
import { backends } from './helpers';

const DAY = 24 * 3_600_000;
const LOG: EventLog = { event: 'usage_batch', content: { function_name: 'drawWall', number_of_calls: 3 }, appid: 'design', env: 'test', version: '1.0.0' };

describe('RateLimiter (token bucket, injected clock)', () => {
  it('lets a burst through, refuses past it with the seconds to wait, and refills at the rate', () => {
    let t = 1_000_000;
    const limiter = new RateLimiter({ burst: 3, perMinute: 6 }, () => t);
    for (let i = 0; i < 3; i++) expect(limiter.take('a')).toEqual({ allowed: true });
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterS: 10 });
    expect(limiter.take('b')).toEqual({ allowed: true }); // keys are independent
    t += 9_999;
    expect(limiter.take('a').allowed).toBe(false);
    t += 1;
    expect(limiter.take('a')).toEqual({ allowed: true });
    t += 3_600_000; // an hour idle refills to the burst, not beyond
    for (let i = 0; i < 3; i++) expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
  });

  it('charges a cost; a cost above the burst needs a full bucket', () => {
    let t = 0;
    const limiter = new RateLimiter({ burst: 100, perMinute: 60 }, () => t);
    expect(limiter.take('x', 60).allowed).toBe(true);
    expect(limiter.take('x', 60)).toEqual({ allowed: false, retryAfterS: 20 });
    t += 60_000;
    expect(limiter.take('x', 500).allowed).toBe(true); // refilled to 100 = burst
    expect(limiter.take('x', 1).allowed).toBe(false);
  });

  it('keeps at most maxKeys buckets, dropping refilled ones first', () => {
    let t = 0;
    const limiter = new RateLimiter({ burst: 2, perMinute: 60 }, () => t, 100);
    limiter.take('busy');
    limiter.take('busy');
    for (let i = 0; i < 500; i++) {
      t += 1;
      limiter.take(`addr-${i}`);
    }
    expect(limiter.size).toBeLessThanOrEqual(100);
  });
});

describe('addressKey', () => {
  it('counts IPv6 by its /64 and IPv4 as is', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('rate-limit and retention settings', () => {
  it('RATE_LIMIT_FACTOR scales every bucket, 0 turns them off, nonsense is refused', () => {
    expect(loadConfig({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(loadConfig({}).rateLimits.eventLog).toEqual(DEFAULT_RATE_LIMITS.eventLog);
    expect(loadConfig({ RATE_LIMIT_FACTOR: '2' }).rateLimits.login).toEqual({ burst: 120, perMinute: 120 });
    expect(Object.values(loadConfig({ RATE_LIMIT_FACTOR: '0' }).rateLimits).every((l) => l === null)).toBe(true);
    expect(() => loadConfig({ RATE_LIMIT_FACTOR: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_FACTOR: '-1' })).toThrow(/RATE_LIMIT_FACTOR/);
  });

  it('retention comes from EVENT_LOG_MAX_AGE_DAYS, EVENT_LOG_MAX_ROWS, USAGE_MAX_AGE_DAYS, USAGE_MAX_ROWS', () => {
    expect(loadConfig({}).retention).toEqual({ eventLogMaxAgeMs: 30 * DAY, eventLogMaxRows: 200_000, usageMaxAgeMs: 400 * DAY, usageMaxRows: 2_000_000 });
    const r = loadConfig({ EVENT_LOG_MAX_AGE_DAYS: '7', EVENT_LOG_MAX_ROWS: '1000', USAGE_MAX_AGE_DAYS: '90', USAGE_MAX_ROWS: '5000' }).retention;
    expect(r).toEqual({ eventLogMaxAgeMs: 7 * DAY, eventLogMaxRows: 1000, usageMaxAgeMs: 90 * DAY, usageMaxRows: 5000 });
    expect(() => loadConfig({ EVENT_LOG_MAX_ROWS: '5' })).toThrow(/EVENT_LOG_MAX_ROWS/);
  });

  it('the honest sizes hold: an office of 50 behind one address posting a usage batch every 10 s stays under the event-log bucket', () => {
    // 50 pages x 6 posts a minute = 300 a minute, half the per-address refill
    expect(DEFAULT_RATE_LIMITS.eventLog.perMinute).toBeGreaterThanOrEqual(2 * 50 * 6);
  });
});

/** Every bucket at its default except the named ones. */
function limitsWith(overrides: Partial<RateLimits>): RateLimits {
  return { ...scaledRateLimits(1), ...overrides };
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`anonymous request limits and usage retention on ${backend.name}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let clock = Date.UTC(2026, 10, 26, 12);
    const now = () => clock;
    /** An app on the shared database with its own buckets and the fake clock. */
    const appWith = (overrides: Partial<ServerConfig> = {}): App =>
      createApp({
        db,
        // defaultConfig() turns the limits off for other suites: here they run with the production table
        config: defaultConfig({ distDir: '/nonexistent-dist-for-tests', trustProxy: true, rateLimits: scaledRateLimits(1), ...overrides }),
        logger: silentLogger,
        now,
      });
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const eventLogPost = async (app: App, entries: number, headers: Record<string, string> = {}) =>
      postJson(app, '/bigdata/acquisition/event-log', { appid: 'design', payload: await encryptEventLogs(Array.from({ length: entries }, () => LOG)) }, headers);
    const count = async (where = 'true') => Number((await db.query<{ n: number }>(`select count(*)::int as n from event_logs where ${where}`))[0]!.n);

    beforeAll(async () => {
      const opened = await backend.open();
      db = opened.db;
      dispose = opened.dispose;
      await runMigrations(db);
      await seedDemoData(db);
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('the finding: a burst of anonymous 200-entry posts from one address stops at the anonymous row budget (defaults)', async () => {
      await db.query('delete from event_logs');
      const app = appWith();
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await eventLogPost(app, 200, from('198.51.100.1'))).status);
      // anonymous rows: burst 1,200 = 6 posts of 200; before the limit all 20 (4,000 rows) were stored
      expect(statuses.filter((s) => s === 200)).toHaveLength(DEFAULT_RATE_LIMITS.eventLogAnonymousRows.burst / 200);
      expect(statuses.slice(6).every((s) => s === 429)).toBe(true);
      expect(await count()).toBe(1_200);
      // a minute later the bucket has refilled by its rate, and no more
      clock += 60_000;
      const later: number[] = [];
      for (let i = 0; i < 10; i++) later.push((await eventLogPost(app, 200, from('198.51.100.1'))).status);
      expect(later.filter((s) => s === 200)).toHaveLength(DEFAULT_RATE_LIMITS.eventLogAnonymousRows.perMinute / 200);
      expect(await count()).toBe(1_800);
    });

    it('many addresses against one tenant: the per-tenant row bucket bounds what is stored', async () => {
      await db.query('delete from event_logs');
      const app = appWith({ rateLimits: limitsWith({ eventLogRows: { burst: 1_000, perMinute: 500 } }) });
      const token = await loginToken(app, { project: 'MLS', account: 'designer', password: 'Designer@2026' });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await eventLogPost(app, 200, { ...bearer(token), ...from(`203.0.113.${i + 1}`) })).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
      expect(await count(`project_code = 'MLS'`)).toBe(1_000);
      // another tenant is not held up by MLS's flood
      const other = await loginToken(app, { project: 'BCLS', account: 'designer', password: 'Designer@2026' });
      expect((await eventLogPost(app, 200, { ...bearer(other), ...from('203.0.113.99') })).status).toBe(200);
    });

    it('honest use passes: 10 designers behind one address, a usage batch every 10 s for 5 minutes, plus their page loads', async () => {
      await db.query('delete from event_logs');
      const app = appWith();
      const office = from('192.0.2.77');
      const tokens: string[] = [];
      for (const account of DEMO_ACCOUNTS.filter((a) => a.project === 'MLS').slice(0, 10)) {
        expect((await app.request('/api/projects', { headers: office })).status).toBe(200);
        const res = await postJson(app, '/api/session', { action: 'login', project: account.project, account: account.account, password: account.password }, office);
        expect(res.status).toBe(200);
        tokens.push(((await res.json()) as { retdata: { token: string } }).retdata.token);
      }
      const refused: number[] = [];
      for (let tick = 0; tick < 30; tick++) {
        clock += 10_000;
        for (const token of tokens) {
          const res = await eventLogPost(app, 3, { ...bearer(token), ...office });
          if (res.status !== 200) refused.push(res.status);
        }
      }
      expect(refused).toEqual([]);
      expect(await count(`project_code = 'MLS'`)).toBe(30 * 10 * 3);
    });

    it('the retention job removes rows past the age cap and trims each tenant to the row cap', async () => {
      await db.query('delete from event_logs');
      await db.query('delete from user_events');
      const insertLog = (project: string | null, ageMs: number, n: number) =>
        db.query(
          `insert into event_logs (appid, project_code, event, content, env, version, created_at)
           select 'design', $1, 'e' || g, '{}'::jsonb, 'test', '1', now() - ($2::bigint * interval '1 millisecond') + g * interval '1 millisecond'
           from generate_series(1, $3::int) g`,
          [project, ageMs, n],
        );
      await insertLog('MLS', 40 * DAY, 5); // past the age cap
      await insertLog('MLS', DAY, 30); // recent, over the row cap of 20
      await insertLog(null, 60_000, 25); // anonymous tenant, over the cap
      await insertLog('BCLS', DAY, 10); // under both caps
      await db.query(
        `insert into user_events (project_code, event, created_at)
         select 'MLS', 'visitDesignTool', now() - ($1::bigint * interval '1 millisecond') from generate_series(1, 4)`,
        [500 * DAY],
      );
      await db.query(`insert into user_events (project_code, event) select 'MLS', 'createScene' from generate_series(1, 6)`);
      const retention: RetentionConfig = { eventLogMaxAgeMs: 30 * DAY, eventLogMaxRows: 20, usageMaxAgeMs: 400 * DAY, usageMaxRows: 5 };
      const newestMls = await db.query<{ id: number }>(`select id from event_logs where project_code = 'MLS' order by created_at desc, id desc limit 20`);

      const report = await pruneUsageNow(db, retention);
      expect(report.event_logs).toBe(5 + 10 + 5);
      expect(await count(`project_code = 'MLS'`)).toBe(20);
      const kept = await db.query<{ id: number }>(`select id from event_logs where project_code = 'MLS' order by created_at desc, id desc`);
      expect(kept).toEqual(newestMls);
      expect(await count('project_code is null')).toBe(20);
      expect(await count(`project_code = 'BCLS'`)).toBe(10);
      expect(await count(`created_at < now() - interval '30 days'`)).toBe(0);
      // usage table: the 500-day-old rows go by age, then the cap keeps the newest 5
      expect(report.user_events).toBe(5);
      const events = await db.query<{ event: string }>(`select event from user_events`);
      expect(events).toEqual(Array.from({ length: 5 }, () => ({ event: 'createScene' })));
      // a second run finds nothing
      expect(await pruneUsageNow(db, retention)).toMatchObject({ event_logs: 0, user_events: 0 });
    });

    it('event-log posts start the prune at most once per interval per process, so stored rows stay near the cap', async () => {
      await db.query('delete from event_logs');
      const retention: RetentionConfig = { ...defaultConfig().retention, eventLogMaxRows: 100 };
      const app = appWith({ retention, rateLimits: limitsWith({ eventLogAnonymousRows: { burst: 200, perMinute: 200 } }) });
      // the prune of a post runs in the background; the retention state is per database: make one due
      clock += EVENT_LOG_PRUNE_INTERVAL_MS;
      expect((await eventLogPost(app, 150, from('198.51.100.20'))).status).toBe(200);
      await vi.waitFor(async () => expect(await count()).toBe(100), { timeout: 10_000 });
      // within the interval no prune starts, and the bucket bounds what arrives meanwhile
      expect(maybePruneUsage({ db, logger: silentLogger, retention }, clock + 1_000)).toBeNull();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await eventLogPost(app, 100, from(`198.51.100.${30 + i}`))).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(0); // 150 of 200 spent, 100 does not fit
      clock += EVENT_LOG_PRUNE_INTERVAL_MS;
      expect((await eventLogPost(app, 100, from('198.51.100.40'))).status).toBe(200);
      await vi.waitFor(async () => expect(await count()).toBe(100), { timeout: 10_000 });
    });

    it('stores at most EVENT_LOG_CONTENT_MAX characters of one entry', async () => {
      await db.query('delete from event_logs');
      const app = appWith();
      const big: EventLog = { ...LOG, event: 'huge', content: { message: 'x'.repeat(100_000) } };
      const payload = await encryptEventLogs([big]);
      expect((await postJson(app, '/bigdata/acquisition/event-log', { appid: 'design', payload }, from('198.51.100.50'))).status).toBe(200);
      const [row] = await db.query<{ content: { truncated: boolean; length: number; head: string } }>(`select content from event_logs where event = 'huge'`);
      expect(row!.content.truncated).toBe(true);
      expect(row!.content.length).toBe(JSON.stringify(big.content).length);
      expect(row!.content.head).toHaveLength(EVENT_LOG_CONTENT_MAX);
    });

    describe('every anonymous endpoint answers 429 past its limit, with Retry-After and a zh/en message', () => {
      interface Row {
        name: string;
        bucket: RateLimitName;
        /** the i-th request; varying addresses for the per-tenant buckets */
        send: (app: App, i: number) => Promise<Response>;
        /** a session for the route, when it needs one (the cheap signed-in usage calls) */
        signedIn?: boolean;
      }
      let token = '';
      const get = (path: string, address: string) => async (app: App) => app.request(path, { headers: from(address) });
      const rows: Row[] = [
        {
          name: 'POST /api/session (per address)',
          bucket: 'login',
          send: (app) => postJson(app, '/api/session', { action: 'login', project: 'MLS', account: 'designer', password: 'wrong' }, from('10.1.0.1')),
        },
        {
          name: 'POST /api/session (per project, many addresses)',
          bucket: 'loginProject',
          send: (app, i) => postJson(app, '/api/session', { action: 'login', project: 'yfang', account: 'nobody', password: 'wrong' }, from(`10.2.0.${i + 1}`)),
        },
        { name: 'GET /api/projects', bucket: 'publicRead', send: get('/api/projects', '10.3.0.1') },
        { name: 'DELETE /account2/session', bucket: 'publicRead', send: async (app) => app.request('/account2/session', { method: 'DELETE', headers: from('10.4.0.1') }) },
        { name: 'POST /api/admin/utility minhuaAccountLogout', bucket: 'utility', send: (app) => postJson(app, '/api/admin/utility', { action: 'minhuaAccountLogout' }, from('10.5.0.1')) },
        {
          name: 'POST /api/client/utility auto_save_scene',
          bucket: 'utility',
          send: (app) => postJson(app, '/api/client/utility', { action: 'auto_save_scene', filecontnt: '{}' }, from('10.6.0.1')),
        },
        { name: 'POST /bigdata/acquisition/event-log (per address)', bucket: 'eventLog', send: (app) => eventLogPost(app, 1, from('10.7.0.1')) },
        {
          name: 'POST /bigdata/acquisition/event-log (anonymous rows, many addresses)',
          bucket: 'eventLogAnonymousRows',
          send: (app, i) => eventLogPost(app, 1, from(`10.8.0.${i + 1}`)),
        },
        {
          name: 'POST /bigdata/acquisition/event-log (tenant rows, many addresses)',
          bucket: 'eventLogRows',
          send: (app, i) => eventLogPost(app, 1, { ...bearer(token), ...from(`10.9.0.${i + 1}`) }),
          signedIn: true,
        },
        { name: 'GET /meta20/scene-share/get-by-share-code (per address)', bucket: 'share', send: get('/meta20/scene-share/get-by-share-code?shareCode=ABCDEFGHIJ', '10.10.0.1') },
        {
          name: 'GET /meta20/scene-share/get-by-share-code (per code, many addresses)',
          bucket: 'shareCode',
          send: (app, i) => get('/meta20/scene-share/get-by-share-code?shareCode=KLMNOPQRST', `10.11.0.${i + 1}`)(app),
        },
        { name: 'GET /files/share/<code>/scene', bucket: 'share', send: get('/files/share/ABCDEFGHIJ/scene', '10.12.0.1') },
        { name: 'GET /files/share/<code>/preview (per code)', bucket: 'shareCode', send: (app, i) => get('/files/share/UVWXYZABCD/preview', `10.13.0.${i + 1}`)(app) },
        { name: 'GET /files/catalogue/...', bucket: 'catalogueFiles', send: get('/files/catalogue/catalogue/none.png', '10.14.0.1') },
        {
          name: 'POST /api/admin/statistics (per user)',
          bucket: 'usage',
          send: (app) => postJson(app, '/api/admin/statistics', { action: 'storeUserEvent', event: 'visitDesignTool' }, bearer(token)),
          signedIn: true,
        },
        {
          name: 'POST /api/admin/source/button-use-record (per tenant)',
          bucket: 'usageProject',
          send: (app) => postJson(app, '/api/admin/source/button-use-record', { button_type: 'render' }, bearer(token)),
          signedIn: true,
        },
      ];

      for (const row of rows) {
        it(row.name, async () => {
          const app = appWith({ rateLimits: limitsWith({ [row.bucket]: { burst: 2, perMinute: 2 } }) });
          if (row.signedIn) token = await loginToken(app, { project: 'yfang', account: 'designer', password: 'Design@2026' });
          for (let i = 0; i < 2; i++) expect((await row.send(app, i)).status, `request ${i + 1}`).not.toBe(429);
          const refused = await row.send(app, 2);
          expect(refused.status).toBe(429);
          expect(refused.headers.get('Retry-After')).toBe('30');
          expect(await refused.text()).toContain('请求过于频繁，请 30 秒后再试');
          // still refused until the bucket refills, then one more passes
          const again = await row.send(app, 3);
          expect(again.status).toBe(429);
          clock += 30_000;
          expect((await row.send(app, 4)).status).not.toBe(429);
        });
      }

      it('the refusal speaks English to an English client', async () => {
        const app = appWith({ rateLimits: limitsWith({ publicRead: { burst: 1, perMinute: 1 } }) });
        const headers = { ...from('10.20.0.1'), 'Accept-Language': 'en' };
        expect((await app.request('/api/projects', { headers })).status).toBe(200);
        const res = await app.request('/api/projects', { headers });
        expect(res.status).toBe(429);
        expect(await res.json()).toEqual({ retcode: 429, retmsg: 'Too many requests; try again in 60 seconds', retdata: null });
      });

      it('/healthz is not limited', async () => {
        const app = appWith({ rateLimits: scaledRateLimits(0.001) });
        for (let i = 0; i < 5; i++) expect((await app.request('/healthz', { headers: from('10.21.0.1') })).status).toBe(200);
      });
    });

    it('the socket address counts when no proxy is trusted', async () => {
      const app = createApp({
        db,
        config: defaultConfig({ distDir: '/nonexistent', rateLimits: limitsWith({ publicRead: { burst: 1, perMinute: 1 } }) }),
        logger: silentLogger,
        now,
      });
      expect((await app.request('/api/projects', { headers: from('1.1.1.1') }, fromAddress('192.0.2.1'))).status).toBe(200);
      // a made-up X-Forwarded-For does not buy a fresh bucket
      expect((await app.request('/api/projects', { headers: from('2.2.2.2') }, fromAddress('192.0.2.1'))).status).toBe(429);
      expect((await app.request('/api/projects', {}, fromAddress('192.0.2.2'))).status).toBe(200);
      // another address of the same IPv6 /64 is the same client
      expect((await app.request('/api/projects', {}, fromAddress('2001:db8:5:6::1'))).status).toBe(200);
      expect((await app.request('/api/projects', {}, fromAddress('2001:db8:5:6:ffff::2'))).status).toBe(429);
      expect((await app.request('/api/projects', {}, fromAddress('2001:db8:5:7::1'))).status).toBe(200);
    });
  });
}
