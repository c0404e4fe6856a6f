import { CHANNEL_TAG, isChannelMessage, type ChannelRequest } from '../../protocol/channel';
import type { CommandArgs, CommandName, CommandResult } from '../../protocol/commands';
import { KernelCommandError } from '../../protocol/errors';
import type { PatchListener } from '../../protocol/kernel-api';
import type { KernelSnapshot } from '../../protocol/snapshot';

// The UI's end of the UI channel (protocol/channel.ts): the kernel's hot calls and its patch
// stream over the worker's own message channel, beside Comlink. DOM-free, so the Node tests and
// benchmarks talk to their kernel workers through this very client. A reply's patches reach the patch
// listener before the call resolves, so whoever awaits exec() finds the mirror already updated.

/** The kernel Worker, or a stand-in with the same few members (tests lose messages with one). */
export interface ChannelEndpoint {
  postMessage(message: ChannelRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface KernelChannel {
  exec<N extends CommandName>(name: N, args: CommandArgs<N>): Promise<CommandResult<N>>;
  /**
   * Steps back one history step (leaving material mode first, core.md §4). Resolves false when
   * there was nothing to undo; rejects with GESTURE_IN_PROGRESS while a drag is open.
   */
  undo(): Promise<boolean>;
  /** The reverse of undo(); any new undoable change empties the redo stack. */
  redo(): Promise<boolean>;
  /**
   * Makes this channel the kernel's patch subscription (again: a resync) and resolves with the
   * snapshot; the patches after it on this channel have greater seqs.
   */
  subscribe(): Promise<KernelSnapshot>;
  /** Where patches go (replies' and unsolicited ones alike), in the order the kernel sent them. */
  setPatchListener(listener: PatchListener | null): void;
  /** Stops listening; pending and later calls reject with NOT_READY. */
  close(): void;
}

type Unsent = ChannelRequest extends infer R ? (R extends ChannelRequest ? Omit<R, 'tag' | 'ref'> : never) : never;

interface Pending {
  readonly command: string;
  resolve(value: unknown): void;
  reject(error: KernelCommandError): void;
}

export function createChannel(endpoint: ChannelEndpoint): KernelChannel {
  const pending = new Map<number, Pending>();
  let nextRef = 1;
  let listener: PatchListener | null = null;
  let closed = false;

  const deliver = (patch: Parameters<PatchListener>[0]): void => {
    try {
      listener?.(patch);
    } catch (e) {
      console.error('[kernel] patch listener failed', e);
    }
  };

  const onMessage = (event: MessageEvent): void => {
    const message: unknown = event.data;
    // Comlink's answers share the channel.
    if (!isChannelMessage(message)) return;
    if (message.kind === 'patch') {
      deliver(message.patch);
      return;
    }
    message.patches.forEach(deliver);
    const call = pending.get(message.ref);
    if (!call) return;
    pending.delete(message.ref);
    if (message.ok) call.resolve(message.value);
    else call.reject(KernelCommandError.fromJSON(message.error));
  };
  endpoint.addEventListener('message', onMessage);

  function call(request: Unsent, command: string): Promise<unknown> {
    if (closed) return Promise.reject(new KernelCommandError('NOT_READY', command, 'the kernel has been stopped'));
    const ref = nextRef++;
    return new Promise((resolve, reject) => {
      pending.set(ref, { command, resolve, reject });
      endpoint.postMessage({ ...request, tag: CHANNEL_TAG, ref } as ChannelRequest);
    });
  }

  return {
    exec: (name, args) => call({ call: 'exec', name, args }, name) as Promise<never>,
    undo: () => call({ call: 'undo' }, 'undo') as Promise<boolean>,
    redo: () => call({ call: 'redo' }, 'redo') as Promise<boolean>,
    subscribe: () => call({ call: 'subscribe' }, 'subscribe') as Promise<KernelSnapshot>,
    setPatchListener(next) {
      listener = next;
    },
    close() {
      if (closed) return;
      closed = true;
      endpoint.removeEventListener('message', onMessage);
      for (const p of pending.values()) p.reject(new KernelCommandError('NOT_READY', p.command, 'the kernel has been stopped'));
      pending.clear();
    },
  };
}
