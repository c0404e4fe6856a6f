import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { KernelCommandError } from '../../protocol/errors';
import type { NewSceneMeta } from '../../protocol/kernel-api';
import type { HouseTypeInfo } from '../../protocol/records';
import { inProcessKernel, type InProcessKernel } from './fixtures/in-process-kernel';

// A new scheme from the house-type dialog (issue 16): newScene replaces the open scene by an empty
// one whose meta carries the dialog's defaults, and the meta record's optional houseType field.

const HOUSE: HouseTypeInfo = { roomNumber: 6, bedroomNumber: 3, parlourNumber: 2, bathroomNumber: 1, building: '阳光花园' };
const DEFAULTS: NewSceneMeta = {
  name: '我的新方案',
  style: '现代',
  roomType: 0,
  client: { name: '王五', phone: '13800000000', address: '人民路 1 号', custom_client_info: [{ key: 'ClientArea', Remark: '110100' }] },
  houseType: HOUSE,
};

let open: InProcessKernel[] = [];
afterEach(() => {
  open.forEach((k) => k.close());
  open = [];
});

async function started(): Promise<InProcessKernel> {
  const k = inProcessKernel();
  open.push(k);
  await k.api.init(null, { width: 100, height: 100, dpr: 1 });
  await k.api.startScene();
  return k;
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('newScene', () => {
  it('replaces a scene with rooms by an empty one (one storey) carrying the defaults: no undo, nothing unsaved', async () => {
    const { api, channel } = await started();
    await channel.exec('meta.update', { name: '旧方案' });
    expect(Object.keys((await channel.subscribe()).rooms)).toHaveLength(1);

    await api.newScene(DEFAULTS);
    const s = await channel.subscribe();
    expect(s.rooms).toEqual({});
    expect(s.counts.wall).toBe(0);
    expect(s.storeys).toHaveLength(1);
    expect(s.meta).toMatchObject({ name: '我的新方案', style: '现代', roomType: 0, houseType: HOUSE });
    expect(s.meta.client).toMatchObject({ name: '王五', phone: '13800000000', address: '人民路 1 号', id: '', order_number: '' });
    expect(s.meta.client.custom_client_info).toEqual([{ key: 'ClientArea', Remark: '110100' }]);
    expect(s).toMatchObject({ canUndo: false, canRedo: false, dirty: false });

    // A wall can be drawn on it at once (the storey is there), and the house type is saved with it.
    await channel.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 3000, y: 0 } });
    const saved = JSON.parse((await api.save()).json) as { records: { type: string; houseType?: unknown }[] };
    expect(saved.records.find((r) => r.type === 'meta')?.houseType).toEqual(HOUSE);
  });

  it('refuses bad defaults with INVALID_ARGS and leaves the open scene as it was', async () => {
    const { api, channel } = await started();
    const before = await channel.subscribe();
    for (const bad of [
      { houseType: { ...HOUSE, bedroomNumber: -1 } },
      { houseType: { ...HOUSE, bathroomNumber: 1.5 } },
      { houseType: { ...HOUSE, parlourNumber: 100 } },
      { houseType: { roomNumber: 1, bedroomNumber: 1, parlourNumber: 0, bathroomNumber: 0 } },
      { name: 'x'.repeat(201) },
    ]) {
      const e = await rejection(api.newScene(bad as NewSceneMeta));
      expect(e).toBeInstanceOf(KernelCommandError);
      expect(e).toMatchObject({ code: 'INVALID_ARGS', command: 'newScene' });
    }
    const after = await channel.subscribe();
    expect(after.rooms).toEqual(before.rooms);
    expect(after.meta).toEqual(before.meta);
  });
});

describe('the meta record house type', () => {
  it('is optional: a file written before it (meta v1 fixture) loads, and saves and reloads byte for byte', async () => {
    const { api, channel } = await started();
    await api.load(readFileSync(new URL('./fixtures/scenes/meta-v1.json', import.meta.url), 'utf8'));
    expect((await channel.subscribe()).meta).not.toHaveProperty('houseType');
    const text = (await api.save()).json;
    expect(text).not.toContain('houseType');
    await api.load(text);
    expect((await api.save()).json).toBe(text);
  });

  it('round-trips through meta.update and a save, and a file with a bad one is refused whole', async () => {
    const { api, channel } = await started();
    await channel.exec('meta.update', { houseType: HOUSE });
    expect((await channel.subscribe()).meta.houseType).toEqual(HOUSE);
    const text = (await api.save()).json;
    await api.load(text);
    expect((await channel.subscribe()).meta.houseType).toEqual(HOUSE);

    const file = JSON.parse(text) as { records: Record<string, unknown>[] };
    const meta = file.records.find((r) => r.type === 'meta')!;
    meta.houseType = { ...HOUSE, bedroomNumber: '3' };
    const e = await rejection(api.load(JSON.stringify(file)));
    expect(e).toMatchObject({ code: 'BAD_FILE' });
    expect((e as KernelCommandError).detail).toMatch(/houseType\.bedroomNumber/);
    expect((await channel.subscribe()).meta.houseType).toEqual(HOUSE);
  });
});
