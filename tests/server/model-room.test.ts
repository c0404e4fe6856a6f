// Sample rooms (/api/admin/model-room) on both databases: listing, favourites, view counts,
// scheme updates, and what another project may and may not do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { backends } from './helpers';
import { openCatalogueApp, signIn, type Caller } from './catalogue-helpers';

interface Room {
  id: number;
  scheme_id: number;
  scheme_brand: string;
  favor: 0 | 1;
  name: string;
  scene_id: number | null;
  viewed_count: number;
  model_list_url: string;
  room: Record<string, unknown>;
  room_type: number;
  area: number;
  is_public: 0 | 1;
  is_owner: 0 | 1;
  created_at: string;
  cover_url: string;
}
interface Paged<T> {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  data: T[];
}

const LIST = { action: 'scheme', page: 1, pageSize: 8, order_by: 'desc', order_field: 'created_at' };

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`sample rooms on ${backend.name}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let owner: Caller; // yfang/designer made most public sample rooms
    let member: Caller; // same project, not the owner
    let admin: Caller; // yfang admin
    let chuangmi: Caller; // another project with private sample rooms
    let corp: Caller;
    let ownRoom: Room;
    let chuangmiRoom: Room;

    const roomId = async (key: string): Promise<number> =>
      (await db.query<{ id: number }>('select id from model_rooms where seed_key = $1', [key]))[0]!.id;

    beforeAll(async () => {
      let app;
      ({ app, db, dispose } = await openCatalogueApp(backend));
      [owner, member, admin, chuangmi, corp] = await Promise.all([
        signIn(app, 'yfang', 'designer', 'Design@2026'),
        signIn(app, 'yfang', 'member', 'Member@2026'),
        signIn(app, 'yfang', 'admin', 'Admin@2026'),
        signIn(app, 'chuangmi', 'chuangmi', 'Chuangmi@2026'),
        signIn(app, 'yfang_corp', 'designer', 'Designer@2026'),
      ]);
      ownRoom = (await owner.get<Room>(`/api/admin/model-room/${await roomId('yfang-01')}`, { action: 'scheme' })).body.retdata;
      chuangmiRoom = (await chuangmi.get<Room>(`/api/admin/model-room/${await roomId('chuangmi-01')}`, { action: 'scheme' })).body.retdata;
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('lists public sample rooms plus the project own, 8 a page, newest first', async () => {
      const [counts] = await db.query<{ public: number; chuangmi: number }>(
        `select count(*) filter (where is_public)::int as public,
                count(*) filter (where not is_public and project_code = 'chuangmi')::int as chuangmi from model_rooms`,
      );
      const first = await owner.get<Paged<Room>>('/api/admin/model-room', LIST);
      expect(first.status).toBe(200);
      expect(first.body.retdata).toMatchObject({ total: counts!.public, per_page: 8, current_page: 1, last_page: Math.ceil(counts!.public / 8) });
      expect(first.body.retdata.data).toHaveLength(8);
      const second = (await owner.get<Paged<Room>>('/api/admin/model-room', { ...LIST, page: 2 })).body.retdata.data;
      const all = [...first.body.retdata.data, ...second];
      expect(new Set(all.map((r) => r.id)).size).toBe(counts!.public);
      const times = all.map((r) => Date.parse(r.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(all.every((r) => r.is_public === 1 && r.scheme_id === r.id)).toBe(true);
      expect(Object.keys(first.body.retdata.data[0]!)).toEqual(expect.arrayContaining(['id', 'scheme_id', 'scheme_brand', 'favor']));

      const cm = (await chuangmi.get<Paged<Room>>('/api/admin/model-room', { ...LIST, pageSize: 99 })).body.retdata;
      expect(cm.total).toBe(counts!.public + counts!.chuangmi);
      const mine = (await chuangmi.get<Paged<Room>>('/api/admin/model-room', { ...LIST, mine: 1 })).body.retdata;
      expect(mine.data.every((r) => r.scheme_brand === 'chuangmi')).toBe(true);
      expect(mine.total).toBe(counts!.chuangmi);

      const oldest = (await owner.get<Paged<Room>>('/api/admin/model-room', { ...LIST, order_by: 'asc', pageSize: 1 })).body.retdata.data[0]!;
      expect(oldest.id).toBe(all.at(-1)!.id);
      const popular = (await owner.get<Paged<Room>>('/api/admin/model-room', { ...LIST, order_field: 'viewed_count', pageSize: 99 })).body.retdata.data;
      expect(popular.map((r) => r.viewed_count)).toEqual([...popular.map((r) => r.viewed_count)].sort((a, b) => b - a));
    });

    it('filters by scene_id', async () => {
      await db.query('update model_rooms set scene_id = 4242 where id = $1', [ownRoom.id]);
      const found = (await member.get<Paged<Room>>('/api/admin/model-room', { ...LIST, scene_id: 4242 })).body.retdata;
      expect(found.data.map((r) => r.id)).toEqual([ownRoom.id]);
      expect(found.data[0]!.scene_id).toBe(4242);
      expect((await member.get<Paged<Room>>('/api/admin/model-room', { ...LIST, scene_id: 4243 })).body.retdata.total).toBe(0);
    });

    it('refuses bad list parameters', async () => {
      for (const [query, field] of [
        [{ ...LIST, order_field: 'password_hash' }, 'order_field'],
        [{ ...LIST, order_by: 'sideways' }, 'order_by'],
        [{ ...LIST, scene_id: -1 }, 'scene_id'],
        [{ ...LIST, pageSize: 0 }, 'pageSize'],
        [{ ...LIST, action: 'drop' }, 'action'],
      ] as const) {
        const res = await owner.get('/api/admin/model-room', query);
        expect(res.status, field).toBe(400);
        expect(res.body.retdata).toEqual({ field });
      }
    });

    it('another project private sample room is invisible: get, favour, view, patch all 404', async () => {
      for (const other of [owner, corp]) {
        expect((await other.get(`/api/admin/model-room/${chuangmiRoom.id}`, { action: 'scheme' })).status).toBe(404);
        expect((await other.post('/api/admin/model-room', { action: 'favor', scheme_id: chuangmiRoom.id, scheme_brand: 'chuangmi' })).status).toBe(404);
        expect((await other.post('/api/admin/model-room', { action: 'viewed_count', id: chuangmiRoom.id })).status).toBe(404);
        expect((await other.patch(`/api/admin/model-room/${chuangmiRoom.id}`, { action: 'scheme', scheme: { model_list_url: '/x' } })).status).toBe(404);
        const list = (await other.get<Paged<Room>>('/api/admin/model-room', { ...LIST, pageSize: 99 })).body.retdata;
        expect(list.data.some((r) => r.id === chuangmiRoom.id)).toBe(false);
      }
      const [row] = await db.query<{ viewed_count: number; model_list_url: string }>('select viewed_count, model_list_url from model_rooms where id = $1', [
        chuangmiRoom.id,
      ]);
      expect(row).toEqual({ viewed_count: chuangmiRoom.viewed_count, model_list_url: '' });
    });

    it('favourites: add, list, remove; each user has their own', async () => {
      const add = await member.post('/api/admin/model-room', { action: 'favor', scheme_id: ownRoom.scheme_id, scheme_brand: ownRoom.scheme_brand });
      expect(add.status).toBe(200);
      expect(add.body.retdata).toEqual({ scheme_id: ownRoom.id, favor: 1 });
      expect((await member.get<Room>(`/api/admin/model-room/${ownRoom.id}`)).body.retdata.favor).toBe(1);
      expect((await owner.get<Room>(`/api/admin/model-room/${ownRoom.id}`)).body.retdata.favor).toBe(0);
      const favs = (await member.get<Paged<Room>>('/api/admin/model-room', { ...LIST, favor: 1 })).body.retdata;
      expect(favs.data.map((r) => r.id)).toEqual([ownRoom.id]);
      expect((await owner.get<Paged<Room>>('/api/admin/model-room', { ...LIST, favor: 1 })).body.retdata.total).toBe(0);
      // others cannot remove it
      expect((await owner.del(`/api/admin/model-room/${ownRoom.id}`, { action: 'favor' })).status).toBe(404);
      expect((await chuangmi.del(`/api/admin/model-room/${ownRoom.id}`, { action: 'favor' })).status).toBe(404);
      const del = await member.del(`/api/admin/model-room/${ownRoom.id}`, { action: 'favor' });
      expect(del.body.retdata).toEqual({ scheme_id: ownRoom.id, favor: 0 });
      expect((await member.del(`/api/admin/model-room/${ownRoom.id}`, { action: 'favor' })).status).toBe(404);
      // a public sample room of another project can be favoured
      expect((await chuangmi.post('/api/admin/model-room', { action: 'favor', scheme_id: ownRoom.id, scheme_brand: 'yfang' })).status).toBe(200);
    });

    it('counts views, except the owner own', async () => {
      const before = (await owner.get<Room>(`/api/admin/model-room/${ownRoom.id}`)).body.retdata.viewed_count;
      const self = await owner.post<{ viewed_count: number; counted: boolean }>('/api/admin/model-room', { action: 'viewed_count', id: ownRoom.id });
      expect(self.body.retdata).toEqual({ id: ownRoom.id, viewed_count: before, counted: false });
      const other = await member.post<{ viewed_count: number; counted: boolean }>('/api/admin/model-room', { action: 'viewed_count', id: ownRoom.id });
      expect(other.body.retdata).toEqual({ id: ownRoom.id, viewed_count: before + 1, counted: true });
      await chuangmi.post('/api/admin/model-room', { action: 'viewed_count', id: String(ownRoom.id) });
      expect((await owner.get<Room>(`/api/admin/model-room/${ownRoom.id}`)).body.retdata.viewed_count).toBe(before + 2);
      // concurrent views are all counted
      await Promise.all(Array.from({ length: 10 }, () => member.post('/api/admin/model-room', { action: 'viewed_count', id: ownRoom.id })));
      expect((await owner.get<Room>(`/api/admin/model-room/${ownRoom.id}`)).body.retdata.viewed_count).toBe(before + 12);
      expect((await member.post('/api/admin/model-room', { action: 'viewed_count', id: 99999999 })).status).toBe(404);
    });

    it('PATCH action scheme: the owner and the project admin may, others may not', async () => {
      const patch = { action: 'scheme', scheme: { model_list_url: '/files/model-lists/a.json' }, room: { roomType: 2, area: 20.5, roomName: '主卧' } };
      const done = await owner.patch<Room>(`/api/admin/model-room/${ownRoom.id}`, patch);
      expect(done.status).toBe(200);
      expect(done.body.retdata).toMatchObject({ model_list_url: '/files/model-lists/a.json', room_type: 2, area: 20.5, room: patch.room, is_owner: 1 });
      expect(Date.parse(done.body.retdata.created_at)).toBe(Date.parse(ownRoom.created_at));

      const byAdmin = await admin.patch<Room>(`/api/admin/model-room/${ownRoom.id}`, {
        action: 'scheme',
        scheme: { model_list_url: 'https://cdn.example.com/list.json' },
        room: JSON.stringify({ roomName: '次卧' }),
      });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.retdata).toMatchObject({ model_list_url: 'https://cdn.example.com/list.json', room: { roomName: '次卧' }, is_owner: 0 });

      const byMember = await member.patch(`/api/admin/model-room/${ownRoom.id}`, { action: 'scheme', scheme: { model_list_url: '/evil.json' } });
      expect(byMember.status).toBe(403);
      // a public sample room of another project: visible, but not theirs to change
      expect((await chuangmi.patch(`/api/admin/model-room/${ownRoom.id}`, { action: 'scheme', scheme: { model_list_url: '/evil.json' } })).status).toBe(403);
      const [row] = await db.query<{ model_list_url: string }>('select model_list_url from model_rooms where id = $1', [ownRoom.id]);
      expect(row!.model_list_url).toBe('https://cdn.example.com/list.json');

      for (const [body, field] of [
        [{ action: 'scheme', scheme: { model_list_url: 'javascript:alert(1)' } }, 'scheme.model_list_url'],
        [{ action: 'scheme', scheme: { model_list_url: '//evil.example/x' } }, 'scheme.model_list_url'],
        [{ action: 'scheme', room: [1, 2] }, 'room'],
        [{ action: 'scheme', room: 'not json' }, 'room'],
        [{ action: 'scheme', room: JSON.stringify({ roomName: 'a\u0000b' }) }, 'room'],
        [{ action: 'scheme', room: '['.repeat(5000) + ']'.repeat(5000) }, 'room'],
        [{ action: 'scheme', scheme: 'x' }, 'scheme'],
        [{ action: 'rename' }, 'action'],
      ] as const) {
        const res = await owner.patch(`/api/admin/model-room/${ownRoom.id}`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.retdata).toEqual({ field });
      }
    });
  });
}
