import { describe, expect, it, vi } from 'vitest';
import { EMBED_PROTOCOL_VERSION, HOST_MESSAGE_TYPES, embedError, parseHostMessage, type HostMessage, type HostMessageType } from '../../protocol/embed';
import { createEmbedListener, EmbedFailure, type EmbedActions, type EmbedLogEvent } from '../../ui/embed/listener';

// The editor's listener against a fake frame: the host page (parent) and the frame's window are
// plain objects, messages plain MessageEvent-shaped records.

const HOST = 'https://shop.example.com';
const v = EMBED_PROTOCOL_VERSION;

function setup(options: { origins?: readonly string[] | Error; parentOrigin?: string | null; actions?: Partial<EmbedActions> } = {}) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const win = {
    addEventListener: (_: 'message', l: (event: MessageEvent) => void) => void listeners.add(l),
    removeEventListener: (_: 'message', l: (event: MessageEvent) => void) => void listeners.delete(l),
  };
  const posts: { message: unknown; origin: string }[] = [];
  const parent = { postMessage: (message: unknown, origin: string) => void posts.push({ message, origin }) };
  const calls: HostMessage[] = [];
  const record =
    <T extends HostMessageType>(type: T, data: unknown) =>
    async (m: HostMessage) => {
      calls.push(m);
      expect(m.type).toBe(type);
      return data;
    };
  const actions = {
    close: record('close', { closed: true }),
    insertItems: record('insertItems', { ids: ['embed-1'] }),
    quickRoom: record('quickRoom', { roomId: 'room-1', wallIds: ['w1', 'w2', 'w3', 'w4'] }),
    cloneItem: record('cloneItem', { ids: ['embed-2'] }),
    loadScene: record('loadScene', { sceneId: 5 }),
    closeWindow: record('closeWindow', { keptOffline: false }),
    ...options.actions,
  } as EmbedActions;
  const logs: EmbedLogEvent[] = [];
  const origins = options.origins ?? [HOST];
  const listener = createEmbedListener({
    window: win,
    parent,
    origins: () => (origins instanceof Error ? Promise.reject(origins) : Promise.resolve(origins)),
    parentOrigin: options.parentOrigin,
    actions,
    log: (e) => void logs.push(e),
  });
  const send = (data: unknown, origin = HOST, source: unknown = parent) => {
    for (const l of [...listeners]) l({ data, origin, source } as MessageEvent);
  };
  return { listener, send, posts, calls, logs, listeners, parent };
}

describe('embed listener', () => {
  it('runs a valid request and answers its origin exactly, echoing the requestId', async () => {
    const t = setup();
    t.send({ v, type: 'insertItems', requestId: 'q1', items: [{ modelId: 'M-1', at: { x: 10, y: 20 } }] });
    await t.listener.idle();
    expect(t.calls).toHaveLength(1);
    expect(t.posts).toEqual([{ origin: HOST, message: { v, type: 'result', request: 'insertItems', ok: true, data: { ids: ['embed-1'] }, requestId: 'q1' } }]);
  });

  it('ignores and logs messages from another origin, answering nothing', async () => {
    const t = setup();
    t.send({ v, type: 'close' }, 'https://evil.example.com');
    t.send({ v, type: 'close' }, 'null');
    t.send({ v, type: 'close' }, 'https://shop.example.com:8443');
    await t.listener.idle();
    expect(t.calls).toEqual([]);
    expect(t.posts).toEqual([]);
    expect(t.logs.map((l) => l.kind === 'ignored' && l.origin)).toEqual(['https://evil.example.com', 'null', 'https://shop.example.com:8443']);
  });

  it('ignores an allowed origin speaking from a window that is not the parent', async () => {
    const t = setup();
    t.send({ v, type: 'close' }, HOST, { postMessage: () => undefined });
    await t.listener.idle();
    expect(t.calls).toEqual([]);
    expect(t.posts).toEqual([]);
    expect(t.logs).toEqual([{ kind: 'ignored', origin: HOST, reason: 'source' }]);
  });

  it('answers nobody when the allow-list cannot be read, and never a wildcard entry', async () => {
    const failed = setup({ origins: new Error('offline') });
    failed.send({ v, type: 'close' });
    failed.listener.ready();
    await failed.listener.idle();
    expect(failed.calls).toEqual([]);
    expect(failed.posts).toEqual([]);

    const wild = setup({ origins: ['*', 'null', 'https://a.example.com/path', HOST] });
    expect(await wild.listener.allowed).toEqual([HOST]);
    wild.send({ v, type: 'close' }, '*');
    await wild.listener.idle();
    expect(wild.calls).toEqual([]);
  });

  it('answers a malformed message with an error event (requestId kept) and runs nothing', async () => {
    const t = setup();
    t.send({ v, type: 'insertItems', requestId: 'bad-1', items: [] });
    t.send({ v: 2, type: 'close' });
    t.send('hello');
    await t.listener.idle();
    expect(t.calls).toEqual([]);
    expect(t.posts.map((p) => p.origin)).toEqual([HOST, HOST, HOST]);
    expect(t.posts.map((p) => p.message)).toEqual([
      { v, type: 'error', requestId: 'bad-1', error: expect.objectContaining({ code: 'BAD_MESSAGE' }) },
      { v, type: 'error', error: embedError('UNSUPPORTED_VERSION') },
      { v, type: 'error', error: embedError('BAD_MESSAGE') },
    ]);
  });

  it('turns a refusal into an error result and an unexpected throw into FAILED', async () => {
    const t = setup({
      actions: {
        cloneItem: async () => {
          throw new EmbedFailure(embedError('NO_SELECTION'));
        },
        quickRoom: async () => {
          throw new Error('boom');
        },
      },
    });
    t.send({ v, type: 'cloneItem', requestId: 'c' });
    t.send({ v, type: 'quickRoom', requestId: 'q' });
    await t.listener.idle();
    expect(t.posts.map((p) => p.message)).toEqual([
      { v, type: 'result', request: 'cloneItem', ok: false, error: embedError('NO_SELECTION'), requestId: 'c' },
      { v, type: 'result', request: 'quickRoom', ok: false, error: embedError('FAILED'), requestId: 'q' },
    ]);
    expect(t.logs).toEqual([expect.objectContaining({ kind: 'failed', request: 'quickRoom' })]);
  });

  it('runs requests one at a time, in the order sent', async () => {
    let release!: () => void;
    const order: string[] = [];
    const t = setup({
      actions: {
        loadScene: async () => {
          order.push('load start');
          await new Promise<void>((r) => (release = r));
          order.push('load end');
          return { sceneId: 1 };
        },
        close: async () => {
          order.push('close');
          return { closed: true };
        },
      },
    });
    t.send({ v, type: 'loadScene', sceneId: 1 });
    t.send({ v, type: 'close' });
    await vi.waitFor(() => expect(order).toEqual(['load start']));
    release();
    await t.listener.idle();
    expect(order).toEqual(['load start', 'load end', 'close']);
  });

  it('sends ready and events to the parent origin only when it is allowed', async () => {
    const t = setup({ origins: [HOST, 'https://other.example.com'], parentOrigin: HOST });
    t.listener.ready();
    t.listener.emit('selectionChanged', { ids: ['m1'] });
    await t.listener.idle();
    expect(t.posts).toEqual([
      { origin: HOST, message: { v, type: 'ready', version: 1, capabilities: [...HOST_MESSAGE_TYPES] } },
      { origin: HOST, message: { v, type: 'selectionChanged', ids: ['m1'] } },
    ]);
    const stranger = setup({ parentOrigin: 'https://evil.example.com' });
    stranger.listener.ready();
    await stranger.listener.idle();
    expect(stranger.posts).toEqual([]);
  });

  it('stops listening', async () => {
    const t = setup();
    t.listener.stop();
    expect(t.listeners.size).toBe(0);
  });
});

