import { CHANNEL_TAG, isChannelRequest, type ChannelMessage, type ChannelReply, type ChannelRequest } from '../protocol/channel';
import type { CommandName } from '../protocol/commands';
import { KernelCommandError, toKernelError } from '../protocol/errors';
import type { SnapshotPatch } from '../protocol/patch';
import { guard } from './guard';
import type { Kernel } from './kernel';

// The worker's end of the UI channel (protocol/channel.ts), the one path of the hot calls: calls
// come in and are answered with the patches they produced; once subscribed, other patches (those
// of Comlink's cold calls, input, frame counts) go out as messages of their own.
// Everything between a request and its reply is synchronous, so "the patches this call produced"
// is exactly what was published meanwhile, and the channel's ordering keeps the stream in seq order.

/** The worker's own scope, or anything shaped like it (Comlink's adapter of a Node worker port). */
export interface ChannelEndpoint {
  postMessage(message: ChannelMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

function callName(request: ChannelRequest): string {
  return request.call === 'exec' ? String(request.name) : request.call;
}

/**
 * Serves the channel on an endpoint for as long as the worker lives. Call it before Comlink's
 * expose(), so that channel requests stop here.
 */
export function serveChannel(endpoint: ChannelEndpoint, current: () => Kernel | null): void {
  // Set while a call runs: its patches travel in its reply instead of one message each.
  let captured: SnapshotPatch[] | null = null;
  /** Ends the kernel subscription; null until the UI subscribes. */
  let unsubscribe: (() => void) | null = null;
  const deliver = (patch: SnapshotPatch) => {
    if (captured) captured.push(patch);
    else endpoint.postMessage({ tag: CHANNEL_TAG, kind: 'patch', patch });
  };

  function run(request: ChannelRequest): unknown {
    const name = callName(request);
    const kernel = current();
    if (!kernel) throw new KernelCommandError('NOT_READY', name, 'init() has not completed');
    switch (request.call) {
      case 'exec':
        // The kernel checks the name and the args, as exec through KernelApi does.
        return guard(name, () => kernel.exec(request.name as CommandName, request.args as never));
      case 'undo':
        return guard('undo', () => kernel.undo());
      case 'redo':
        return guard('redo', () => kernel.redo());
      case 'subscribe':
        // Subscribing again (the mirror's resync) replaces the earlier subscription.
        unsubscribe?.();
        unsubscribe = kernel.subscribe(deliver);
        return kernel.snapshot();
      default:
        throw new KernelCommandError('UNKNOWN_COMMAND', name, 'not a channel call');
    }
  }

  endpoint.addEventListener('message', (event: MessageEvent) => {
    const request: unknown = event.data;
    // Comlink's own messages share the channel.
    if (!isChannelRequest(request)) return;
    // Comlink's listener (added after this one) has nothing to do with it: spare it the work.
    event.stopImmediatePropagation?.();
    // Unsubscribed, a call's patches go nowhere: the snapshot of the later subscribe holds them.
    const patches: SnapshotPatch[] = [];
    captured = patches;
    let reply: ChannelReply;
    try {
      reply = { tag: CHANNEL_TAG, kind: 'reply', ref: request.ref, patches, ok: true, value: run(request) };
    } catch (e) {
      reply = { tag: CHANNEL_TAG, kind: 'reply', ref: request.ref, patches, ok: false, error: toKernelError(e, callName(request)).toJSON() };
    } finally {
      captured = null;
    }
    endpoint.postMessage(reply);
  });
}
