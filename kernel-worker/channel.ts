import type { ChannelMessage, ChannelReply, ChannelRequest } from '../protocol/channel';
import type { CommandName } from '../protocol/commands';
import { KernelCommandError, toKernelError } from '../protocol/errors';
import type { SnapshotPatch } from '../protocol/patch';
import { guard } from './guard';
import type { Kernel } from './kernel';

// The worker's end of the UI channel (protocol/channel.ts): patches go out as raw messages, calls
// come in and are answered with the patches they produced. Everything is synchronous between a
// request and its reply, so "the patches this call produced" is exactly what was published
// meanwhile, and the port's ordering keeps the stream in seq order.

/** What a channel needs to know: a port, or anything shaped like one (Node's worker_threads port). */
export interface ChannelPort {
  postMessage(message: ChannelMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  start?(): void;
  close?(): void;
}

export interface ServedChannel {
  /** Patches stop going to this port (another subscription took over); calls are still answered. */
  detach(): void;
}

function callName(request: ChannelRequest): string {
  return request.call === 'exec' ? String(request.name) : request.call;
}

function run(kernel: Kernel, request: ChannelRequest): unknown {
  switch (request.call) {
    case 'exec':
      // The kernel checks the name and the args, as exec through KernelApi does.
      return guard(String(request.name), () => kernel.exec(request.name as CommandName, request.args as never));
    case 'undo':
      return guard('undo', () => kernel.undo());
    case 'redo':
      return guard('redo', () => kernel.redo());
    case 'snapshot':
      return kernel.snapshot();
    default:
      throw new KernelCommandError('UNKNOWN_COMMAND', String((request as { call?: unknown }).call), 'not a channel call');
  }
}

function isRequest(data: unknown): data is ChannelRequest {
  return typeof data === 'object' && data !== null && typeof (data as ChannelRequest).id === 'number' && typeof (data as ChannelRequest).call === 'string';
}

export function serveChannel(kernel: Kernel, port: ChannelPort): ServedChannel {
  let attached = true;
  // Set while a call runs: its patches travel in its reply instead of one message each.
  let captured: SnapshotPatch[] | null = null;
  const unsubscribe = kernel.subscribe((patch) => {
    if (captured) captured.push(patch);
    else port.postMessage({ kind: 'patch', patch });
  });

  port.addEventListener('message', (event: MessageEvent) => {
    const request: unknown = event.data;
    if (!isRequest(request)) {
      console.error('[kernel] ignored a malformed channel message', request);
      return;
    }
    // A detached port's calls still run, but their patches belong to the current subscriber.
    const patches: SnapshotPatch[] = [];
    captured = attached ? patches : null;
    let reply: ChannelReply;
    try {
      reply = { kind: 'reply', id: request.id, patches, ok: true, value: run(kernel, request) };
    } catch (e) {
      reply = { kind: 'reply', id: request.id, patches, ok: false, error: toKernelError(e, callName(request)).toJSON() };
    } finally {
      captured = null;
    }
    port.postMessage(reply);
  });
  port.start?.();

  return {
    detach() {
      attached = false;
      unsubscribe();
    },
  };
}
