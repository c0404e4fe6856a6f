import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect, EmbedRequestError } from '../../embed/src';
import { EMBED_PROTOCOL_VERSION, HOST_MESSAGE_TYPES, embedError, errorEvent, errorResult, okResult, type HostMessage } from '../../protocol/embed';

// @yfang/embed against a fake frame: what it posts, and what the "product" answers.

const PRODUCT = 'https://design.example.com';
const v = EMBED_PROTOCOL_VERSION;

function setup() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const win = {
    addEventListener: (_: 'message', l: (event: MessageEvent) => void) => void listeners.add(l),
    removeEventListener: (_: 'message', l: (event: MessageEvent) => void) => void listeners.delete(l),
  };
  const sent: { message: HostMessage; origin: string }[] = [];
  const frame = { contentWindow: { postMessage: (message: unknown, origin: string) => void sent.push({ message: message as HostMessage, origin }) } };
  const answer = (data: unknown, origin = PRODUCT, source: unknown = frame.contentWindow) => {
    for (const l of [...listeners]) l({ data, origin, source } as MessageEvent);
  };
  const ready = () => answer({ v, type: 'ready', version: 1, capabilities: [...HOST_MESSAGE_TYPES] });
  return { win, frame, sent, answer, ready, listeners };
}

afterEach(() => void vi.useRealTimers());

describe('@yfang/embed', () => {
  it('waits for ready, then correlates results by requestId', async () => {
    const t = setup();
    const pending = connect(t.frame, { origin: PRODUCT, window: t.win });
    t.ready();
    const editor = await pending;
    expect(editor.capabilities).toContain('insertItems');

    const a = editor.insertItems([{ modelId: 'M-1', at: 'click' }]);
    const b = editor.cloneItem();
    expect(t.sent.map((s) => s.origin)).toEqual([PRODUCT, PRODUCT]);
    const [first, second] = t.sent.map((s) => s.message);
    expect(first).toMatchObject({ v, type: 'insertItems', items: [{ modelId: 'M-1', at: 'click' }] });
    expect(first!.requestId).not.toBe(second!.requestId);
    // Answers in the other order still reach their own promises.
    t.answer(okResult('cloneItem', { ids: ['c1'] }, second!.requestId));
    t.answer(okResult('insertItems', { ids: ['i1'] }, first!.requestId));
    await expect(a).resolves.toEqual({ ids: ['i1'] });
    await expect(b).resolves.toEqual({ ids: ['c1'] });
  });

  it('rejects with the product error code and message, from a result or an error event', async () => {
    const t = setup();
    const pending = connect(t.frame, { origin: PRODUCT, window: t.win });
    t.ready();
    const editor = await pending;
    const load = editor.loadScene({ sceneId: 9 });
    t.answer(errorResult('loadScene', embedError('NOT_FOUND'), t.sent[0]!.message.requestId));
    await expect(load).rejects.toMatchObject({ code: 'NOT_FOUND', request: 'loadScene', messages: embedError('NOT_FOUND').message });
    const close = editor.close();
    t.answer(errorEvent(embedError('BAD_MESSAGE'), t.sent[1]!.message.requestId));
    await expect(close).rejects.toBeInstanceOf(EmbedRequestError);
  });

  it('reads only the exact origin and the frame itself', async () => {
    const t = setup();
    const pending = connect(t.frame, { origin: PRODUCT, window: t.win });
    t.answer({ v, type: 'ready', version: 1, capabilities: [] }, 'https://evil.example.com');
    t.answer({ v, type: 'ready', version: 1, capabilities: [] }, PRODUCT, { other: true });
    t.ready();
    const editor = await pending;
    expect(editor.capabilities).toEqual([...HOST_MESSAGE_TYPES]);
    const saved = vi.fn();
    editor.on('saved', saved);
    const quick = editor.quickRoom();
    const id = t.sent[0]!.message.requestId;
    t.answer({ v, type: 'saved', sceneId: 3, name: 'x' }, 'https://evil.example.com');
    t.answer(okResult('quickRoom', { roomId: 'fake', wallIds: [] }, id), 'https://evil.example.com');
    t.answer({ v, type: 'saved', sceneId: 4, name: 'y' });
    expect(saved).toHaveBeenCalledTimes(1);
    expect(saved).toHaveBeenCalledWith({ v, type: 'saved', sceneId: 4, name: 'y' });
    t.answer(okResult('quickRoom', { roomId: 'r', wallIds: ['w'] }, id));
    await expect(quick).resolves.toEqual({ roomId: 'r', wallIds: ['w'] });
  });

  it('refuses a wildcard or partial origin', async () => {
    const t = setup();
    await expect(connect(t.frame, { origin: '*', window: t.win })).rejects.toThrow(TypeError);
    await expect(connect(t.frame, { origin: 'https://design.example.com/app', window: t.win })).rejects.toThrow(TypeError);
  });

  it('times out a request and a missing ready, and disconnect rejects what is pending', async () => {
    vi.useFakeTimers();
    const t = setup();
    const never = connect(t.frame, { origin: PRODUCT, window: t.win, timeoutMs: 1000 });
    const neverCheck = expect(never).rejects.toMatchObject({ code: 'TIMEOUT', request: 'connect' });
    await vi.advanceTimersByTimeAsync(1001);
    await neverCheck;
    expect(t.listeners.size).toBe(0);

    const u = setup();
    const pending = connect(u.frame, { origin: PRODUCT, window: u.win, timeoutMs: 1000 });
    u.ready();
    const editor = await pending;
    const slow = editor.closeWindow();
    const slowCheck = expect(slow).rejects.toMatchObject({ code: 'TIMEOUT', request: 'closeWindow' });
    await vi.advanceTimersByTimeAsync(999);
    // A result after the timeout is dropped; one in time still works.
    await vi.advanceTimersByTimeAsync(2);
    await slowCheck;
    u.answer(okResult('closeWindow', { keptOffline: true }, u.sent[0]!.message.requestId));

    const cut = editor.close();
    editor.disconnect();
    await expect(cut).rejects.toMatchObject({ code: 'DISCONNECTED' });
    await expect(editor.close()).rejects.toMatchObject({ code: 'DISCONNECTED' });
  });
});
