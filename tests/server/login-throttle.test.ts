// Login throttling (issue 17): progressive delays per account + address, per account and per
// address instead of hourly lockouts, on PGlite and on PostgreSQL. The clock is faked (Date only),
// so minutes of waiting take no time; argon2's verify is wrapped to count the work each answer did.
import * as argon2 from '@node-rs/argon2';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError, login } from '../../api';
import { createApp } from '../../server/app';
import { claimLoginAttempt, pruneLoginThrottle } from '../../server/auth/throttle';
import { ConfigError, defaultConfig, loadConfig, type ServerConfig } from '../../server/config';
import type { Db } from '../../server/db/types';
import { MIGRATIONS } from '../../server/db/migrations';
import { runMigrations } from '../../server/db/migrate';
import { createLogger } from '../../server/logger';
import { apiClientFor, bearer, fromAddress, json, loginRequest, openAccountsApp, postJson, type App, type CodeBody, type Credentials } from './accounts-kit';
import { backends, type EnvelopeBody } from './helpers';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});
const verifyCalls = () => vi.mocked(argon2.verify).mock.calls.length;

const RULES = defaultConfig().loginThrottle;
const THROTTLED = /^登录失败次数过多，请 (\d+) 秒后再试$/;

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`login throttling on ${backend.name}`, () => {
    let app: App;
    let db: Db;
    let config: ServerConfig;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ app, db, config, dispose } = await openAccountsApp(backend));
    });
    afterAll(async () => {
      await dispose?.();
    });
    // Only Date is faked: the database drivers keep their real timers.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

    const attempt = async (creds: Credentials, address: string) => {
      const res = await loginRequest(app, creds, {}, fromAddress(address));
      const body = await json<EnvelopeBody>(res);
      const retryAfter = res.headers.get('retry-after');
      if (res.status === 429) {
        // the header and the message name the same wait
        expect(body.retcode).toBe(10003);
        expect(body.retmsg.match(THROTTLED)?.[1]).toBe(retryAfter);
      }
      return { status: res.status, body, retryAfter: retryAfter === null ? null : Number(retryAfter) };
    };

    it('issue 17: 100 wrong passwords from one address leave the owner free to sign in from their usual address and from a new one', async () => {
      const owner: Credentials = { project: 'MLS', account: 'member', password: 'Member@2026' };
      expect((await attempt(owner, '198.51.100.20')).status).toBe(200);

      // The attacker honours every Retry-After, so each guess is really checked.
      let failures = 0;
      let refusals = 0;
      for (let i = 0; failures < 100 && i < 1000; i++) {
        const r = await attempt({ ...owner, password: `guess-${i}` }, '203.0.113.66');
        if (r.status === 429) {
          refusals++;
          expect(r.retryAfter).toBeLessThanOrEqual(RULES.pair.capMs / 1000);
          advance(r.retryAfter!);
        } else {
          expect(r.status).toBe(401);
          failures++;
        }
      }
      expect(failures).toBe(100);

      // Right after the 100th failure: the usual address gets in at once ...
      expect((await attempt(owner, '198.51.100.20')).status).toBe(200);
      // ... and so does a new address: one address's guesses are held by its own pair delay.
      expect((await attempt(owner, '192.0.2.77')).status).toBe(200);
      // while the attacker's address was slowed down and still waits
      expect(refusals).toBeGreaterThan(0);
      expect((await attempt(owner, '203.0.113.66')).status).toBe(429);
    });

    it('the pair delay starts after the free failures, doubles up to its cap, is honoured, and a success resets it', async () => {
      const creds: Credentials = { project: 'MLS', account: 'auditer', password: 'Audit@2026' };
      const from = '198.51.100.30';
      const wrong = { ...creds, password: 'wrong' };
      for (let i = 0; i < RULES.pair.free + 1; i++) expect((await attempt(wrong, from)).status).toBe(401);

      const waits: number[] = [];
      while (waits.at(-1) !== RULES.pair.capMs / 1000 && waits.length < 20) {
        const early = await attempt(wrong, from);
        expect(early.status).toBe(429);
        const wait = early.retryAfter!;
        waits.push(wait);
        // the right password is refused too while the wait runs, so a refusal tells nothing
        expect((await attempt(creds, from)).status).toBe(429);
        if (wait > 1) {
          // one second early is still too early, and asking does not lengthen the wait
          advance(wait - 1);
          expect((await attempt(wrong, from)).retryAfter).toBe(1);
          advance(1);
        } else {
          advance(1);
        }
        expect((await attempt(wrong, from)).status).toBe(401);
      }
      expect(waits.slice(0, 5)).toEqual([1, 2, 4, 8, 16]);
      for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]!);
      expect(waits.at(-1)).toBe(RULES.pair.capMs / 1000);
      // the cap holds however many more guesses come
      for (let i = 0; i < 3; i++) {
        const r = await attempt(wrong, from);
        expect(r.retryAfter).toBe(RULES.pair.capMs / 1000);
        advance(r.retryAfter!);
        expect((await attempt(wrong, from)).status).toBe(401);
      }

      advance(RULES.pair.capMs / 1000);
      expect((await attempt(creds, from)).status).toBe(200);
      // the success cleared the pair: the free failures are free again
      for (let i = 0; i < RULES.pair.free + 1; i++) expect((await attempt(wrong, from)).status).toBe(401);
      expect((await attempt(wrong, from)).status).toBe(429);
    });

    it('a burst of parallel guesses gets one through per opening, not one each', async () => {
      const wrong: Credentials = { project: 'MLS', account: 'readonly', password: 'wrong' };
      const from = '198.51.100.90';
      for (let i = 0; i < RULES.pair.free; i++) expect((await attempt(wrong, from)).status).toBe(401);
      const before = verifyCalls();
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt({ ...wrong, password: `burst-${i}` }, from)));
      expect(burst.map((r) => r.status).sort()).toEqual([401, ...Array(9).fill(429)]);
      expect(verifyCalls() - before).toBe(1);
    });

    it('parallel sign-ins from one address are not refused when one read the clock before another locked the row', async () => {
      // Five people behind one office address sign in at once (as the sample-room tests do): each
      // reads Date.now() and then waits for the address row that the others are updating.
      const from = '198.51.100.91';
      const now = Date.now();
      expect(await claimLoginAttempt(db, 'office/first', from, RULES, now)).toEqual({ allowed: true });
      expect(await claimLoginAttempt(db, 'office/second', from, RULES, now - 50)).toEqual({ allowed: true });
    });

    it('guesses from many addresses slow the account down for new addresses only, at most a minute', async () => {
      const owner: Credentials = { project: 'MLS', account: 'reviewer', password: 'Review@2026' };
      expect((await attempt(owner, '198.51.100.40')).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < RULES.account.free + 10; i++) {
        statuses.push((await attempt({ ...owner, password: 'wrong' }, `203.0.113.${100 + i}`)).status);
      }
      // every address is new, so only the account-wide count can refuse them
      expect(statuses.slice(0, RULES.account.free + 1)).toEqual(Array(RULES.account.free + 1).fill(401));
      expect(statuses.slice(RULES.account.free + 1)).toEqual(Array(9).fill(429));

      expect((await attempt(owner, '198.51.100.40')).status).toBe(200);
      const fresh = await attempt(owner, '192.0.2.140');
      expect(fresh.status).toBe(429);
      expect(fresh.retryAfter).toBeGreaterThanOrEqual(1);
      expect(fresh.retryAfter).toBeLessThanOrEqual(RULES.account.capMs / 1000);
      advance(fresh.retryAfter!);
      expect((await attempt(owner, '192.0.2.140')).status).toBe(200);
    });

    it('300 failures across many accounts from one address slow new accounts there, not its usual users nor other addresses', async () => {
      const shared = '203.0.113.200';
      const regular: Credentials = { project: 'MLS', account: 'inspector', password: 'Inspect@2026' };
      expect((await attempt(regular, shared)).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 300; i++) {
        statuses.push((await attempt({ project: 'MLS', account: `sprayed-${i}`, password: 'Spring2026!' }, shared)).status);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(RULES.address.free + 1);
      expect(statuses.slice(RULES.address.free + 1).every((s) => s === 429)).toBe(true);

      // someone who signs in from there as usual still gets in
      expect((await attempt(regular, shared)).status).toBe(200);
      const newcomer: Credentials = { project: 'MLS', account: 'shencha', password: 'Shencha@2026' };
      const slowed = await attempt(newcomer, shared);
      expect(slowed.status).toBe(429);
      expect(slowed.retryAfter).toBeLessThanOrEqual(RULES.address.capMs / 1000);
      // another address is not touched at all
      expect((await attempt(newcomer, '198.51.100.201')).status).toBe(200);
    });

    it('answers an unknown account exactly like a known one, doing the same password work', async () => {
      const known: Credentials = { project: 'MLS', account: 'designer', password: 'not-it' };
      const unknown: Credentials = { project: 'MLS', account: 'no-such-designer', password: 'not-it' };
      // warm the dummy hash so it is not counted below
      await attempt({ ...unknown, account: 'warm-up' }, '192.0.2.250');
      for (let i = 0; i < RULES.pair.free + 2; i++) {
        const before = verifyCalls();
        const a = await attempt(known, '198.51.100.50');
        const knownWork = verifyCalls() - before;
        const b = await attempt(unknown, '198.51.100.51');
        const unknownWork = verifyCalls() - before - knownWork;
        expect(b).toEqual(a);
        // one argon2 verify each for a checked guess, none for a refused one
        expect([knownWork, unknownWork]).toEqual(a.status === 401 ? [1, 1] : [0, 0]);
      }
      const last = await attempt(known, '198.51.100.50');
      expect(last.status).toBe(429);
      expect(await attempt(unknown, '198.51.100.51')).toEqual(last);
    });

    it('counts one account whatever its case and surrounding spaces', async () => {
      const spellings = ['Expired', 'expired', ' EXPIRED ', 'eXpired', 'expired  ', 'EXPIRED'];
      for (const account of spellings) expect((await attempt({ project: 'mls', account, password: 'wrong' }, '198.51.100.80')).status).toBe(401);
      expect((await attempt({ project: ' MLS ', account: 'expired', password: 'wrong' }, '198.51.100.80')).status).toBe(429);
    });

    it('the refusal is translated, and is what the real client hands the login screen', async () => {
      const creds: Credentials = { project: 'MLS', account: 'ui-probe', password: 'wrong' };
      for (let i = 0; i < RULES.pair.free + 1; i++) expect((await attempt(creds, '198.51.100.60')).status).toBe(401);
      const en = await loginRequest(app, creds, { 'Accept-Language': 'en' }, fromAddress('198.51.100.60'));
      expect(en.status).toBe(429);
      expect(en.headers.get('retry-after')).toBe('1');
      expect(await json(en)).toEqual({ retcode: 10003, retmsg: 'Too many failed sign-in attempts; please wait 1 s and try again', retdata: null });

      // ui/screens/login.tsx shows serverMessage of a response error; app.request without a socket is 'unknown'
      const client = apiClientFor(app);
      for (let i = 0; i < RULES.pair.free + 1; i++) await login(client, creds).catch(() => undefined);
      const refused = await login(client, creds).catch((e: unknown) => e);
      expect(isApiError(refused) && refused.status).toBe(429);
      expect(isApiError(refused) && refused.serverMessage).toBe('登录失败次数过多，请 1 秒后再试');
    });

    it('the current password of a password change counts against the same pair', async () => {
      const creds: Credentials = { project: 'MLS', account: 'admin', password: 'Admin@2026' };
      const from = '198.51.100.70';
      const signIn = await loginRequest(app, creds, {}, fromAddress(from));
      const token = (await json<{ retdata: { token: string } }>(signIn)).retdata.token;
      const change = (oldPassword: string) =>
        postJson(app, '/account2/password', { oldPassword, newPassword: 'Better#Pass1' }, bearer(token), fromAddress(from));
      for (let i = 0; i < RULES.pair.free + 1; i++) expect((await change('nope')).status).toBe(400);
      const refused = await change('nope');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await json<CodeBody>(refused)).toEqual({ code: 10003, msg: '登录失败次数过多，请 1 秒后再试', data: null });
      // the sign-in on that address is throttled alike
      expect((await attempt({ ...creds, password: 'nope' }, from)).status).toBe(429);
    });

    it('keeps its state in the database and prunes what no longer counts', async () => {
      const now = Date.now();
      await db.query(
        `insert into login_throttle (kind, account_key, address, failures, last_failure_at) values
           ('pair', 'prune/old', '10.9.0.1', 3, to_timestamp($1::double precision / 1000)),
           ('pair', 'prune/new', '10.9.0.1', 3, to_timestamp($2::double precision / 1000)),
           ('address', '', '10.9.0.2', 50, to_timestamp($3::double precision / 1000))`,
        [now - 3 * RULES.pair.leakMs - 1000, now - 3 * RULES.pair.leakMs + 60_000, now - 49 * RULES.address.leakMs],
      );
      await db.query(
        `insert into login_known_addresses (account_key, address, last_success_at) values
           ('prune/old', '10.9.0.1', to_timestamp($1::double precision / 1000)),
           ('prune/new', '10.9.0.1', to_timestamp($2::double precision / 1000))`,
        [now - RULES.knownAddressMs - 1000, now - RULES.knownAddressMs + 60_000],
      );
      await pruneLoginThrottle(db, RULES, now);
      const left = await db.query<{ account_key: string; address: string }>(
        `select account_key, address from login_throttle where account_key like 'prune/%' or address like '10.9.%' order by 1, 2`,
      );
      expect(left).toEqual([
        { account_key: '', address: '10.9.0.2' },
        { account_key: 'prune/new', address: '10.9.0.1' },
      ]);
      const known = await db.query<{ account_key: string }>(`select account_key from login_known_addresses where account_key like 'prune/%'`);
      expect(known).toEqual([{ account_key: 'prune/new' }]);
    });

    it('warns once, when requests carry X-Forwarded-For but TRUST_PROXY is off', async () => {
      const lines: string[] = [];
      const logger = createLogger({ level: 'warn', write: (line) => lines.push(line) });
      const warnings = () => lines.filter((l) => l.includes('TRUST_PROXY'));
      const untrusted = createApp({ db, config: { ...config, trustProxy: false }, logger });
      const creds = { action: 'login', project: 'MLS', account: 'proxy-probe', password: 'wrong' };
      await postJson(untrusted, '/api/session', creds, {}, fromAddress('10.1.0.1'));
      expect(warnings()).toHaveLength(0);
      for (let i = 0; i < 2; i++) await postJson(untrusted, '/api/session', creds, { 'X-Forwarded-For': `192.0.2.${i}` }, fromAddress('10.1.0.1'));
      expect(warnings()).toHaveLength(1);
      expect(JSON.parse(warnings()[0]!)).toMatchObject({ level: 'warn', msg: expect.stringContaining('set TRUST_PROXY=1') });

      const trustedLines: string[] = [];
      const trusted = createApp({
        db,
        config: { ...config, trustProxy: true },
        logger: createLogger({ level: 'warn', write: (line) => trustedLines.push(line) }),
      });
      await postJson(trusted, '/api/session', creds, { 'X-Forwarded-For': '192.0.2.9' }, fromAddress('10.1.0.1'));
      expect(trustedLines.filter((l) => l.includes('TRUST_PROXY'))).toHaveLength(0);
    });
  });

  describe.skipIf(!backend.available)(`migration 43 on ${backend.name}`, () => {
    it('replaces the hourly failure rows with the delay and usual-address tables', async () => {
      const { db, dispose } = await backend.open();
      try {
        await runMigrations(db, MIGRATIONS.filter((m) => m.id < 43));
        await db.query(`insert into login_failures (account_key, address) values ('mls/member', '192.0.2.1')`);
        const report = await runMigrations(db, MIGRATIONS.filter((m) => m.id <= 43));
        expect(report.applied).toContain(43);
        const tables = await db.query<{ table_name: string }>(
          `select table_name from information_schema.tables
           where table_schema = current_schema() and table_name in ('login_failures', 'login_throttle', 'login_known_addresses')
           order by 1`,
        );
        expect(tables.map((t) => t.table_name)).toEqual(['login_known_addresses', 'login_throttle']);
      } finally {
        await dispose();
      }
    });
  });
}

