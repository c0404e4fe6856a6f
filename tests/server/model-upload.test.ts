// Model uploads (PersonLib per user, BrandLib per tenant): each refusal with its own zh/en
// message and nothing stored, and the accepted files from other tools (Khronos samples in
// tests/fixtures/gltf, as .gltf, GLB and zip of separate files) turned into catalogue models:
// sizes in mm, base centre at the origin, cover, plan symbol, low-poly variant, immutable files,
// listed in their library only for those who may see them, deletable by their owner.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Document, NodeIO, getBounds } from '@gltf-transform/core';
import { zipSync } from 'fflate';
import validator from 'gltf-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { createApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { runMigrations } from '../../server/db/migrate';
import { silentLogger } from '../../server/logger';
import { seedDemoData } from '../../server/seed';
import { message } from '../../server/messages';
import { encodePng } from '../../server/catalogues/png';
import { decodePng } from '../../server/catalogues/png-decode';
import { buildModel, furnitureDefs } from '../../server/catalogues/furniture/catalogue';
import { MODEL_UPLOAD_LIMITS } from '../../server/catalogues/model-upload';
import type { PagedResult } from '../../server/catalogues/http';
import type { ModelItem } from '../../server/catalogues/models';
import { backends } from './helpers';
import { apiClientFor, MemoryStorage, readPng, signIn, type Caller, type TestApp } from './catalogue-helpers';
import { deleteModel, listModels, uploadModel } from '../../api/model';
import { login } from '../../api/session';
import { ApiError } from '../../api/errors';

const FIXTURES = path.join(__dirname, '../fixtures/gltf');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const io = new NodeIO();
/** The Khronos validator finds no errors (warnings may come from the uploaded file itself). */
async function expectValidGlb(bytes: Uint8Array, what: string): Promise<void> {
  const report = await validator.validateBytes(bytes, { maxIssues: 20 });
  const errors = report.issues.messages.filter((m) => m.severity === 0).map((m) => `${m.code} ${m.pointer ?? ''}`);
  expect(errors, what).toEqual([]);
}

/** small enough that the size refusal is cheap to test */
const MAX_BYTES = 2 * 1024 * 1024;

async function glbOf(gltf: Uint8Array): Promise<Uint8Array> {
  const json = JSON.parse(new TextDecoder().decode(gltf)) as Record<string, unknown>;
  return io.writeBinary(await io.readJSON({ json: json as never, resources: {} }));
}

/** The same real asset as separate files: the data URIs written out beside the .gltf, in a folder of the zip. */
function separateZip(gltf: Uint8Array, drop: string[] = []): Uint8Array {
  const json = JSON.parse(new TextDecoder().decode(gltf)) as { buffers?: { uri: string }[]; images?: { uri: string }[] };
  const files: Record<string, Uint8Array> = {};
  const outOf = (list: { uri: string }[] | undefined, stem: string, ext: string) =>
    list?.forEach((r, i) => {
      const name = `${stem}${i}.${ext}`;
      files[`model/${name}`] = new Uint8Array(Buffer.from(r.uri.slice(r.uri.indexOf(',') + 1), 'base64'));
      r.uri = name;
    });
  outOf(json.buffers, 'buffer', 'bin');
  outOf(json.images, 'texture', 'png');
  files['model/scene.gltf'] = new TextEncoder().encode(JSON.stringify(json));
  for (const d of drop) delete files[`model/${d}`];
  return zipSync(files);
}

/** A document whose one small mesh is placed on `copies` nodes: many triangles, few bytes. */
async function instancedGlb(copies: number): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const n = 1000;
  const pos = new Float32Array(n * 9);
  for (let t = 0; t < n; t++) pos.set([t * 0.001, 0, 0, t * 0.001 + 0.001, 0, 0, t * 0.001, 0.5, 0], t * 9);
  const mesh = doc.createMesh().addPrimitive(doc.createPrimitive().setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(pos).setBuffer(buffer)));
  const scene = doc.createScene();
  for (let i = 0; i < copies; i++) scene.addChild(doc.createNode().setMesh(mesh).setTranslation([0, 0, i * 0.001]));
  return io.writeBinary(doc);
}

