// Usage records, statistics and the encrypted event log, on PGlite and on PostgreSQL.
import { createCipheriv, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEV_EVENT_LOG_KEY as API_DEV_KEY,
  addUseRecord,
  buttonUseRecord,
  encryptEventLogs,
  sendEventLogs,
  storeSourceUsed,
  storeUserEvent,
  storeUserOnlineTime,
  type EventLog,
} from '../../api';
import { DEV_EVENT_LOG_KEY, loadConfig } from '../../server/config';
import type { Db } from '../../server/db/types';
import { apiClientFor, bearer, json, loginToken, openAccountsApp, postJson, type App } from './accounts-kit';
import { backends } from './helpers';

const LOG: EventLog = { event: 'vue_catch_error', content: { tag: 'Home', message: 'x is undefined', scene: 12 }, appid: 'design', env: 'test', version: '1.0.0' };

/** What a client other than ours would send: iv || ciphertext || tag, base64. */
function sealWithNode(plain: string, keyBase64 = DEV_EVENT_LOG_KEY): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyBase64, 'base64'), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64');
}

describe('event-log key', () => {
  it('the client and the server share the development default', () => {
    expect(API_DEV_KEY).toBe(DEV_EVENT_LOG_KEY);
    expect(loadConfig({}).eventLogKey).toBe(DEV_EVENT_LOG_KEY);
    expect(Buffer.from(DEV_EVENT_LOG_KEY, 'base64')).toHaveLength(32);
  });

  it('EVENT_LOG_KEY must be 32 bytes of base64', () => {
    const key = randomBytes(32).toString('base64');
    expect(loadConfig({ EVENT_LOG_KEY: key }).eventLogKey).toBe(key);
    expect(() => loadConfig({ EVENT_LOG_KEY: 'short' })).toThrow(/EVENT_LOG_KEY/);
    expect(() => loadConfig({ EVENT_LOG_KEY: randomBytes(16).toString('base64') })).toThrow(/EVENT_LOG_KEY/);
  });
});

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`usage and statistics on ${backend.name}`, () => {
    let app: App;
    let db: Db;
    let dispose: () => Promise<void>;
    let token: string;
    let userId: number;

    beforeAll(async () => {
      ({ app, db, dispose } = await openAccountsApp(backend));
      token = await loginToken(app, { project: 'MLS', account: 'designer', password: 'Designer@2026' });
      const [row] = await db.query<{ id: number }>(`select id from users where project_code = 'MLS' and account = 'designer'`);
      userId = row!.id;
    });
    afterAll(async () => {
      await dispose?.();
    });

    const post = (path: string, body: unknown, headers: Record<string, string> = bearer(token)) => postJson(app, path, body, headers);

    describe('source and button use records', () => {
      it('stores add-use-record with the user and project of the session', async () => {
        const res = await post('/api/admin/source/add-use-record', { source_id: 12345, source_type: 'model' });
        expect(res.status).toBe(200);
        const body = await json<{ retcode: number; retdata: { id: number } }>(res);
        expect(body.retcode).toBe(0);
        const rows = await db.query('select project_code, user_id, source_id, source_type from source_use_records where id = $1', [body.retdata.id]);
        expect(rows).toEqual([{ project_code: 'MLS', user_id: userId, source_id: '12345', source_type: 'model' }]);
      });

      it('stores button-use-record', async () => {
        const body = await json<{ retdata: { id: number } }>(await post('/api/admin/source/button-use-record', { button_type: 'render' }));
        const rows = await db.query('select button_type, user_id from button_use_records where id = $1', [body.retdata.id]);
        expect(rows).toEqual([{ button_type: 'render', user_id: userId }]);
      });

      it('names the bad field and needs a session', async () => {
        const cases: [string, unknown, string][] = [
          ['/api/admin/source/add-use-record', { source_type: 'model' }, 'source_id'],
          ['/api/admin/source/add-use-record', { source_id: 1.5, source_type: 'model' }, 'source_id'],
          ['/api/admin/source/add-use-record', { source_id: 1, source_type: { $ne: 1 } }, 'source_type'],
          ['/api/admin/source/add-use-record', { source_id: 'x'.repeat(65), source_type: 'm' }, 'source_id'],
          ['/api/admin/source/button-use-record', { button_type: null }, 'button_type'],
          ['/api/admin/source/button-use-record', { button_type: 1e300 }, 'button_type'],
        ];
        for (const [path, body, field] of cases) {
          const res = await post(path, body);
          expect(res.status, JSON.stringify(body)).toBe(400);
          expect(await json(res)).toMatchObject({ retcode: 400, retdata: { field } });
        }
        expect((await post('/api/admin/source/button-use-record', { button_type: 'x' }, {})).status).toBe(401);
      });
    });

    describe('POST /api/admin/statistics', () => {
      it('storeUserEvent keeps each of the five events', async () => {
        for (const event of ['createScene', 'createRender', 'createPano', 'visitWorkbenches', 'visitDesignTool']) {
          expect((await post('/api/admin/statistics', { action: 'storeUserEvent', event })).status).toBe(200);
        }
        const rows = await db.query<{ event: string }>('select event from user_events where user_id = $1 order by id', [userId]);
        expect(rows.map((r) => r.event)).toEqual(['createScene', 'createRender', 'createPano', 'visitWorkbenches', 'visitDesignTool']);
        const bad = await post('/api/admin/statistics', { action: 'storeUserEvent', event: 'hack' });
        expect(await json(bad)).toMatchObject({ retcode: 400, retdata: { field: 'event' } });
      });

      it('storeUserOnlineTime keeps the minutes (field mintue)', async () => {
        expect((await post('/api/admin/statistics', { action: 'storeUserOnlineTime', mintue: 30 })).status).toBe(200);
        expect((await post('/api/admin/statistics', { action: 'storeUserOnlineTime', mintue: '15' })).status).toBe(200);
        const rows = await db.query<{ minutes: number }>('select minutes from user_online_time where user_id = $1 order by id', [userId]);
        expect(rows.map((r) => r.minutes)).toEqual([30, 15]);
        for (const mintue of [-1, 1441, 2.5, 'lots', null, 1e308]) {
          const res = await post('/api/admin/statistics', { action: 'storeUserOnlineTime', mintue });
          expect(res.status, String(mintue)).toBe(400);
          expect(await json(res)).toMatchObject({ retdata: { field: 'mintue' } });
        }
      });

      it('storeSourceUsed keeps modelAgent and pavingAgent only', async () => {
        expect((await post('/api/admin/statistics', { action: 'storeSourceUsed', source_type: 'modelAgent', source_id: 77 })).status).toBe(200);
        expect((await post('/api/admin/statistics', { action: 'storeSourceUsed', source_type: 'pavingAgent', source_id: 'p-9' })).status).toBe(200);
        const rows = await db.query('select source_type, source_id from source_used where user_id = $1 order by id', [userId]);
        expect(rows).toEqual([
          { source_type: 'modelAgent', source_id: '77' },
          { source_type: 'pavingAgent', source_id: 'p-9' },
        ]);
        const bad = await post('/api/admin/statistics', { action: 'storeSourceUsed', source_type: 'tileAgent', source_id: 1 });
        expect(await json(bad)).toMatchObject({ retdata: { field: 'source_type' } });
      });

      it('an unknown action names action; no session is a 401', async () => {
        expect(await json(await post('/api/admin/statistics', { action: 'dropAll' }))).toMatchObject({ retcode: 400, retdata: { field: 'action' } });
        expect((await post('/api/admin/statistics', { action: 'storeUserEvent', event: 'createScene' }, {})).status).toBe(401);
      });
    });

    describe('POST /bigdata/acquisition/event-log', () => {
      it('decrypts, validates and stores each entry (with the user when signed in)', async () => {
        const payload = await encryptEventLogs([LOG, { ...LOG, event: 'backup_error', content: 'timed backup failed' }]);
        const res = await post('/bigdata/acquisition/event-log', { appid: 'design', payload });
        expect(res.status).toBe(200);
        expect(await json(res)).toEqual({ retcode: 0, retmsg: '成功', retdata: { stored: 2 } });
        const rows = await db.query('select appid, project_code, user_id, event, content, env, version from event_logs order by id');
        expect(rows).toEqual([
          { appid: 'design', project_code: 'MLS', user_id: userId, event: 'vue_catch_error', content: LOG.content, env: 'test', version: '1.0.0' },
          { appid: 'design', project_code: 'MLS', user_id: userId, event: 'backup_error', content: 'timed backup failed', env: 'test', version: '1.0.0' },
        ]);
      });

      it('accepts a bare array sealed by another AES-GCM implementation, without a session', async () => {
        const payload = sealWithNode(JSON.stringify([{ ...LOG, event: 'anon' }]));
        const res = await post('/bigdata/acquisition/event-log', { appid: 'design', payload }, {});
        expect(await json(res)).toMatchObject({ retcode: 0, retdata: { stored: 1 } });
        const [row] = await db.query(`select user_id, project_code from event_logs where event = 'anon'`);
        expect(row).toEqual({ user_id: null, project_code: null });
      });

      it('a payload that does not decrypt is a clear 400 naming payload', async () => {
        const good = await encryptEventLogs([LOG]);
        const raw = Buffer.from(good, 'base64');
        raw[raw.length - 1] = (raw[raw.length - 1]! + 1) & 0xff;
        for (const payload of [
          raw.toString('base64'), // tampered tag
          sealWithNode(JSON.stringify({ eventLogs: [LOG] }), randomBytes(32).toString('base64')), // other key
          Buffer.from('too short').toString('base64'),
          'AAAA',
        ]) {
          const res = await post('/bigdata/acquisition/event-log', { appid: 'design', payload });
          expect(res.status).toBe(400);
          expect(await json(res)).toEqual({
            retcode: 400,
            retmsg: '事件日志无法解密：payload 不是用约定密钥加密的 AES-GCM 数据',
            retdata: { field: 'payload' },
          });
        }
        const notBase64 = await post('/bigdata/acquisition/event-log', { appid: 'design', payload: '<script>' });
        expect(await json(notBase64)).toMatchObject({ retcode: 400, retdata: { field: 'payload' } });
      });

      it('decrypted content that is not valid event logs names the field', async () => {
        const cases: [string, string][] = [
          ['not json', 'payload'],
          ['{"eventLogs":[]}', 'eventLogs'],
          [JSON.stringify({ eventLogs: [{ ...LOG, event: '' }] }), 'eventLogs.0.event'],
          [JSON.stringify({ eventLogs: [{ event: 'x', appid: 'a', env: 'e', version: 'v' }] }), 'eventLogs.0.content'],
          [JSON.stringify([{ ...LOG, version: 7 }]), '0.version'],
          [JSON.stringify({ eventLogs: [{ ...LOG, content: 'nul \u0000 byte' }] }), 'eventLogs.0.content'],
          [JSON.stringify({ eventLogs: Array.from({ length: 201 }, () => LOG) }), 'eventLogs'],
          ['['.repeat(40) + ']'.repeat(40), 'payload'],
        ];
        for (const [plain, field] of cases) {
          const res = await post('/bigdata/acquisition/event-log', { appid: 'design', payload: sealWithNode(plain) });
          expect(res.status, plain.slice(0, 40)).toBe(400);
          expect(await json(res), plain.slice(0, 40)).toMatchObject({ retcode: 400, retdata: { field } });
        }
        const noAppid = await post('/bigdata/acquisition/event-log', { payload: sealWithNode('[]') });
        expect(await json(noAppid)).toMatchObject({ retdata: { field: 'appid' } });
      });
    });

    describe('api/usage.ts', () => {
      it('sends each call the server expects', async () => {
        const client = apiClientFor(app, token);
        expect((await addUseRecord(client, 'm-1', 3)).id).toBeGreaterThan(0);
        expect((await buttonUseRecord(client, 'saveScene')).id).toBeGreaterThan(0);
        expect((await storeUserEvent(client, 'createPano')).id).toBeGreaterThan(0);
        expect((await storeUserOnlineTime(client, 30)).id).toBeGreaterThan(0);
        expect((await storeSourceUsed(client, 'pavingAgent', 5)).id).toBeGreaterThan(0);
        expect(await sendEventLogs(client, 'design', [{ ...LOG, event: 'from-api' }])).toEqual({ stored: 1 });
        const [row] = await db.query<{ source_id: string; source_type: string }>(
          `select source_id, source_type from source_use_records where source_id = 'm-1'`,
        );
        expect(row).toEqual({ source_id: 'm-1', source_type: '3' });
      });
    });
  });
}
