import { CHANNEL_TAG, isChannelRequest, type ChannelMessage, type ChannelReply, type ChannelRequest } from '../protocol/channel';
import type { CommandName } from '../protocol/commands';
import { KernelCommandError, toKernelError } from '../protocol/errors';
import type { SnapshotPatch } from '../protocol/patch';
import type { KernelSnapshot } from '../protocol/snapshot';
import { guard } from './guard';
import type { Kernel } from './kernel';

// The worker's end of the UI channel (protocol/channel.ts): calls come in and are answered with
// the patches they produced; once subscribed, other patches go out as messages of their own.
// Everything between a request and its reply is synchronous, so "the patches this call produced"
// is exactly what was published meanwhile, and the channel's ordering keeps the stream in seq order.

/** The worker's own scope, or anything shaped like it (Comlink's adapter of a Node worker port). */
export interface ChannelEndpoint {
  postMessage(message: ChannelMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface ChannelHost {
  /** The kernel, once init() has made one. */
  kernel(): Kernel | null;
  /**
   * Makes `deliver` the one patch subscription (ending the previous one, which may be a Comlink
   * listener) and returns the snapshot the patches apply to.
   */
  subscribe(deliver: (patch: SnapshotPatch) => void, end: () => void): KernelSnapshot;
}

function callName(request: ChannelRequest): string {
  return request.call === 'exec' ? String(request.name) : request.call;
}

/**
 * Serves the channel on an endpoint for as long as the worker lives. Call it before Comlink's
 * expose(), so that channel requests stop here.
 */
export function serveChannel(endpoint: ChannelEndpoint, host: ChannelHost): void {
  // Set while a call runs: its patches travel in its reply instead of one message each.
  let captured: SnapshotPatch[] | null = null;
  let subscribed = false;
  const deliver = (patch: SnapshotPatch) => {
    if (captured) captured.push(patch);
    else endpoint.postMessage({ tag: CHANNEL_TAG, kind: 'patch', patch });
  };

  function run(request: ChannelRequest): unknown {
    const name = callName(request);
    const kernel = host.kernel();
    if (!kernel) throw new KernelCommandError('NOT_READY', name, 'init() has not completed');
    switch (request.call) {
      case 'exec':
        // The kernel checks the name and the args, as exec through KernelApi does.
        return guard(name, () => kernel.exec(request.name as CommandName, request.args as never));
      case 'undo':
        return guard('undo', () => kernel.undo());
      case 'redo':
        return guard('redo', () => kernel.redo());
      case 'subscribe': {
        // Subscribing again (a resync) ends this channel's own earlier subscription first.
        const snapshot = host.subscribe(deliver, () => {
          subscribed = false;
        });
        subscribed = true;
        return snapshot;
      }
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
    // Unsubscribed, a call's patches belong to whoever holds the subscription.
    const patches: SnapshotPatch[] = [];
    captured = subscribed || request.call === 'subscribe' ? patches : null;
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