describe('login throttle settings', () => {
  it('has the documented defaults and reads the new variables', () => {
    const rules = loadConfig({}).loginThrottle;
    expect(rules.pair).toMatchObject({ free: 5, baseMs: 1000, capMs: 300_000 });
    expect(rules.account).toMatchObject({ free: 20, capMs: 60_000, leakMs: 36_000 });
    expect(rules.address).toMatchObject({ free: 100, capMs: 30_000 });
    const tuned = loadConfig({ LOGIN_FREE_FAILURES: '3', LOGIN_MAX_DELAY_S: '120', LOGIN_ACCOUNT_FREE_FAILURES: '50', LOGIN_ADDRESS_FREE_FAILURES: '1000' }).loginThrottle;
    expect([tuned.pair.free, tuned.pair.capMs, tuned.account.free, tuned.address.free]).toEqual([3, 120_000, 50, 1000]);
    expect(() => loadConfig({ LOGIN_FREE_FAILURES: '0' })).toThrow(ConfigError);
  });

  it('refuses the old hard-limit variables with a message naming their replacement', () => {
    for (const gone of ['LOGIN_MAX_FAILURES_PER_ACCOUNT', 'LOGIN_MAX_FAILURES_PER_ADDRESS']) {
      expect(() => loadConfig({ [gone]: '100' })).toThrow(/no longer used.*LOGIN_FREE_FAILURES/);
    }
  });
});
