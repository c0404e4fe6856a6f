import type { KernelCommandErrorData } from './errors';
import type { SnapshotPatch } from './patch';

// The UI channel: the kernel worker's own message channel, shared with Comlink. It is the one
// path of the patch stream and of the hot calls (exec, undo, redo), as plain postMessage traffic
// (Comlink keeps the cold calls: init, files, captures, input): no Comlink proxy that must answer
// every patch, and the reply to a call carries the patches that call produced, so one edit costs
// one message each way. One channel delivers in order, so patches and replies never overtake
// each other: the mirror sees seq 1, 2, 3 … whatever mix brings them.
//
// Every message carries CHANNEL_TAG and no `id` or `type`: Comlink's listeners on both ends pass
// over them, and the channel's listeners pass over Comlink's messages.

export const CHANNEL_TAG = 'yf-kernel-channel';

/** subscribe: makes this channel the kernel's patch subscription (again: a resync) and answers the snapshot. */
export type ChannelCall = 'exec' | 'undo' | 'redo' | 'subscribe';

/** What the UI asks; ref pairs the reply with the call. */
export type ChannelRequest =
  | { readonly tag: typeof CHANNEL_TAG; readonly ref: number; readonly call: 'exec'; readonly name: string; readonly args: unknown }
  | { readonly tag: typeof CHANNEL_TAG; readonly ref: number; readonly call: Exclude<ChannelCall, 'exec'> };

export type ChannelReply = {
  readonly tag: typeof CHANNEL_TAG;
  readonly kind: 'reply';
  readonly ref: number;
  /** the patches the call produced, in seq order, to be applied before the call resolves */
  readonly patches: readonly SnapshotPatch[];
} & ({ readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: KernelCommandErrorData });

export type ChannelMessage =
  /** a patch nobody asked for over the channel (a frame count, a load through KernelApi …) */
  | { readonly tag: typeof CHANNEL_TAG; readonly kind: 'patch'; readonly patch: SnapshotPatch }
  | ChannelReply;

function tagged(data: unknown): data is { tag: typeof CHANNEL_TAG } {
  return typeof data === 'object' && data !== null && (data as { tag?: unknown }).tag === CHANNEL_TAG;
}

export function isChannelRequest(data: unknown): data is ChannelRequest {
  return tagged(data) && typeof (data as ChannelRequest).ref === 'number' && typeof (data as ChannelRequest).call === 'string';
}

export function isChannelMessage(data: unknown): data is ChannelMessage {
  return tagged(data) && ((data as ChannelMessage).kind === 'patch' || (data as ChannelMessage).kind === 'reply');
}
