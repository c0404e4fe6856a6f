import { describe, expect, it } from 'vitest';
import {
  EMBED_PROTOCOL_VERSION,
  HOST_MESSAGE_TYPES,
  errorEvent,
  embedError,
  okResult,
  parseHostMessage,
  parseProductMessage,
} from '../../protocol/embed';

const v = EMBED_PROTOCOL_VERSION;

const VALID: readonly unknown[] = [
  { v, type: 'close' },
  { v, type: 'close', requestId: 'r1' },
  { v, type: 'insertItems', items: [{ modelId: 'M-1' }] },
  { v, type: 'insertItems', requestId: 'a', items: [{ modelId: 'M-1', at: { x: 100, y: -200 }, rotation: 1.57 }, { modelId: 'M-2', at: 'click' }] },
  { v, type: 'insertItems', items: [{ model: { url: 'https://cdn.example.com/sofa.glb', size: { x: 2000, y: 900, z: 800 }, name: '沙发' }, at: 'click' }] },
  { v, type: 'insertItems', items: [{ model: { url: '/files/models/a.glb', size: { x: 1, y: 1, z: 1 }, name: 'a' } }] },
  { v, type: 'quickRoom' },
  { v, type: 'cloneItem' },
  { v, type: 'cloneItem', id: 'model-3', offset: { x: 0, y: 800 } },
  { v, type: 'loadScene', sceneId: 12 },
  { v, type: 'loadScene', url: 'https://example.com/scene.yfang' },
  { v, type: 'closeWindow', requestId: 'x'.repeat(64) },
];

const INVALID: readonly [unknown, string][] = [
  [null, 'BAD_MESSAGE'],
  ['close', 'BAD_MESSAGE'],
  [[{ v, type: 'close' }], 'BAD_MESSAGE'],
  [{ type: 'close' }, 'UNSUPPORTED_VERSION'],
  [{ v: 2, type: 'close' }, 'UNSUPPORTED_VERSION'],
  [{ v: '1', type: 'close' }, 'UNSUPPORTED_VERSION'],
  [{ v, type: 'resize', width: 10, height: 10 }, 'UNKNOWN_TYPE'],
  [{ v, type: 'ready' }, 'UNKNOWN_TYPE'],
  [{ v, type: '__proto__' }, 'UNKNOWN_TYPE'],
  [{ v }, 'UNKNOWN_TYPE'],
  [{ v, type: 'close', extra: 1 }, 'BAD_MESSAGE'],
  [{ v, type: 'close', requestId: '' }, 'BAD_MESSAGE'],
  [{ v, type: 'close', requestId: 'x'.repeat(65) }, 'BAD_MESSAGE'],
  [{ v, type: 'insertItems' }, 'BAD_MESSAGE'],
  [{ v, type: 'insertItems', items: [] }, 'BAD_MESSAGE'],
  [{ v, type: 'insertItems', items: Array.from({ length: 501 }, () => ({ modelId: 'm' })) }, 'BAD_MESSAGE'],
  [{ v, type: 'insertItems', items: [{}] }, 'BAD_MESSAGE'],
  [{ v, type: 'insertItems', items: [{ modelId: '' }] }, 'BAD_MESSAGE'],
  [{ v, type: 'insertItems', items: [{ modelId: 'm', at: 'here' }] }, 'BAD_MESSAGE'],
  [{ v, type: 'insertItems', items: [{ modelId: 'm', at: { x: Number.NaN, y: 0 } }] }, 'BAD_MESSAGE'],
  [{ v, type: 'insertItems', items: [{ modelId: 'm', at: { x: 1e9, y: 0 } }] }, 'BAD_MESSAGE'],
  [{ v, type: 'insertItems', items: [{ modelId: 'm', model: { url: '/files/a.glb', size: { x: 1, y: 1, z: 1 }, name: 'a' } }] }, 'BAD_MESSAGE'],
  [{ v, type: 'insertItems', items: [{ model: { url: 'javascript:alert(1)', size: { x: 1, y: 1, z: 1 }, name: 'a' } }] }, 'BAD_MESSAGE'],
  [{ v, type: 'insertItems', items: [{ model: { url: '/files/a.glb', size: { x: 0, y: 1, z: 1 }, name: 'a' } }] }, 'BAD_MESSAGE'],
  [{ v, type: 'insertItems', items: [{ model: { url: '/files/a.glb', size: { x: 1, y: 1, z: 1 }, name: '  ' } }] }, 'BAD_MESSAGE'],
  [{ v, type: 'quickRoom', width: 100 }, 'BAD_MESSAGE'],
  [{ v, type: 'cloneItem', id: 'has space' }, 'BAD_MESSAGE'],
  [{ v, type: 'cloneItem', id: 7 }, 'BAD_MESSAGE'],
  [{ v, type: 'loadScene' }, 'BAD_MESSAGE'],
  [{ v, type: 'loadScene', sceneId: 0 }, 'BAD_MESSAGE'],
  [{ v, type: 'loadScene', sceneId: 1.5 }, 'BAD_MESSAGE'],
  [{ v, type: 'loadScene', sceneId: 1, url: 'https://e.com/a.json' }, 'BAD_MESSAGE'],
  [{ v, type: 'loadScene', url: 'file:///etc/passwd' }, 'BAD_MESSAGE'],
  [{ v, type: 'closeWindow', now: true }, 'BAD_MESSAGE'],
];

