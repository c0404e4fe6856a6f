// Share codes (issue 16): a code opens a read-only view of the scheme for anyone holding it, no
// login, with only what a viewer needs; the owner revokes it and its links die with a plain 404.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneFile } from '../../protocol/scene-file';
import { newShareCode } from '../../server/scenes/manage';
import { backends, openTestApp } from './helpers';
import { call, createScene, login, PNG_1X1, sceneBytes, sceneFile, upload, type Caller, type SceneAnswer } from './scene-helpers';

const SHARE = '/meta20/scene-share';

interface Shared {
  shareCode: string;
  name: string;
  preview: string;
  file: string;
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`scene share codes on ${backend.name}`, () => {
    let app: Caller;
    let dispose: () => Promise<void>;
    let dataDir: string;
    let owner: string;
    let colleague: string;
    let outsider: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-share-'));
      ({ app, dispose } = await openTestApp(backend, { dataDir }));
      owner = await login(app, 'yfang', 'designer', 'Design@2026');
      colleague = await login(app, 'yfang', 'member', 'Member@2026');
      outsider = await login(app, 'yfang_corp', 'admin', 'Admin@2026');
    });
    afterAll(async () => {
      await dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const share = async (sceneId: number, token = owner) => (await call<{ shareCode: string }>(app, 'POST', `${SHARE}/create`, token, { sceneId })).data.shareCode;
    const resolve = (code: string, token: string | null = null) => call<Shared>(app, 'GET', `${SHARE}/get-by-share-code?shareCode=${code}`, token);

    /** A scene with a preview, labels and a second version, so there is something that must not leak. */
    async function richScene(name: string): Promise<SceneAnswer> {
      const scene = await createScene(app, owner, name);
      const preview = await upload(app, owner, 'preview', PNG_1X1);
      const next = await upload(app, owner, 'scene', sceneBytes(sceneFile(5, `${name}-v2`)));
      const put = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, owner, { baseVersion: 1, file: next.url, preview: preview.url });
      expect(put.status).toBe(200);
      await call(app, 'POST', '/meta20/x/scene/label', owner, { sceneId: scene.id, label: '客户张三' });
      return put.data;
    }

    it('resolves a code without a session to the name, a preview and the file, and nothing else', async () => {
      const scene = await richScene('公开方案');
      const code = await share(scene.id);
      expect(code).toMatch(/^[A-Z2-9]{10}$/);
      const res = await resolve(code);
      expect(res.status).toBe(200);
      expect(res.data).toEqual({
        shareCode: code,
        name: '公开方案',
        preview: `/files/share/${code}/preview`,
        file: `/files/share/${code}/scene`,
      });
      // A lower-case or padded code is the same code (people retype them).
      expect((await resolve(`%20${code.toLowerCase()}%20`)).status).toBe(200);
      // An expired or foreign token is no reason to refuse: it gets the visitor's answer, not a 401.
      expect((await resolve(code, 'not-a-real-token-0000000000000000')).data).toEqual(res.data);
      expect((await resolve(code, outsider)).data).toEqual(res.data);
      // A colleague of the same project still gets the scene itself (the workspace opens it), without the code.
      const mate = await call<SceneAnswer>(app, 'GET', `${SHARE}/get-by-share-code?shareCode=${code}`, colleague);
      expect(mate.data).toMatchObject({ id: scene.id, shareCode: null });
    });

    it('serves the current scene file and preview through the share address, without a session', async () => {
      const scene = await richScene('文件方案');
      const code = await share(scene.id);
      const file = await app.request(`/files/share/${code}/scene`);
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toBe('private, no-cache');
      const parsed = JSON.parse(new TextDecoder().decode(new Uint8Array(await file.arrayBuffer()))) as SceneFile;
      // the current version (5 walls), not the first one
      expect(parsed.records.filter((r) => r.type === 'wall')).toHaveLength(5);
      const gz = await app.request(`/files/share/${code}/scene`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(JSON.parse(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString('utf8'))).toEqual(parsed);
      const preview = await app.request(`/files/share/${code}/preview`);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await preview.arrayBuffer())).toEqual(PNG_1X1);
      // Nothing else lives under the code, and the scene's own addresses still need a session.
      for (const other of [`/files/share/${code}/roomInfo`, `/files/share/${code}/../scenes`, `/files/share/${code}`, '/files/share/AAAAAAAAAA/scene']) {
        const res = await app.request(other);
        expect(res.status, other).toBe(404);
        await res.arrayBuffer();
      }
      expect((await app.request(scene.file)).status).toBe(401);
    });

    it('revoke: the owner only; the link and its files then answer the same 404 as a code that never was', async () => {
      const scene = await richScene('撤销方案');
      const code = await share(scene.id);
      // Another user, same project or not, cannot revoke it (and learns nothing: a plain 404).
      for (const token of [colleague, outsider]) {
        const res = await call(app, 'POST', `${SHARE}/revoke`, token, { sceneId: scene.id });
        expect(res.status).toBe(404);
      }
      expect((await call(app, 'POST', `${SHARE}/revoke`, null, { sceneId: scene.id })).status).toBe(401);
      expect((await resolve(code)).status).toBe(200);

      const revoked = await call(app, 'POST', `${SHARE}/revoke`, owner, { sceneId: scene.id });
      expect(revoked).toMatchObject({ status: 200, data: { sceneId: scene.id, shareCode: null } });
      const gone = await resolve(code);
      const never = await resolve(newShareCode());
      expect(gone.status).toBe(404);
      expect({ code: gone.code, msg: gone.msg, data: gone.data }).toEqual({ code: never.code, msg: never.msg, data: never.data });
      expect(gone.msg).toBe('分享链接无效或已取消分享');
      expect((await call(app, 'GET', `${SHARE}/get-by-share-code?shareCode=${code}`, null, undefined, { 'Accept-Language': 'en' })).msg).toBe(
        'This share link is not valid or sharing has been stopped',
      );
      // even for the owner's colleague, who could resolve it before
      expect((await resolve(code, colleague)).status).toBe(404);
      for (const which of ['scene', 'preview']) {
        const res = await app.request(`/files/share/${code}/${which}`);
        expect(res.status).toBe(404);
        expect(await res.text()).toBe('Not found');
      }
      // Revoking again is still the owner's own scene: fine, nothing to clear.
      expect((await call(app, 'POST', `${SHARE}/revoke`, owner, { sceneId: scene.id })).status).toBe(200);
      // A new create makes a new code; the old one stays dead.
      const fresh = await share(scene.id);
      expect(fresh).not.toBe(code);
      expect((await resolve(fresh)).status).toBe(200);
      expect((await resolve(code)).status).toBe(404);
    });

    it('a scene in the recycle bin is not shared', async () => {
      const scene = await createScene(app, owner, '回收方案');
      const code = await share(scene.id);
      await call(app, 'DELETE', `/meta20/x/scene/${scene.id}`, owner);
      expect((await resolve(code)).status).toBe(404);
      expect((await app.request(`/files/share/${code}/scene`)).status).toBe(404);
    });

    it('codes are unique per scene and drawn from crypto over a 32-letter alphabet', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 4; i++) codes.add(await share((await createScene(app, owner, `唯一${i}`)).id));
      expect(codes.size).toBe(4);
      const drawn = new Set(Array.from({ length: 2000 }, () => newShareCode()));
      expect(drawn.size).toBe(2000);
      const letters = new Set([...drawn].join(''));
      // 32 letters without 0/O/1/I: 50 bits per code.
      expect(letters.size).toBe(32);
      expect([...letters].some((ch) => '01IO'.includes(ch))).toBe(false);
    });
  });
}
