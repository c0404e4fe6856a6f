// Saves as deltas (docs/scenes.md "Delta saves"), on PGlite and PostgreSQL: random edit chains
// resolved byte-exact, one winner of concurrent delta saves, trimming that keeps the checkpoints
// kept versions need, history and restore of delta versions, and the refusals.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, type SceneFile } from '../../protocol/scene-file';
import type { Db } from '../../server/db/types';
import { forgetResolvedVersions } from '../../server/scenes/deltas';
import { CHECKPOINT_EVERY, HISTORY_KEEP } from '../../server/scenes/limits';
import { LocalDiskStorage } from '../../server/storage/local-disk';
import { backends, openTestApp } from './helpers';
import { diffDelta, prng, randomEdit, startFile } from './scene-delta-gen';
import { call, login, sceneBytes, upload, type Caller, type PageAnswer, type SceneAnswer, type VersionAnswer } from './scene-helpers';

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`delta saves on ${backend.name}`, () => {
    let app: Caller;
    let db: Db;
    let dispose: () => Promise<void>;
    let dataDir: string;
    let storage: LocalDiskStorage;
    let designer: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-deltas-'));
      ({ app, db, dispose } = await openTestApp(backend, { dataDir }));
      storage = new LocalDiskStorage(path.join(dataDir, 'files'));
      designer = await login(app, 'yfang', 'designer', 'Design@2026');
    });
    afterAll(async () => {
      await dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    });


    /** The stored file behind an address, inflated: what any reader gets. */
    async function fileText(url: string): Promise<string> {
      const res = await app.request(url, { headers: { Authorization: `Bearer ${designer}` } });
      expect(res.status, `GET ${url}`).toBe(200);
      return res.text();
    }

    async function create(name: string, file: SceneFile): Promise<SceneAnswer> {
      const up = await upload(app, designer, 'scene', sceneBytes(file));
      const res = await call<SceneAnswer>(app, 'POST', '/meta20/x/scene', designer, { name, file: up.url });
      expect(res.status, res.msg).toBe(200);
      return res.data;
    }

    const put = (sceneId: number, body: unknown) => call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${sceneId}`, designer, body);
    const history = (sceneId: number) =>
      call<PageAnswer<VersionAnswer>>(app, 'GET', `/meta20/x/scene/get-history-list-by-scene-id?sceneId=${sceneId}&pageNumber=1&pageSize=20`, designer);

    it('resolves 200 random edit chains byte-exact, whatever version each is based on', async () => {
      const rng = prng(16_2026);
      const counter = { next: 0 };
      const scenes: { id: number; version: number; versions: { id: number; file: SceneFile }[] }[] = [];
      for (let s = 0; s < 4; s++) {
        const file = startFile(60, rng, counter);
        const made = await create(`chains ${s}`, file);
        scenes.push({ id: made.id, version: made.version, versions: [{ id: made.currentVersionId!, file }] });
      }
      for (let chain = 0; chain < 200; chain++) {
        const scene = scenes[chain % scenes.length]!;
        // mostly the newest version, sometimes an older one still in the list (a backup base)
        const kept = scene.versions.slice(-HISTORY_KEEP);
        const base = rng() < 0.8 ? kept[kept.length - 1]! : kept[Math.floor(rng() * kept.length)]!;
        const next = randomEdit(base.file, rng, counter);
        const res = await put(scene.id, { baseVersion: scene.version, delta: diffDelta(base.file, next, String(base.id), rng) });
        expect(res.status, `chain ${chain}: ${res.msg}`).toBe(200);
        scene.version = res.data.version;
        scene.versions.push({ id: res.data.currentVersionId!, file: next });
        // every fourth one read at once (materialised from the remembered chain), the rest later
        if (chain % 4 === 0) expect(await fileText(res.data.file)).toBe(canonicalJson(next));
      }
      // Read back every kept version from storage alone (no remembered chain), through history.
      forgetResolvedVersions();
      for (const scene of scenes) {
        const list = (await history(scene.id)).data.list;
        expect(list).toHaveLength(HISTORY_KEEP);
        const expected = new Map(scene.versions.map((v) => [v.id, v.file]));
        for (const v of list) expect(await fileText(v.file), `version ${v.id}`).toBe(canonicalJson(expected.get(v.id)!));
      }
      // The same content saved as a full file stores the same bytes.
      const last = scenes[0]!.versions.at(-1)!;
      const up = await upload(app, designer, 'scene', sceneBytes(last.file));
      expect(await fileText(up.url)).toBe(await fileText((await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${scenes[0]!.id}`, designer)).data.file));
      // Checkpoints were written along the way: no chain is longer than CHECKPOINT_EVERY.
      const longest = await db.query<{ n: number }>('select max(chain_length) as n from scene_versions where scene_id = any($1::bigint[])', [
        scenes.map((s) => s.id),
      ]);
      expect(Number(longest[0]!.n)).toBeLessThanOrEqual(CHECKPOINT_EVERY);
    }, 240_000);

    it('lets exactly one of 50 concurrent delta saves from one base win; the rest get 412', async () => {
      const rng = prng(50);
      const counter = { next: 0 };
      const file = startFile(40, rng, counter);
      const scene = await create('delta race', file);
      const edits = Array.from({ length: 50 }, () => randomEdit(file, rng, counter));
      const results = await Promise.all(
        edits.map((next) => put(scene.id, { baseVersion: 1, delta: diffDelta(file, next, String(scene.currentVersionId)) })),
      );
      const winner = results.findIndex((r) => r.status === 200);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const losers = results.filter((r) => r.status === 412);
      expect(losers).toHaveLength(49);
      for (const r of losers) {
        expect(r.code).toBe(20001);
        expect(r.data).toEqual({ currentVersion: 2, baseVersion: 1, updatedAt: expect.any(String) });
      }
      const now = await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${scene.id}`, designer);
      expect(now.data.version).toBe(2);
      expect(await fileText(now.data.file)).toBe(canonicalJson(edits[winner]!));
      expect((await history(scene.id)).data.total).toBe(2);
    });

    it('trims to 20 but keeps the checkpoints kept versions need, and drops them with the last one', async () => {
      const rng = prng(20);
      const counter = { next: 0 };
      let file = startFile(30, rng, counter);
      const scene = await create('trim', file);
      let base = { id: scene.currentVersionId!, version: 1 };
      const files = new Map<number, SceneFile>([[base.id, file]]);
      for (let i = 0; i < 2 * HISTORY_KEEP + 5; i++) {
        const next = randomEdit(file, rng, counter);
        const res = await put(scene.id, { baseVersion: base.version, delta: diffDelta(file, next, String(base.id)) });
        expect(res.status, res.msg).toBe(200);
        base = { id: res.data.currentVersionId!, version: res.data.version };
        files.set(base.id, next);
        file = next;
      }
      const rows = await db.query<{ id: number; file_key: string; checkpoint_key: string | null }>(
        'select id, file_key, checkpoint_key from scene_versions where scene_id = $1 order by id',
        [scene.id],
      );
      expect(rows).toHaveLength(HISTORY_KEEP);
      // the oldest kept version is a delta whose checkpoint's own version was trimmed
      const oldest = rows[0]!;
      expect(oldest.checkpoint_key).not.toBeNull();
      expect(rows.some((r) => r.file_key === oldest.checkpoint_key)).toBe(false);
      const needed = new Set(rows.flatMap((r) => [r.file_key, r.checkpoint_key]).filter((k): k is string => k !== null));
      const fileRows = await db.query<{ key: string }>(
        `select key from scene_files where key = any($1::text[]) or key in (
           select f.key from scene_files f where f.kind = 'scene' and f.claimed and f.owner_id = (select owner_id from scenes where id = $2)
             and f.key not in (select file_key from scene_versions) and f.key not in (select checkpoint_key from scene_versions where checkpoint_key is not null)
         )`,
        [[...needed], scene.id],
      );
      // nothing but the needed files is left claimed (no checkpoint leaked by the trims)
      expect(new Set(fileRows.map((r) => r.key))).toEqual(needed);
      forgetResolvedVersions();
      for (const v of (await history(scene.id)).data.list) expect(await fileText(v.file)).toBe(canonicalJson(files.get(v.id)!));
      // Twenty more saves: the old chains are trimmed, and the checkpoints no kept version needs go with them.
      const oldCheckpoints = [...new Set(rows.map((r) => r.checkpoint_key).filter((k): k is string => k !== null))];
      for (let i = 0; i < HISTORY_KEEP; i++) {
        const next = randomEdit(file, rng, counter);
        const res = await put(scene.id, { baseVersion: base.version, delta: diffDelta(file, next, String(base.id)) });
        expect(res.status, res.msg).toBe(200);
        base = { id: res.data.currentVersionId!, version: res.data.version };
        file = next;
      }
      const now = await db.query<{ file_key: string; checkpoint_key: string | null }>('select file_key, checkpoint_key from scene_versions where scene_id = $1', [
        scene.id,
      ]);
      const stillNeeded = new Set(now.flatMap((r) => [r.file_key, r.checkpoint_key]));
      const released = oldCheckpoints.filter((k) => !stillNeeded.has(k));
      expect(released.length).toBeGreaterThan(0);
      const left = await db.query<{ key: string }>('select key from scene_files where key = any($1::text[])', [released]);
      expect(left).toHaveLength(0);
      for (const key of released) expect(await storage.stat(key)).toBeNull();
      expect(await fileText((await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${scene.id}`, designer)).data.file)).toBe(canonicalJson(file));
    }, 120_000);

    it('restores, clones, backs up against and deletes delta versions', async () => {
      const rng = prng(7);
      const counter = { next: 0 };
      const v1 = startFile(20, rng, counter);
      const scene = await create('restore', v1);
      const v2 = randomEdit(v1, rng, counter);
      const s2 = await put(scene.id, { baseVersion: 1, delta: diffDelta(v1, v2, String(scene.currentVersionId)) });
      const v3 = randomEdit(v2, rng, counter);
      const s3 = await put(scene.id, { baseVersion: 2, delta: diffDelta(v2, v3, String(s2.data.currentVersionId)), name: 'renamed' });
      expect(s3.data).toMatchObject({ version: 3, name: 'renamed' });
      forgetResolvedVersions();
      // restore the delta version 2 (never read before) as version 4
      const restored = await call<SceneAnswer>(app, 'POST', '/meta20/x/scene/restore-version', designer, {
        sceneId: scene.id,
        versionId: s2.data.currentVersionId,
        baseVersion: 3,
      });
      expect(restored.status, restored.msg).toBe(200);
      expect(restored.data.version).toBe(4);
      expect(await fileText(restored.data.file)).toBe(canonicalJson(v2));
      // a delta save based on the restored version, then a backup delta against a delta version
      const v5 = randomEdit(v2, rng, counter);
      const s5 = await put(scene.id, { baseVersion: 4, delta: diffDelta(v2, v5, String(restored.data.currentVersionId)) });
      expect(s5.status, s5.msg).toBe(200);
      const b = randomEdit(v5, rng, counter);
      forgetResolvedVersions();
      const backup = await call<VersionAnswer>(app, 'POST', '/meta20/x/scene/store-scene-backup', designer, {
        sceneId: scene.id,
        content: diffDelta(v5, b, String(s5.data.currentVersionId)),
      });
      expect(backup.status, backup.msg).toBe(200);
      expect(await fileText(backup.data.file)).toBe(canonicalJson(b));
      // a clone opens the delta version's content
      const clone = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/clone/${scene.id}`, designer, {});
      expect(clone.status, clone.msg).toBe(200);
      expect(await fileText(clone.data.file)).toBe(canonicalJson(v5));
      // history lists delta versions like any other
      const list = (await history(scene.id)).data.list;
      expect(list.map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
      expect(await fileText(list.find((v) => v.version === 3)!.file)).toBe(canonicalJson(v3));
      // deleting for good leaves no file of the scene behind
      const keys = await db.query<{ key: string }>(
        'select file_key as key from scene_versions where scene_id = $1 union select checkpoint_key from scene_versions where scene_id = $1 and checkpoint_key is not null',
        [scene.id],
      );
      const gone = await call(app, 'DELETE', `/meta20/x/scene/deep/${scene.id}`, designer);
      expect(gone.status).toBe(200);
      const rowsLeft = await db.query('select 1 from scene_files where key = any($1::text[])', [keys.map((k) => k.key)]);
      expect(rowsLeft).toHaveLength(0);
      for (const k of keys) expect(await storage.stat(k.key)).toBeNull();
    });

    it('refuses a delta that does not apply, has an unknown base, empties the scene or comes with a file', async () => {
      const rng = prng(3);
      const counter = { next: 0 };
      const v1 = startFile(5, rng, counter);
      const scene = await create('refusals', v1);
      const base = String(scene.currentVersionId);
      const noSuchRecord = { ...diffDelta(v1, v1, base), patch: [{ id: 'nope', set: { height: 1 } }] };
      const bad = await put(scene.id, { baseVersion: 1, delta: noSuchRecord });
      expect(bad).toMatchObject({ status: 400, code: 20007 });
      const malformed = await put(scene.id, { baseVersion: 1, delta: { format: 'yfang-scene-delta', version: 2, base, put: [{ id: 1 }], removed: [] } });
      expect(malformed).toMatchObject({ status: 400, code: 20007 });
      const unknown = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 1, delta: diffDelta(v1, randomEdit(v1, rng, counter), '999999999') }, { 'Accept-Language': 'en' });
      expect(unknown).toMatchObject({ status: 409, code: 20006, msg: 'The base version of the save delta does not exist: 999999999; send the full scene file' });
      const empty = { ...v1, records: v1.records.filter((r) => r.type !== 'wall') };
      const emptied = await put(scene.id, { baseVersion: 1, delta: diffDelta(v1, empty, base) });
      expect(emptied).toMatchObject({ status: 400, code: 20002 });
      const up = await upload(app, designer, 'scene', sceneBytes(v1));
      const both = await put(scene.id, { baseVersion: 1, file: up.url, delta: diffDelta(v1, v1, base) });
      expect(both.status).toBe(400);
      // another user's scene is not found, and its versions are never read
      const other = await login(app, 'yfang', 'member', 'Member@2026');
      const foreign = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, other, { baseVersion: 1, delta: diffDelta(v1, randomEdit(v1, rng, counter), base) });
      expect(foreign.status).toBe(404);
      const now = await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${scene.id}`, designer);
      expect(now.data.version).toBe(1);
    });

    it('replays a delta save with the same Idempotency-Key', async () => {
      const rng = prng(11);
      const counter = { next: 0 };
      const v1 = startFile(5, rng, counter);
      const scene = await create('idem delta', v1);
      const body = { baseVersion: 1, delta: diffDelta(v1, randomEdit(v1, rng, counter), String(scene.currentVersionId)) };
      const first = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, body, { 'Idempotency-Key': 'delta-idem-1' });
      const again = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, body, { 'Idempotency-Key': 'delta-idem-1' });
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect(again.data).toEqual(first.data);
      expect((await history(scene.id)).data.total).toBe(2);
    });
  });
}