/** A 1 m box of two triangles a face with the given textures in the file. */
async function texturedGlb(images: { bytes: Uint8Array; mime: string }[]): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const material = doc.createMaterial();
  images.forEach((im, i) => {
    const t = doc.createTexture(`t${i}`).setImage(im.bytes).setMimeType(im.mime);
    if (i === 0) material.setBaseColorTexture(t);
  });
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])).setBuffer(buffer))
    .setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(new Float32Array([0, 0, 1, 0, 0, 1])).setBuffer(buffer))
    .setMaterial(material);
  doc.createScene().addChild(doc.createNode().setMesh(doc.createMesh().addPrimitive(prim)));
  return io.writeBinary(doc);
}

const png = (w: number, h: number) => encodePng(w, h, new Uint8Array(w * h * 3).fill(200));
const GIF = new Uint8Array([...Buffer.from('GIF89a'), 1, 0, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b]);

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`model uploads on ${backend.name}`, () => {
    let app: TestApp;
    let db: Db;
    let storage: MemoryStorage;
    let dispose: () => Promise<void>;
    let designer: Caller;
    let member: Caller;
    let admin: Caller;
    let corp: Caller;

    beforeAll(async () => {
      const opened = await backend.open();
      db = opened.db;
      dispose = opened.dispose;
      await runMigrations(db);
      await seedDemoData(db);
      storage = new MemoryStorage();
      const config = defaultConfig({ distDir: '/nonexistent-dist-for-tests', dataDir: '/nonexistent-data-for-tests', modelUploadMaxBytes: MAX_BYTES });
      app = createApp({ db, config, logger: silentLogger, storage });
      [designer, member, admin, corp] = await Promise.all([
        signIn(app, 'yfang', 'designer', 'Design@2026'),
        signIn(app, 'yfang', 'member', 'Member@2026'),
        signIn(app, 'yfang', 'admin', 'Admin@2026'),
        signIn(app, 'yfang_corp', 'designer', 'Designer@2026'),
      ]);
    });
    afterAll(async () => {
      await dispose?.();
    });

    async function upload(who: Caller, bytes: Uint8Array, name: string, fields: Record<string, string> = {}, lang = 'zh-CN') {
      const form = new FormData();
      form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      const res = await app.request('/api/admin/model?action=upload', {
        method: 'POST',
        headers: { Authorization: `Bearer ${who.token}`, 'Accept-Language': lang },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { retcode: number; retmsg: string; retdata: unknown } };
    }

    const uploadedCount = async () => (await db.query<{ n: number }>('select count(*)::int as n from model_uploads'))[0]!.n;
    const listed = async (who: Caller, scope: string) =>
      (await who.get<PagedResult<ModelItem>>('/api/admin/model', { action: 'list', scope, pageSize: 200 })).body.retdata.data;

    describe('refusals: a clear zh and en message each, nothing stored', () => {
      const cases: [string, () => Promise<Uint8Array> | Uint8Array, string, string, number, string][] = [
        ['not a model', () => png(4, 4), 'photo.png', 'notModel', 30011, '不支持的模型文件'],
        ['a text file', () => new TextEncoder().encode('hello'), 'notes.glb', 'notModel', 30011, '不支持的模型文件'],
        ['a corrupt GLB', async () => (await glbOf(fixture('Box.gltf'))).slice(0, 200), 'broken.glb', 'corrupt', 30012, '已损坏'],
        ['corrupt glTF JSON', () => new TextEncoder().encode('{"asset": {"version": "2.0"}, "meshes": [oops'), 'broken.gltf', 'corrupt', 30012, '已损坏'],
        ['too many triangles', () => instancedGlb(Math.ceil(MODEL_UPLOAD_LIMITS.maxTriangles / 1000) + 1), 'dense.glb', 'tooManyTriangles', 30014, '面数过多'],
        [
          'too many textures',
          () => texturedGlb(Array.from({ length: MODEL_UPLOAD_LIMITS.maxTextures + 1 }, () => ({ bytes: png(2, 2), mime: 'image/png' }))),
          'many.glb',
          'tooManyTextures',
          30015,
          '贴图过多',
        ],
        ['a texture too large', () => texturedGlb([{ bytes: png(MODEL_UPLOAD_LIMITS.maxTexturePx + 1, 1), mime: 'image/png' }]), 'big.glb', 'textureTooLarge', 30016, '贴图尺寸过大'],
        ['an unsupported texture format', () => texturedGlb([{ bytes: GIF, mime: 'image/gif' }]), 'gif.glb', 'textureFormat', 30017, '不支持的贴图格式'],
        ['a zip missing its texture', () => separateZip(fixture('BoxTextured.gltf'), ['texture0.png']), 'box.zip', 'missingFile', 30018, 'texture0.png'],
        ['a lone .gltf naming an outside file', () => new TextEncoder().encode('{"asset":{"version":"2.0"},"buffers":[{"uri":"box.bin","byteLength":8}]}'), 'box.gltf', 'missingFile', 30018, 'box.bin'],
        [
          'an empty scene',
          async () => {
            const doc = new Document();
            doc.createScene().addChild(doc.createNode('empty'));
            return io.writeBinary(doc);
          },
          'empty.glb',
          'emptyScene',
          30019,
          '场景为空',
        ],
        [
          'a required compression extension',
          () => {
            const json = JSON.parse(new TextDecoder().decode(fixture('Box.gltf'))) as Record<string, unknown>;
            json.extensionsUsed = json.extensionsRequired = ['KHR_draco_mesh_compression'];
            return new TextEncoder().encode(JSON.stringify(json));
          },
          'draco.gltf',
          'unsupportedExtension',
          30020,
          'KHR_draco_mesh_compression',
        ],
      ];
      for (const [what, make, name, reason, retcode, zhText] of cases) {
        it(`refuses ${what}`, async () => {
          const before = await uploadedCount();
          const objects = storage.objects.size;
          const bytes = await make();
          const zh = await upload(designer, bytes, name);
          expect(zh.status, zh.body.retmsg).toBe(400);
          expect(zh.body.retcode).toBe(retcode);
          expect(zh.body.retdata).toMatchObject({ reason });
          expect(zh.body.retmsg).toContain(zhText);
          const en = await upload(designer, bytes, name, {}, 'en');
          expect(en.body.retcode).toBe(retcode);
          expect(en.body.retmsg).toMatch(/^[\x20-\x7e×]+$/);
          expect(en.body.retmsg).not.toBe(zh.body.retmsg);
          expect(await uploadedCount()).toBe(before);
          expect(storage.objects.size).toBe(objects);
        });
      }

      it('refuses a file over the size limit with 413 and the limit in MB', async () => {
        const before = await uploadedCount();
        const r = await upload(designer, new Uint8Array(MAX_BYTES + 1024), 'huge.glb');
        expect(r.status).toBe(413);
        expect(r.body.retcode).toBe(30013);
        expect(r.body.retmsg).toBe(message('modelUploadTooLarge', 'zh', { limitMb: 2 }));
        expect(await uploadedCount()).toBe(before);
      });

      it('refuses an upload whose conversion runs past MODEL_UPLOAD_TIMEOUT_S, in zh and en, storing nothing', async () => {
        // 1 ms: no worker thread even boots that fast, so the conversion is always cut off
        const config = defaultConfig({ distDir: '/nonexistent-dist-for-tests', dataDir: '/nonexistent-data-for-tests', modelUploadTimeoutMs: 1 });
        const slow = createApp({ db, config, logger: silentLogger, storage });
        const before = await uploadedCount();
        for (const [lang, text] of [
          ['zh-CN', '模型转换失败或超时：box.glb'],
          ['en', 'The model could not be converted in time: box.glb'],
        ] as const) {
          const form = new FormData();
          form.set('file', new File([(await glbOf(fixture('Box.gltf'))) as Uint8Array<ArrayBuffer>], 'box.glb'));
          const res = await slow.request('/api/admin/model?action=upload', {
            method: 'POST',
            headers: { Authorization: `Bearer ${designer.token}`, 'Accept-Language': lang },
            body: form,
          });
          expect(res.status).toBe(400);
          const body = (await res.json()) as { retcode: number; retmsg: string; retdata: unknown };
          expect(body).toMatchObject({ retcode: 30021, retdata: { reason: 'conversionFailed', field: 'file' } });
          expect(body.retmsg).toContain(text);
        }
        expect(await uploadedCount()).toBe(before);
      });

      it('refuses a designer who is not a project admin an upload to the brand library', async () => {
        const r = await upload(designer, fixture('Box.gltf'), 'box.gltf', { library_type: 'brand' });
        expect(r.status).toBe(403);
        expect(r.body.retmsg).toBe(message('modelUploadBrandForbidden', 'zh'));
      });
    });

    describe('accepted uploads', () => {
      let box: ModelItem;

      it('turns a real GLB into a personal model with sizes in mm and the base centre at the origin', async () => {
        const r = await upload(designer, await glbOf(fixture('Box.gltf')), 'Red box.glb');
        expect(r.status, r.body.retmsg).toBe(200);
        box = r.body.retdata as ModelItem;
        expect(box).toMatchObject({ name: 'Red box', sizex: 1000, sizey: 1000, sizez: 1000, display_size: '1000x1000x1000', library: 'personal', type: 'floor', triangles: 12 });
        // the row has every field a catalogue model has
        const pub = (await listed(designer, 'public'))[0]!;
        expect(Object.keys(box).sort()).toEqual(Object.keys(pub).sort());

        const glb = await app.request(box.gltf_url);
        expect(glb.status).toBe(200);
        expect(glb.headers.get('cache-control')).toContain('immutable');
        const glbBytes = new Uint8Array(await glb.arrayBuffer());
        await expectValidGlb(glbBytes, 'the stored GLB');
        const doc = await io.readBinary(glbBytes);
        const { min, max } = getBounds(doc.getRoot().getDefaultScene()!);
        expect(min[1]).toBeCloseTo(0, 5);
        expect((min[0] + max[0]) / 2).toBeCloseTo(0, 5);
        expect((min[2] + max[2]) / 2).toBeCloseTo(0, 5);
        expect(max[1] - min[1]).toBeCloseTo(1, 5);

        const cover = await app.request(box.cover_url);
        expect(cover.status).toBe(200);
        const coverBytes = new Uint8Array(await cover.arrayBuffer());
        readPng(coverBytes);
        const info = decodePng(coverBytes)!;
        expect([info.width, info.height]).toEqual([256, 256]);
        // the box is red (base colour 0.8 linear): many strongly red pixels on the light background
        let red = 0;
        for (let y = 0; y < info.height; y++) {
          for (let x = 0; x < info.width; x++) {
            const i = (y * info.width + x) * 3;
            if (info.rgb[i]! > 100 && info.rgb[i + 1]! < 40 && info.rgb[i + 2]! < 40) red++;
          }
        }
        expect(red).toBeGreaterThan(256 * 256 * 0.2);

        const plan = (await (await app.request(box.plan_url)).json()) as { outlines: [number, number][][] };
        expect(plan.outlines[0]!.map(([x, y]) => [Math.abs(x), Math.abs(y)])).toEqual(Array(4).fill([500, 500]));
      });

      it('is listed in its owner PersonLib only: not to another user, not to another tenant', async () => {
        expect((await listed(designer, 'personal')).map((m) => m.id)).toContain(box.id);
        expect((await listed(member, 'personal')).map((m) => m.id)).not.toContain(box.id);
        expect((await listed(member, 'all')).map((m) => m.id)).not.toContain(box.id);
        expect((await listed(corp, 'all')).map((m) => m.id)).not.toContain(box.id);
        expect((await member.get(`/api/admin/model/${box.id}`)).status).toBe(404);
        expect((await designer.get<ModelItem>(`/api/admin/model/${box.id}`)).body.retdata.model_id).toBe(box.model_id);
      });

      it('reads a zip of a .gltf with its separate .bin and PNG, and draws the texture on the cover', async () => {
        const r = await upload(designer, separateZip(fixture('BoxTextured.gltf')), 'textured.zip', { name: '贴图盒子' });
        expect(r.status, r.body.retmsg).toBe(200);
        const m = r.body.retdata as ModelItem;
        expect(m).toMatchObject({ name: '贴图盒子', display_size: '1000x1000x1000' });
        const info = decodePng(new Uint8Array(await (await app.request(m.cover_url)).arrayBuffer()))!;
        // the Cesium logo's blue and green, which the untextured white default could not show
        let blue = 0, green = 0;
        for (let y = 0; y < info.height; y++) {
          for (let x = 0; x < info.width; x++) {
            const i = (y * info.width + x) * 3;
            const [r0, g0, b0] = [info.rgb[i]!, info.rgb[i + 1]!, info.rgb[i + 2]!];
            if (b0 > r0 + 40 && b0 > g0) blue++;
            if (g0 > r0 + 30 && g0 > b0 + 30) green++;
          }
        }
        expect(blue).toBeGreaterThan(1000);
        expect(green).toBeGreaterThan(1000);
      });

      it('draws a JPEG texture on the cover (BoxTextured with a real JPEG as its picture)', async () => {
        const json = JSON.parse(new TextDecoder().decode(fixture('BoxTextured.gltf'))) as { buffers: { uri: string }[]; images: { uri: string }[] };
        const bin = new Uint8Array(Buffer.from(json.buffers[0]!.uri.split(',')[1]!, 'base64'));
        json.buffers[0]!.uri = 'box.bin';
        json.images[0]!.uri = 'python%20logo.jpg';
        const zip = zipSync({ 'box.gltf': new TextEncoder().encode(JSON.stringify(json)), 'box.bin': bin, 'python logo.jpg': fixture('python-logo.jpg') });
        const r = await upload(designer, zip, 'python-box.zip');
        expect(r.status, r.body.retmsg).toBe(200);
        const info = decodePng(new Uint8Array(await (await app.request((r.body.retdata as ModelItem).cover_url)).arrayBuffer()))!;
        // the logo's yellow and blue, which the untextured white default could not show
        let yellow = 0, blue = 0;
        for (let i = 0; i < info.rgb.length; i += 3) {
          const [r0, g0, b0] = [info.rgb[i]!, info.rgb[i + 1]!, info.rgb[i + 2]!];
          if (r0 > 150 && g0 > 110 && b0 < 90) yellow++;
          if (b0 > r0 + 40 && b0 > g0) blue++;
        }
        expect(yellow).toBeGreaterThan(2000);
        expect(blue).toBeGreaterThan(2000);
      });

      it('counts every instance of a mesh and keeps a flat model 1 mm deep (SimpleMeshes)', async () => {
        const r = await upload(designer, fixture('SimpleMeshes.gltf'), 'SimpleMeshes.gltf', { type: 'wall' });
        expect(r.status, r.body.retmsg).toBe(200);
        expect(r.body.retdata).toMatchObject({ sizex: 2000, sizey: 1, sizez: 1000, triangles: 2, type: 'wall' });
      });

      it('scales a model written in centimetres to its real size (auto) or as told (unit)', async () => {
        const doc = await io.readJSON({ json: JSON.parse(new TextDecoder().decode(fixture('Box.gltf'))) as never, resources: {} });
        doc.getRoot().listScenes()[0]!.listChildren()[0]!.setScale([80, 80, 80]);
        const cm = await io.writeBinary(doc);
        const auto = await upload(designer, cm, 'stool-cm.glb');
        expect(auto.body.retdata).toMatchObject({ display_size: '800x800x800' });
        const metres = await upload(designer, cm, 'stool-m.glb', { unit: 'mm' });
        expect(metres.body.retdata).toMatchObject({ display_size: '80x80x80' });
      });

      it('makes a low-poly variant with fewer triangles for a detailed model', async () => {
        const def = furnitureDefs().find((d) => d.family === 'sofa')!;
        const built = await buildModel(def, 1, { coverSize: 0 });
        const r = await upload(designer, built.glb, 'sofa.glb');
        expect(r.status, r.body.retmsg).toBe(200);
        const m = r.body.retdata as ModelItem;
        expect(m.isUseLowGltf).toBe(true);
        expect(m.lowTriangles).toBeLessThan(m.triangles * 0.5);
        const lowBytes = new Uint8Array(await (await app.request(m.low_gltf_url)).arrayBuffer());
        await expectValidGlb(lowBytes, 'the low-poly GLB');
        const low = await io.readBinary(lowBytes);
        const tris = low
          .getRoot()
          .listMeshes()
          .flatMap((mesh) => mesh.listPrimitives())
          .reduce((n, p) => n + p.getIndices()!.getCount() / 3, 0);
        expect(tris).toBe(m.lowTriangles);
        expect(m.sizex).toBe(def.size[0]);
      });

      it('lets a project admin upload to BrandLib, seen by the project and not by another tenant', async () => {
        const r = await upload(admin, fixture('Box.gltf'), 'brand-box.gltf', { library_type: 'brand' });
        expect(r.status, r.body.retmsg).toBe(200);
        const m = r.body.retdata as ModelItem;
        expect(m.library).toBe('brand');
        expect((await listed(designer, 'brand')).map((x) => x.id)).toContain(m.id);
        expect((await listed(corp, 'brand')).map((x) => x.id)).not.toContain(m.id);
        // a designer may see it but not delete it; the admin may
        expect((await designer.del(`/api/admin/model/${m.id}`)).status).toBe(403);
        expect((await admin.del(`/api/admin/model/${m.id}`)).status).toBe(200);
      });

      it('works through the api/ client: uploadModel, a refusal as ApiError with its reason, deleteModel', async () => {
        const client = apiClientFor(app);
        await login(client, { project: 'yfang', account: 'expired', password: 'Expired@2026' });
        const glb = await glbOf(fixture('Box.gltf'));
        const model = await uploadModel(client, new Blob([glb as Uint8Array<ArrayBuffer>]), { name: '客户端盒子', type: 'surface' }, { filename: 'box.glb' });
        expect(model).toMatchObject({ name: '客户端盒子', type: 'surface', library: 'personal', display_size: '1000x1000x1000' });
        expect((await listModels(client, { scope: 'personal' })).data.map((m) => m.id)).toEqual([model.id]);
        const refused = await uploadModel(client, new Blob(['not a model']), {}, { filename: 'x.glb', silent: true }).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(ApiError);
        expect((refused as ApiError).code).toBe(30011);
        expect((refused as ApiError).body).toMatchObject({ retdata: { reason: 'notModel' } });
        expect(await deleteModel(client, model.id)).toMatchObject({ id: model.id, deleted: true });
        expect((await listModels(client, { scope: 'personal' })).data).toEqual([]);
      });

      it('is deleted from the library by its owner only; placed copies keep their files', async () => {
        expect((await member.del(`/api/admin/model/${box.id}`)).status).toBe(404);
        expect((await corp.del(`/api/admin/model/${box.id}`)).status).toBe(404);
        const pub = (await listed(designer, 'public'))[0]!;
        expect((await designer.del(`/api/admin/model/${pub.id}`)).status).toBe(404);
        const r = await designer.del(`/api/admin/model/${box.id}`, { action: 'delete_model' });
        expect(r.status).toBe(200);
        expect((await listed(designer, 'personal')).map((m) => m.id)).not.toContain(box.id);
        expect((await designer.get(`/api/admin/model/${box.id}`)).status).toBe(404);
        // designs that placed it keep loading it: the files outlive the library entry
        expect((await app.request(box.gltf_url)).status).toBe(200);
        const [left] = await db.query<{ n: number }>('select count(*)::int as n from model_uploads where model_id = $1', [box.id]);
        expect(left!.n).toBe(0);
      });
    });
  });
}
