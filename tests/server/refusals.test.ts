// Refusals and aborts over real sockets (issue 17), and ids the database casts, on both databases:
// - a body refused as too large (413) leaves the client's kept-alive connection usable: the
//   remainder is read when small, else the answer says `Connection: close`; the next request on
//   the same agent never meets a dropped connection;
// - a request whose client went away is logged once as an abort (499), not as an error and a 500;
// - store_category_map refuses a model_id the lists cannot join, and a row filed before that check
//   does not break the lists.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_MAX_BYTES } from '../../server/http/connection';
import { signIn, type Caller } from './catalogue-helpers';
import { backends } from './helpers';
import { send, serveTestApp, type ServedApp } from './socket-kit';

const JSON_LIMIT = 256 * 1024;
const ROUTES = ['/api/admin/tile', '/api/admin/model-room', '/api/admin/source-library', '/api/admin/paving', '/api/admin/waterjet', '/api/session'];

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`refusals on ${backend.name}`, () => {
    let served: ServedApp;
    let admin: Caller;
    let auth: Record<string, string>;

    beforeAll(async () => {
      served = await serveTestApp(backend, { jsonBodyLimit: JSON_LIMIT });
      admin = await signIn(served.app, 'yfang_corp', 'admin', 'Admin@2026');
      auth = { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' };
    });
    afterAll(async () => {
      await served?.close();
    });

    it('a 413 drains a small remainder or closes, and the next request on the agent is served', async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const next = () => send(agent, served.port, { method: 'GET', path: '/healthz' });
      try {
        for (const path of ROUTES) {
          // far over the limit: with Content-Length (refused unread) and chunked (refused part way)
          for (const declare of [true, false]) {
            const refused = await send(agent, served.port, { method: 'POST', path, headers: auth, stream: { size: 3 * DRAIN_MAX_BYTES, fill: 0x20, declare } });
            expect(refused.status, `${path} declare=${declare}`).toBe(413);
            expect(refused.connection, `${path} declare=${declare}`).toBe('close');
            expect((await next()).status).toBe(200);
          }
          // a little over: read to its end, and the connection carries the next request
          for (const declare of [true, false]) {
            const refused = await send(agent, served.port, { method: 'POST', path, headers: auth, stream: { size: JSON_LIMIT + 100_000, fill: 0x20, declare } });
            expect(refused.status, `${path} declare=${declare}`).toBe(413);
            expect(refused.connection, `${path} declare=${declare}`).toBe('keep-alive');
            const after = await next();
            expect(after.status).toBe(200);
            expect(after.localPort, `${path} declare=${declare}: the same connection`).toBe(refused.localPort);
          }
        }
        // a refusal before the body is read at all (no session): the same
        const unauthorised = await send(agent, served.port, { method: 'POST', path: '/api/admin/tile', stream: { size: 3 * DRAIN_MAX_BYTES, fill: 0x20, declare: false } });
        expect(unauthorised.status).toBe(401);
        expect(unauthorised.connection).toBe('close');
        expect((await next()).status).toBe(200);
      } finally {
        agent.destroy();
      }
      expect(served.logs.filter((l) => l.level === 'error')).toEqual([]);
    });

    it('a request whose client went away is logged once as an abort, not as an error', async () => {
      // a JSON body read by readBodyBytes, and a scene file streamed to storage
      for (const [path, length, start] of [
        ['/api/admin/tile', 200_000, Buffer.alloc(64 * 1024, 0x20)],
        ['/meta20/x/scene/upload', 2_000_000, Buffer.concat([Buffer.from('{"format":"'), Buffer.alloc(64 * 1024, 0x61)])],
      ] as const) {
        const before = served.logs.length;
        const req = http.request({ host: '127.0.0.1', port: served.port, path: `${path}?kind=scene`, method: 'POST', headers: { ...auth, 'Content-Length': length } });
        req.on('error', () => {});
        req.write(start);
        // the server has started reading the body when its socket closes
        await new Promise((r) => setTimeout(r, 150));
        req.destroy();
        const lines = () => served.logs.slice(before).filter((l) => l.path === path);
        await until(() => lines().length > 0);
        await new Promise((r) => setTimeout(r, 100));
        expect(lines(), path).toEqual([expect.objectContaining({ level: 'info', msg: 'request aborted', method: 'POST', status: 499 })]);
        expect(served.logs.slice(before).filter((l) => l.level === 'error' || l.level === 'warn'), path).toEqual([]);
      }
    });

    describe('store_category_map and ids the lists cast', () => {
      const PATH = '/api/admin/source-library';
      let cateId: number;
      let tileId: number;

      beforeAll(async () => {
        const created = await admin.post<{ id: number }>(PATH, { action: 'store_category', name: '瓷砖', source_type: 'tile' });
        expect(created.status).toBe(200);
        cateId = created.body.retdata.id;
        tileId = (await served.db.query<{ id: number }>('select id from tiles where owner_project is null order by id limit 1'))[0]!.id;
      });

      it('refuses a model_id that is not a row id for tiles, pavings, waterjets and materials', async () => {
        for (const [model_id, source_type] of [
          ['abc', 'tile'],
          ['0', 'paving'],
          ['2147483648', 'waterjet'],
          ['1.5', 'material'],
          [-1, 'tile'],
        ] as const) {
          const res = await admin.post(PATH, { action: 'store_category_map', model_id, source_type, cate_id: cateId });
          expect(res.status, `${source_type} ${model_id}`).toBe(400);
          expect(res.body.retdata).toEqual({ field: 'model_id' });
        }
        const multi = await admin.post(PATH, { action: 'store_category_map_multi', model_id_list: [String(tileId), 'x1'], source_type: 'tile', cate_id: cateId });
        expect(multi.status).toBe(400);
        expect(multi.body.retdata).toEqual({ field: 'model_id_list.1' });
        // furniture models are filed by their text model_id
        expect((await admin.post(PATH, { action: 'store_category_map', model_id: 'sofa-01', source_type: 'model', cate_id: cateId })).status).toBe(200);
        expect((await admin.post(PATH, { action: 'store_category_map', model_id: tileId, source_type: 'tile', cate_id: cateId })).status).toBe(200);
        const list = await admin.get<{ total: number }>(PATH, { action: 'get_category_map_page_list' });
        expect(list.status).toBe(200);
        expect(list.body.retdata.total).toBe(2);
      });

      it('lists around rows filed before the check, and can take them out', async () => {
        for (const source of ['tile', 'paving', 'waterjet']) {
          await served.db.query(`insert into library_category_maps (category_id, source_type, model_id, cate_name) values ($1, $2, 'not-a-number', '瓷砖')`, [
            cateId,
            source,
          ]);
        }
        for (const q of [{}, { cate_id: String(cateId) }, { source_type: 'tile' }, { source_type: 'paving' }] as Record<string, string>[]) {
          const list = await admin.get<{ total: number; data: { model_id: string; item: unknown }[] }>(PATH, { action: 'get_category_map_page_list', ...q });
          expect(list.status, JSON.stringify(q)).toBe(200);
          for (const row of list.body.retdata.data.filter((r) => r.model_id === 'not-a-number')) expect(row.item).toBeNull();
        }
        const all = await admin.get<{ data: { model_id: string; item: { code: string } | null }[] }>(PATH, { action: 'get_category_map_page_list' });
        expect(all.body.retdata.data.find((r) => r.model_id === String(tileId))?.item).not.toBeNull();
        const removed = await admin.post<{ removed: number }>(PATH, { action: 'delete_category_map', model_id: 'not-a-number', source_type: 'tile', cate_id: cateId });
        expect(removed.body.retdata).toEqual({ removed: 1 });
      });
    });
  });
}
