// POST /api/static and the files it serves back: content sniffing, limits, tenant isolation, on
// PGlite and on PostgreSQL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile, uploadJson } from '../../api';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/types';
import { apiClientFor, bearer, json, loginToken, openAccountsApp, type App } from './accounts-kit';
import { backends } from './helpers';

const LIMIT = 1024 * 1024;

function bytesOf(head: readonly number[] | string, total = 64): Uint8Array<ArrayBuffer> {
  const prefix = typeof head === 'string' ? [...Buffer.from(head, 'latin1')] : head;
  const out = new Uint8Array(Math.max(total, prefix.length));
  out.set(prefix);
  for (let i = prefix.length; i < out.length; i++) out[i] = (i * 31) & 0xff;
  return out;
}

const PNG = bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52], 300);
const SAMPLES: { name: string; bytes: Uint8Array<ArrayBuffer>; type: string }[] = [
  { name: 'photo.jpg', bytes: bytesOf([0xff, 0xd8, 0xff, 0xe0]), type: 'image/jpeg' },
  { name: 'photo.jpeg', bytes: bytesOf([0xff, 0xd8, 0xff, 0xdb]), type: 'image/jpeg' },
  { name: 'anim.gif', bytes: bytesOf('GIF89a'), type: 'image/gif' },
  { name: 'pic.webp', bytes: bytesOf('RIFF\u0024\u0000\u0000\u0000WEBPVP8 '), type: 'image/webp' },
  { name: 'album.pdf', bytes: bytesOf('%PDF-1.7\n'), type: 'application/pdf' },
  { name: 'quote.xlsx', bytes: bytesOf([0x50, 0x4b, 0x03, 0x04, 0x14, 0]), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { name: 'bundle.zip', bytes: bytesOf([0x50, 0x4b, 0x03, 0x04, 0x14, 0]), type: 'application/zip' },
  { name: 'chair.glb', bytes: bytesOf([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0]), type: 'model/gltf-binary' },
  { name: 'rooms.json', bytes: new Uint8Array(Buffer.from('\ufeff  {"rooms":[{"name":"主卧","area":12.5}]}')), type: 'application/json' },
];

interface UploadBody {
  retcode: number;
  retmsg: string;
  retdata: { url: string; name: string; size: number; content_type: string } | { field: string } | null;
}

it('the default upload limit is 20 MB', () => {
  expect(loadConfig({}).uploadMaxBytes).toBe(20 * 1024 * 1024);
});

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`uploads on ${backend.name}`, () => {
    let app: App;
    let db: Db;
    let dataDir: string;
    let dispose: () => Promise<void>;
    let yfang: string;
    let yfangOther: string;
    let corp: string;

    beforeAll(async () => {
      const opened = await openAccountsApp(backend, { uploadMaxBytes: LIMIT });
      ({ app, db, dispose } = opened);
      dataDir = opened.config.dataDir;
      yfang = await loginToken(app, { project: 'yfang', account: 'member', password: 'Member@2026' });
      yfangOther = await loginToken(app, { project: 'yfang', account: 'simple', password: '123456' });
      corp = await loginToken(app, { project: 'yfang_corp', account: 'admin', password: 'Admin@2026' });
    });
    afterAll(async () => {
      await dispose?.();
    });

    const upload = async (token: string | null, file: Blob | string | null, name = 'file.bin', type?: string): Promise<Response> => {
      const form = new FormData();
      if (type !== undefined) form.append('type', type);
      if (typeof file === 'string') form.append('file', file);
      else if (file !== null) form.append('file', file, name);
      return app.request('/api/static', { method: 'POST', body: form, headers: token ? bearer(token) : {} });
    };
    const uploaded = async (res: Response) => {
      const body = await json<UploadBody>(res);
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body.retdata as { url: string; name: string; size: number; content_type: string };
    };
    const fetchFile = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });

    it('stores a PNG and serves it back to the same project with its content type', async () => {
      const data = await uploaded(await upload(yfang, new Blob([PNG]), 'floor.png'));
      expect(data.url).toMatch(/^\/files\/uploads\/yfang\/yfang\/[0-9a-f-]{36}\.png$/);
      expect(data).toMatchObject({ name: 'floor.png', size: PNG.byteLength, content_type: 'image/png' });

      const res = await fetchFile(data.url, bearer(yfang));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
      // another user of the same project may see it; an <img> sends the login cookie instead of a header
      expect((await fetchFile(data.url, bearer(yfangOther))).status).toBe(200);
      expect((await fetchFile(data.url, { Cookie: `token=${yfang}` })).status).toBe(200);

      const [row] = await db.query<{ project_code: string; upload_type: string; content_type: string; size: number; sha256: string }>(
        'select project_code, upload_type, content_type, size, sha256 from uploads where storage_key = $1',
        [data.url.slice('/files/'.length)],
      );
      expect(row).toMatchObject({ project_code: 'yfang', upload_type: 'yfang', content_type: 'image/png', size: PNG.byteLength });
      expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
    });

    it('a file of another project is a 404, as if it did not exist; no session is a 401', async () => {
      const data = await uploaded(await upload(yfang, new Blob([PNG]), 'private.png'));
      const foreign = await fetchFile(data.url, bearer(corp));
      expect(foreign.status).toBe(404);
      const missing = await fetchFile(data.url.replace(/[0-9a-f]{8}-/, '00000000-'), bearer(yfang));
      expect(missing.status).toBe(404);
      expect(await foreign.text()).toBe(await missing.text());
      // the same key under the other project's prefix does not exist either
      expect((await fetchFile(data.url.replace('/uploads/yfang/', '/uploads/yfang_corp/'), bearer(corp))).status).toBe(404);
      expect((await fetchFile(data.url)).status).toBe(401);
      expect((await fetchFile(data.url, { Cookie: 'token=garbage' })).status).toBe(401);
    });

    it('refuses odd paths under /files/uploads with 404', async () => {
      for (const p of [
        '/files/uploads/yfang/yfang/..%2F..%2Fpg',
        '/files/uploads/yfang/yfang/x.png',
        '/files/uploads/yfang/..%2F..%2Fx/00000000-0000-0000-0000-000000000000.png',
        '/files/uploads/yfang',
        '/files/uploads/yfang/yfang/a/b',
      ]) {
        expect((await fetchFile(p, bearer(yfang))).status, p).toBe(404);
      }
    });

    it('accepts every allowed kind, named by its content', async () => {
      for (const s of SAMPLES) {
        const data = await uploaded(await upload(corp, new Blob([s.bytes]), s.name));
        expect(data.content_type, s.name).toBe(s.type);
        const res = await fetchFile(data.url, bearer(corp));
        expect(res.headers.get('content-type'), s.name).toBe(s.type);
        expect(new Uint8Array(await res.arrayBuffer()), s.name).toEqual(s.bytes);
      }
    });

    it('keeps JSON gzip on disk and serves it gzip or plain as the client accepts', async () => {
      const text = JSON.stringify({ rooms: Array.from({ length: 200 }, (_, i) => ({ name: `room ${i}`, area: i })) });
      const data = await uploaded(await upload(corp, new Blob([text]), 'room-info.json', 'roomInfo'));
      expect(data.url).toMatch(/^\/files\/uploads\/yfang_corp\/roomInfo\/[0-9a-f-]{36}\.json$/);
      const onDisk = readFileSync(path.join(dataDir, 'files', data.url.slice('/files/'.length)));
      expect([onDisk[0], onDisk[1]]).toEqual([0x1f, 0x8b]);
      expect(onDisk.length).toBeLessThan(text.length);

      const zipped = await fetchFile(data.url, { ...bearer(corp), 'Accept-Encoding': 'gzip, deflate' });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(text);
      const plain = await fetchFile(data.url, { ...bearer(corp), 'Accept-Encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(text);
    });

    it('refuses an .exe named .png, HTML, SVG and scripts with a clear 400', async () => {
      const exe = bytesOf('MZ\u0090\u0000\u0003\u0000\u0000\u0000PE');
      const res = await upload(yfang, new Blob([exe]), 'evil.png');
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({
        retcode: 400,
        retmsg: '不支持的文件类型：evil.png（仅支持 PNG、JPEG、GIF、WebP、PDF、JSON、ZIP/XLSX、GLB）',
        retdata: { field: 'file' },
      });
      const en = await app.request('/api/static', {
        method: 'POST',
        body: (() => {
          const f = new FormData();
          f.append('file', new Blob([exe]), 'evil.png');
          return f;
        })(),
        headers: { ...bearer(yfang), 'Accept-Language': 'en' },
      });
      expect((await json(en)).retmsg).toBe('File type not allowed: evil.png (allowed: PNG, JPEG, GIF, WebP, PDF, JSON, ZIP/XLSX, GLB)');
      for (const [content, name] of [
        ['<!doctype html><script>alert(1)</script>', 'page.png'],
        ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'logo.svg'],
        ['alert(document.cookie)', 'x.js'],
        ['{"unterminated": ', 'broken.json'],
      ] as const) {
        const refused = await upload(yfang, new Blob([content]), name);
        expect(refused.status, name).toBe(400);
        expect((await json(refused)).retmsg, name).toContain(name);
      }
      expect(await db.query(`select 1 from uploads where original_name in ('evil.png', 'page.png', 'logo.svg')`)).toHaveLength(0);
    });

    it('refuses content that contradicts the extension, and names a nameless file by its content', async () => {
      const res = await upload(yfang, new Blob([PNG]), 'photo.jpg');
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ retcode: 400, retmsg: '文件内容与扩展名不符：photo.jpg 的内容是 PNG', retdata: { field: 'file' } });
      const nameless = await uploaded(await upload(yfang, new Blob([PNG]), 'blob'));
      expect(nameless.url).toMatch(/\.png$/);
    });

    it('names what is missing or wrong in the form', async () => {
      const noFile = await upload(yfang, null, 'x', 'yfang');
      expect(noFile.status).toBe(400);
      expect(await json(noFile)).toMatchObject({ retcode: 400, retmsg: '请选择要上传的文件（字段 file）', retdata: { field: 'file' } });
      const fileAsText = await upload(yfang, 'just text');
      expect(fileAsText.status).toBe(400);
      const empty = await upload(yfang, new Blob([]), 'empty.png');
      expect(await json(empty)).toMatchObject({ retcode: 400, retmsg: '上传的文件为空：empty.png' });
      for (const type of ['../etc', 'a b', 'x'.repeat(33), '类型']) {
        const bad = await upload(yfang, new Blob([PNG]), 'a.png', type);
        expect(bad.status, type).toBe(400);
        expect(await json(bad)).toMatchObject({ retdata: { field: 'type' } });
      }
      const notMultipart = await app.request('/api/static', { method: 'POST', body: '{"file":"x"}', headers: { ...bearer(yfang), 'Content-Type': 'application/json' } });
      expect(notMultipart.status).toBe(400);
      expect((await json(notMultipart)).retmsg).toBe('上传请求必须是 multipart/form-data');
      const brokenMultipart = await app.request('/api/static', {
        method: 'POST',
        body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nno closing boundary',
        headers: { ...bearer(yfang), 'Content-Type': 'multipart/form-data; boundary=xyz' },
      });
      expect(brokenMultipart.status).toBe(400);
    });

    it('refuses a file over the limit with 413, by declared length or while reading', async () => {
      const big = new Uint8Array(LIMIT + 1);
      big.set(PNG);
      const res = await upload(yfang, new Blob([big]), 'big.png');
      expect(res.status).toBe(413);
      expect(await json(res)).toMatchObject({ retcode: 413, retmsg: '文件过大（上限 1 MB）' });
      const declared = await app.request('/api/static', {
        method: 'POST',
        body: 'x',
        headers: { ...bearer(yfang), 'Content-Type': 'multipart/form-data; boundary=b', 'Content-Length': String(50 * 1024 * 1024) },
      });
      expect(declared.status).toBe(413);
      const atLimit = new Uint8Array(LIMIT);
      atLimit.set(PNG);
      expect((await upload(yfang, new Blob([atLimit]), 'edge.png')).status).toBe(200);
    });

    it('needs a session to upload', async () => {
      const res = await upload(null, new Blob([PNG]), 'a.png');
      expect(res.status).toBe(401);
      expect((await json(res)).retcode).toBe(401);
    });

    it('api/upload.ts uploads a file and a JSON text', async () => {
      const client = apiClientFor(app, corp);
      const png = await uploadFile(client, new Blob([PNG]), { filename: 'api.png', type: 'preview' });
      expect(png.url).toMatch(/^\/files\/uploads\/yfang_corp\/preview\/[0-9a-f-]{36}\.png$/);
      const room = await uploadJson(client, '[{"type":1,"area":20}]', 'room-info.json');
      expect(room).toMatchObject({ content_type: 'application/json', name: 'room-info.json' });
      expect(await (await fetchFile(room.url, bearer(corp))).text()).toBe('[{"type":1,"area":20}]');
    });
  });
}
