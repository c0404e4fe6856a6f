import { describe, expect, it } from 'vitest';
import { KernelCommandError } from '../../protocol/errors';
import { NOT_A_SCENE_FILE, UNKNOWN_FILE_FORMAT } from '../../protocol/scene-file';
import {
  clientRemark,
  exportRefusal,
  fromOrderOrExam,
  importLocalFile,
  LOCAL_FILE_MAX_BYTES,
  localFileName,
  needsImportPrompt,
  refusalOfLoadError,
  sniffLocalFile,
} from '../../ui/scene/local-file';
import { createOpLock, initialSessionState, type CurrentScene } from '../../ui/scene/state';
import { FakeKernel } from './scene-fakes';

const stored: CurrentScene = { id: 7, uuid: 'u-7', name: '海景房', version: 3, currentVersionId: 30, updatedAt: '2026-11-01T00:00:00.000Z' };

describe('export to local (core.md §5)', () => {
  it('needs a saved scene unless the scene is from an order or exam', () => {
    expect(exportRefusal({ sceneId: null, fromOrderOrExam: false })).toBe('save-first');
    expect(exportRefusal({ sceneId: null, fromOrderOrExam: true })).toBeNull();
    expect(exportRefusal({ sceneId: 7, fromOrderOrExam: false })).toBeNull();
  });

  it('knows an order or exam session by orderNo / examId in the address', () => {
    expect(fromOrderOrExam('?orderNo=FD2026-01')).toBe(true);
    expect(fromOrderOrExam('?sceneId=3&examId=12')).toBe(true);
    expect(fromOrderOrExam('?sceneId=3&orderNo=')).toBe(false);
    expect(fromOrderOrExam('')).toBe(false);
  });

  it('names the file by the scheme, or in project MLS by the client Remark, made safe for a disk', () => {
    const client = { name: '', phone: '', id: '', address: '', order_number: '', custom_client_info: [{ key: 'Remark', Remark: '王先生 3/栋' }] };
    const remark = clientRemark(client);
    expect(remark).toBe('王先生 3/栋');
    expect(localFileName({ project: 'MLS', remark, schemeName: '海景房', fallback: '未命名方案' })).toBe('王先生 3 栋.yfscene');
    expect(localFileName({ project: 'yfang', remark, schemeName: '海景房', fallback: '未命名方案' })).toBe('海景房.yfscene');
    expect(localFileName({ project: 'MLS', remark: '  ', schemeName: 'a:b?', fallback: '未命名方案' })).toBe('a b.yfscene');
    expect(localFileName({ project: 'yfang', remark: '', schemeName: '///', fallback: '未命名方案' })).toBe('未命名方案.yfscene');
    expect(clientRemark({ ...client, custom_client_info: [] })).toBe('');
  });
});

describe('import of a local file: what is refused before the kernel reads it', () => {
  const head = (...b: number[]) => new Uint8Array(b);
  it('refuses empty and oversize files, images, models and archives by their first bytes', () => {
    expect(sniffLocalFile(0, head())).toBe('empty');
    expect(sniffLocalFile(LOCAL_FILE_MAX_BYTES + 1, head(0x1f, 0x8b))).toBe('too-large');
    expect(sniffLocalFile(100, head(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a))).toBe('foreign');
    expect(sniffLocalFile(100, head(0xff, 0xd8, 0xff, 0xe0))).toBe('foreign');
    expect(sniffLocalFile(100, head(0x67, 0x6c, 0x54, 0x46, 2, 0))).toBe('foreign');
    expect(sniffLocalFile(100, head(0x50, 0x4b, 0x03, 0x04))).toBe('foreign');
  });
  it('hands gzip and JSON text to the kernel', () => {
    expect(sniffLocalFile(LOCAL_FILE_MAX_BYTES, head(0x1f, 0x8b, 8, 0))).toBeNull();
    expect(sniffLocalFile(10, head(0x7b, 0x22))).toBeNull();
  });
  it("words the kernel's refusals: not a scene file, damaged, newer", () => {
    const e = (code: 'BAD_FILE' | 'UNSUPPORTED_VERSION', detail: string) => new KernelCommandError(code, 'load', detail);
    expect(refusalOfLoadError(e('BAD_FILE', `${NOT_A_SCENE_FILE} (no "format"; expected "yfang-scene")`))).toBe('foreign');
    expect(refusalOfLoadError(e('UNSUPPORTED_VERSION', `${UNKNOWN_FILE_FORMAT} "gltf"`))).toBe('foreign');
    expect(refusalOfLoadError(e('BAD_FILE', 'gzip data is damaged: CRC-32 …'))).toBe('damaged');
    expect(refusalOfLoadError(e('BAD_FILE', 'not valid JSON (Unexpected end)'))).toBe('damaged');
    expect(refusalOfLoadError(e('UNSUPPORTED_VERSION', 'wall records are version 9; this kernel reads up to version 2'))).toBe('newer');
  });
});

describe('import of a local file: 保存提示 and the session', () => {
  it('asks first only when work on screen is not stored', () => {
    const kernel = { contentRecords: () => 5, dirty: () => false };
    const fresh = initialSessionState();
    expect(needsImportPrompt(fresh, kernel)).toBe(false); // the untouched starting room
    expect(needsImportPrompt(fresh, { ...kernel, dirty: () => true })).toBe(true);
    expect(needsImportPrompt({ scene: stored, unconfirmedSave: false }, kernel)).toBe(false);
    expect(needsImportPrompt({ scene: stored, unconfirmedSave: true }, kernel)).toBe(true);
    expect(needsImportPrompt({ scene: stored, unconfirmedSave: false }, { ...kernel, dirty: () => true })).toBe(true);
    expect(needsImportPrompt({ scene: stored, unconfirmedSave: false }, { contentRecords: () => 0, dirty: () => true })).toBe(false);
  });

  const gz = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

  it('an imported file becomes a new scheme that was never saved', async () => {
    const kernel = new FakeKernel();
    const state = { ...initialSessionState(), scene: stored, lastBackup: { at: 1, versionId: 31 } };
    const outcome = await importLocalFile({ kernel, state, lock: createOpLock() }, gz);
    expect(outcome.kind).toBe('imported');
    expect(kernel.called('load')).toHaveLength(1);
    expect(state).toMatchObject({ scene: null, unconfirmedSave: false, conflict: null, lastBackup: null, busy: null });
  });

  it('a refused file leaves the session as it was, and a sniffed one never reaches the kernel', async () => {
    const kernel = new FakeKernel();
    kernel.loadError = new KernelCommandError('BAD_FILE', 'load', 'gzip data cut short (9 bytes)');
    const state = { ...initialSessionState(), scene: stored, unconfirmedSave: true };
    const before = structuredClone(state);
    expect(await importLocalFile({ kernel, state, lock: createOpLock() }, gz)).toMatchObject({ kind: 'refused', reason: 'damaged' });
    expect(state).toEqual(before);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await importLocalFile({ kernel, state, lock: createOpLock() }, png)).toEqual({ kind: 'refused', reason: 'foreign', error: null });
    expect(kernel.called('load')).toHaveLength(1);
    expect(state).toEqual(before);
  });

  it('waits its turn and refuses while another operation is under way', async () => {
    const kernel = new FakeKernel();
    const state = { ...initialSessionState(), busy: 'saving' as const };
    expect(await importLocalFile({ kernel, state, lock: createOpLock() }, gz)).toEqual({ kind: 'busy' });
    expect(kernel.called('load')).toHaveLength(0);
  });
});