describe('embed protocol: host messages', () => {
  it.each(VALID.map((m) => [JSON.stringify(m).slice(0, 80), m]))('accepts %s', (_, message) => {
    const parsed = parseHostMessage(message);
    expect(parsed).toEqual({ ok: true, message });
  });

  it.each(INVALID.map(([m, code]) => [JSON.stringify(m)?.slice(0, 80) ?? String(m), m, code]))('refuses %s', (_, message, code) => {
    const parsed = parseHostMessage(message);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe(code);
    expect(parsed.error.message.zh).not.toBe('');
    expect(parsed.error.message.en).not.toBe('');
  });

  it('covers every request type among the valid samples', () => {
    const seen = new Set(VALID.map((m) => (m as { type: string }).type));
    expect([...seen].sort()).toEqual([...HOST_MESSAGE_TYPES].sort());
  });

  it('echoes a well-formed requestId on errors and names the bad field', () => {
    const parsed = parseHostMessage({ v, type: 'insertItems', requestId: 'q7', items: [{ modelId: 5 }] });
    expect(parsed).toMatchObject({ ok: false, requestId: 'q7', error: { code: 'BAD_MESSAGE' } });
    if (!parsed.ok) expect(parsed.error.message.en).toContain('items.0');
    const noId = parseHostMessage({ v: 9, type: 'close', requestId: 42 });
    expect(noId).toEqual({ ok: false, error: embedError('UNSUPPORTED_VERSION') });
  });
});

describe('embed protocol: product messages', () => {
  it('builds results and events the host side accepts', () => {
    const ok = okResult('insertItems', { ids: ['model-1', 'model-2'] }, 'r9');
    expect(parseProductMessage(ok)).toEqual(ok);
    const err = errorEvent(embedError('BAD_MESSAGE'), 'r9');
    expect(parseProductMessage(err)).toEqual(err);
    expect(parseProductMessage({ v, type: 'ready', version: 1, capabilities: [...HOST_MESSAGE_TYPES] })).not.toBeNull();
    expect(parseProductMessage({ v, type: 'resize', width: 1280, height: 800 })).not.toBeNull();
    expect(parseProductMessage({ v, type: 'saved', sceneId: 3, name: '方案' })).not.toBeNull();
    expect(parseProductMessage({ v, type: 'selectionChanged', ids: [] })).not.toBeNull();
  });

  it('refuses what the product never sends', () => {
    expect(parseProductMessage({ v, type: 'insertItems', items: [{ modelId: 'm' }] })).toBeNull();
    expect(parseProductMessage({ v, type: 'result', request: 'close', ok: true })).toBeNull();
    expect(parseProductMessage({ v, type: 'result', request: 'nope', ok: false, error: embedError('FAILED') })).toBeNull();
    expect(parseProductMessage({ v, type: 'resize', width: -1, height: 800 })).toBeNull();
    expect(parseProductMessage({ v: 2, type: 'saved', sceneId: 3, name: '' })).toBeNull();
  });
});
