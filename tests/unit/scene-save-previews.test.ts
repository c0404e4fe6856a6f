import { describe, expect, it } from 'vitest';
import type { SavedFileData } from '../../protocol/scene-file';
import { dataUrlBytes, saveScene } from '../../ui/scene/save';
import { makeDeps, networkError } from './scene-fakes';

// A manual save uploads the kernel's previews (core.md §3 imageData, and imageList as the
// multiFloorImage list of a multi-storey scene) and names them in the scene's new version.

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
const dataUrl = (bytes: Uint8Array) => `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;

function withPreviews(deps: ReturnType<typeof makeDeps>, data: Partial<SavedFileData>): void {
  const original = deps.kernel.savedFileData.bind(deps.kernel);
  deps.kernel.savedFileData = async (code?: string) => ({ ...(await original(code)), ...data });
}

describe('previews on a manual save', () => {
  it('decodes a base64 data URL and refuses anything else', () => {
    expect(dataUrlBytes(dataUrl(JPEG))).toEqual(JPEG);
    expect(dataUrlBytes('')).toBeNull();
    expect(dataUrlBytes('https://example.com/a.jpg')).toBeNull();
    expect(dataUrlBytes('data:image/jpeg,notbase64')).toBeNull();
  });

  it('uploads the preview and names it in the new scene', async () => {
    const deps = makeDeps();
    withPreviews(deps, { imageData: dataUrl(JPEG), imageList: [{ layerIndex: 0, preview: dataUrl(JPEG) }] });
    expect((await saveScene(deps, { name: 'A' })).kind).toBe('saved');
    const uploads = deps.server.called('upload');
    expect(uploads.map((u) => u.args[0])).toEqual(['scene', 'roomInfo', 'preview']);
    expect(uploads[2]!.args[1]).toEqual(JPEG);
    const [create] = deps.server.called('create');
    expect(create!.args[0]).toMatchObject({ preview: '/files/scenes/p/upload-3.preview' });
    // One storey: no floor list.
    expect(create!.args[0]).not.toHaveProperty('multiFloorImage');
  });

  it('a scene of several storeys also uploads one preview per storey and their list', async () => {
    const deps = makeDeps();
    withPreviews(deps, {
      imageData: dataUrl(JPEG),
      imageList: [
        { layerIndex: 0, preview: dataUrl(JPEG) },
        { layerIndex: 1, preview: dataUrl(JPEG) },
      ],
    });
    expect((await saveScene(deps, { name: 'A' })).kind).toBe('saved');
    const uploads = deps.server.called('upload');
    expect(uploads.map((u) => u.args[0])).toEqual(['scene', 'roomInfo', 'preview', 'preview', 'preview', 'floors']);
    expect(JSON.parse(uploads[5]!.args[1] as string)).toEqual([
      { layerIndex: 0, preview: '/files/scenes/p/upload-4.preview' },
      { layerIndex: 1, preview: '/files/scenes/p/upload-5.preview' },
    ]);
    const [create] = deps.server.called('create');
    expect(create!.args[0]).toMatchObject({ preview: '/files/scenes/p/upload-3.preview', multiFloorImage: '/files/scenes/p/upload-6.floors' });
  });

  it('a preview that cannot be uploaded does not fail the save of the design', async () => {
    const deps = makeDeps();
    withPreviews(deps, { imageData: dataUrl(JPEG) });
    let uploads = 0;
    const upload = deps.server.upload.bind(deps.server);
    deps.server.upload = async (kind, body) => {
      uploads += 1;
      if (kind === 'preview') throw networkError('/meta20/x/scene/upload');
      return upload(kind, body);
    };
    const outcome = await saveScene(deps, { name: 'A' });
    expect(outcome.kind).toBe('saved');
    expect(uploads).toBe(3);
    const [create] = deps.server.called('create');
    expect(create!.args[0]).not.toHaveProperty('preview');
  });
});
