// 保存 / Ctrl+S decides before any dialog: an empty scene (only its meta record, storeys and the
// session records) is refused on the spot, with no name dialog and nothing uploaded.
import { describe, expect, it } from 'vitest';
import { contentRecordCount, type KernelSnapshot } from '../../protocol/snapshot';
import { saveRequestStep } from '../../ui/scene/save';
import { initialSessionState, type CurrentScene } from '../../ui/scene/state';
import { FakeKernel } from './scene-fakes';

const kernelWith = (counts: KernelSnapshot['counts']) => ({ contentRecords: () => contentRecordCount(counts) });
const stored: CurrentScene = { id: 7, uuid: 'u7', name: '客厅', version: 3, currentVersionId: 30, updatedAt: '2026-11-26T09:00:00Z' };
const bare: KernelSnapshot['counts'] = { meta: 1, storey: 2, view: 1, selection: 1, tool: 1, wall: 0, room: 0 };

describe('saveRequestStep', () => {
  it('refuses an empty new scene before the name dialog', () => {
    expect(saveRequestStep(initialSessionState(), kernelWith(bare))).toBe('empty');
  });

  it('refuses an emptied stored scene before any upload', () => {
    const state = { ...initialSessionState(), scene: stored };
    expect(saveRequestStep(state, kernelWith(bare))).toBe('empty');
  });

  it('asks a new scene with content for its name, and saves a stored one at once', () => {
    const drawn = { ...bare, wall: 4, room: 1 };
    expect(saveRequestStep(initialSessionState(), kernelWith(drawn))).toBe('ask-name');
    expect(saveRequestStep({ scene: stored }, kernelWith(drawn))).toBe('save');
    // one placed model is content too
    expect(saveRequestStep(initialSessionState(), kernelWith({ ...bare, model: 1 }))).toBe('ask-name');
  });

  it('agrees with the save itself on what is empty', () => {
    const kernel = new FakeKernel();
    kernel.content = 0;
    expect(saveRequestStep(initialSessionState(), kernel)).toBe('empty');
    kernel.content = 1;
    expect(saveRequestStep(initialSessionState(), kernel)).toBe('ask-name');
  });
});
