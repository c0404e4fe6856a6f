import * as Comlink from 'comlink';
import type { ChannelMessage, ChannelRequest } from '../../protocol/channel';
import type { CommandArgs, CommandName, CommandResult } from '../../protocol/commands';
import { KernelCommandError } from '../../protocol/errors';
import type { KernelApi, PatchListener } from '../../protocol/kernel-api';
import type { KernelSnapshot } from '../../protocol/snapshot';

// The UI's end of the UI channel (protocol/channel.ts): the kernel's hot calls and its patch
// stream over one MessagePort. A reply's patches reach the patch listener before the call
// resolves, so whoever awaits exec() finds the mirror already updated.

/** A MessagePort, or a stand-in with the same few members (tests drop messages with one). */
export interface ChannelEndpoint {
  postMessage(message: ChannelRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  start?(): void;
  close?(): void;
}

export interface KernelChannel {
  exec<N extends CommandName>(name: N, args: CommandArgs<N>): Promise<CommandResult<N>>;
  undo(): Promise<boolean>;
  redo(): Promise<boolean>;
  /** The kernel's snapshot now; patches after it on this channel have greater seqs. */
  snapshot(): Promise<KernelSnapshot>;
  /** Where patches go (replies' and unsolicited ones alike), in the order the kernel sent them. */
  setPatchListener(listener: PatchListener | null): void;
  /** Pending calls reject with NOT_READY; later ones too. */
  close(): void;
}

type Unsent = ChannelRequest extends infer R ? (R extends ChannelRequest ? Omit<R, 'id'> : never) : never;

interface Pending {
  readonly command: string;
  resolve(value: unknown): void;
  reject(error: KernelCommandError): void;
}

export function createChannel(endpoint: ChannelEndpoint): KernelChannel {
  const pending = new Map<number, Pending>();
  let nextId = 1;
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
    const message = event.data as ChannelMessage;
    if (message.kind === 'patch') {
      deliver(message.patch);
      return;
    }
    message.patches.forEach(deliver);
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (message.ok) call.resolve(message.value);
    else call.reject(KernelCommandError.fromJSON(message.error));
  };
  endpoint.addEventListener('message', onMessage);
  endpoint.start?.();

  function call(request: Unsent, command: string): Promise<unknown> {
    if (closed) return Promise.reject(new KernelCommandError('NOT_READY', command, 'the kernel has been stopped'));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { command, resolve, reject });
      endpoint.postMessage({ ...request, id });
    });
  }

  return {
    exec: (name, args) => call({ call: 'exec', name, args }, name) as Promise<never>,
    undo: () => call({ call: 'undo' }, 'undo') as Promise<boolean>,
    redo: () => call({ call: 'redo' }, 'redo') as Promise<boolean>,
    snapshot: () => call({ call: 'snapshot' }, 'subscribe') as Promise<KernelSnapshot>,
    setPatchListener(next) {
      listener = next;
    },
    close() {
      if (closed) return;
      closed = true;
      endpoint.removeEventListener('message', onMessage);
      endpoint.close?.();
      for (const p of pending.values()) p.reject(new KernelCommandError('NOT_READY', p.command, 'the kernel has been stopped'));
      pending.clear();
    },
  };
}

/**
 * Opens the UI channel to a kernel: a new MessageChannel whose far end becomes the kernel's patch
 * subscription. `wrap` lets tests put a lossy stand-in in front of the near end.
 */
export async function connectChannel(
  api: Comlink.Remote<KernelApi>,
  wrap: (port: MessagePort) => ChannelEndpoint = (port) => port,
): Promise<KernelChannel> {
  const { port1, port2 } = new MessageChannel();
  const channel = createChannel(wrap(port1));
  try {
    await api.subscribe(Comlink.transfer(port2, [port2]));
  } catch (e) {
    channel.close();
    throw e;
  }
  return channel;
}
