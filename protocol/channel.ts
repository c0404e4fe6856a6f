import type { KernelCommandErrorData } from './errors';
import type { SnapshotPatch } from './patch';

// The UI channel: one MessagePort the UI hands to KernelApi.subscribe(). It carries the patch
// stream and the UI's hot calls (exec, undo, redo) as plain postMessage traffic: no Comlink proxy
// that must answer every patch, and the reply to a call carries the patches that call produced,
// so one edit costs one message each way. A port delivers in order, so patches and replies can
// never overtake each other: the mirror sees seq 1, 2, 3 … whatever mix of the two brings them.

/** What the UI asks over the channel; id pairs the reply with the call. */
export type ChannelRequest =
  | { readonly id: number; readonly call: 'exec'; readonly name: string; readonly args: unknown }
  /** undo/redo: KernelApi.undo()/redo(); snapshot: the current snapshot (a resync after a gap) */
  | { readonly id: number; readonly call: 'undo' | 'redo' | 'snapshot' };

export type ChannelCall = ChannelRequest['call'];

export type ChannelMessage =
  /** a patch nobody asked for over this channel (a frame count, a load through KernelApi …) */
  | { readonly kind: 'patch'; readonly patch: SnapshotPatch }
  | ChannelReply;

export type ChannelReply = {
  readonly kind: 'reply';
  readonly id: number;
  /** the patches the call produced, in seq order, to be applied before the call resolves */
  readonly patches: readonly SnapshotPatch[];
} & ({ readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: KernelCommandErrorData });