/** A small seeded generator: the fuzz is the same on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('embed listener fuzz', () => {
  it('takes 1,000 random messages without a throw; only valid ones reach an action', async () => {
    const random = rng(19);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const junk = (): unknown =>
      pick<() => unknown>([
        () => null,
        () => undefined,
        () => random() * 1e6,
        () => 'close',
        () => [],
        () => ({}),
        () => ({ v: NaN }),
        () => ({ __proto__: { v: 1, type: 'close' } }),
        () => Object.create(null),
        () => ({ v: 1, type: pick(['close', 'toString', 'constructor', 'ready', '']) }),
      ])();
    const value = (depth: number): unknown => {
      if (depth > 2) return pick([0, -1, 1e12, 'x', '', true, null, 'https://e.com/a.glb', '/files/a.glb', 'click']);
      return pick<() => unknown>([
        () => pick([0, 7, -3.5, 1e9, Infinity, 'a', 'embed-1', true, null]),
        () => ({ x: random() * 2e5 - 1e5, y: value(depth + 1) }),
        () => Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1)),
        () => ({ modelId: value(depth + 1), at: value(depth + 1) }),
        () => ({ model: { url: value(depth + 1), size: { x: value(depth + 1), y: 10, z: 10 }, name: value(depth + 1) } }),
      ])();
    };
    const message = (): unknown => {
      if (random() < 0.15) return junk();
      const m: Record<string, unknown> = { v: random() < 0.9 ? 1 : pick([0, 2, '1']), type: pick([...HOST_MESSAGE_TYPES, 'resize', 'ready', 'nope']) };
      if (random() < 0.5) m.requestId = pick(['r', 'x'.repeat(70), 5, '']);
      const fields = ['items', 'id', 'offset', 'sceneId', 'url', 'extra'];
      for (const f of fields) if (random() < 0.3) m[f] = value(0);
      if (m.type === 'insertItems' && random() < 0.5) m.items = [{ modelId: 'M-1', ...(random() < 0.5 ? { at: value(2) } : {}) }];
      if (m.type === 'loadScene' && random() < 0.4) m.sceneId = pick([1, 2, 0, -1, 1.5]);
      return m;
    };

    const t = setup();
    const sent = Array.from({ length: 1000 }, message);
    const valid = sent.flatMap((m) => {
      const parsed = parseHostMessage(m);
      return parsed.ok ? [parsed.message] : [];
    });
    for (const m of sent) expect(() => t.send(m)).not.toThrow();
    await t.listener.idle();
    // Every action call was one of the valid messages, in order; every other message got an error event.
    expect(t.calls).toEqual(valid);
    expect(t.posts).toHaveLength(1000);
    expect(t.posts.filter((p) => (p.message as { type: string }).type === 'error')).toHaveLength(1000 - valid.length);
    expect(t.posts.every((p) => p.origin === HOST)).toBe(true);
    // The fuzz reaches both sides.
    expect(valid.length).toBeGreaterThan(20);
    expect(valid.length).toBeLessThan(900);
  });
});
