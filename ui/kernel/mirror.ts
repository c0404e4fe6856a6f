import { proxy } from 'valtio/vanilla';
import type { KernelErrorCode } from '../../protocol/errors';
import type { PatchListener } from '../../protocol/kernel-api';
import { initialSnapshot } from '../../protocol/initial';
import { applyPatchOps, type SnapshotPatch } from '../../protocol/patch';
import type { KernelSnapshot } from '../../protocol/snapshot';

// The UI's read-only copy of the kernel snapshot. Only kernel patches (and the bridge's status
// fields) change it; React reads it with useSnapshot.

export type KernelStatus = 'idle' | 'starting' | 'ready' | 'failed';

export interface KernelStartError {
  readonly code: KernelErrorCode;
  readonly detail: string;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export type KernelMirror = Mutable<KernelSnapshot> & {
  status: KernelStatus;
  /** Why the kernel, or just its 3D view, could not start; null while all is well. */
  error: KernelStartError | null;
};

/** Until the kernel's snapshot arrives: what a fresh kernel starts with (protocol/initial.ts). */
export function emptySnapshot(): KernelSnapshot {
  return initialSnapshot();
}

export const kernelState = proxy<KernelMirror>({ ...emptySnapshot(), status: 'idle', error: null });

export function replaceSnapshot(snapshot: KernelSnapshot): void {
  // Key by key, so the proxy (which components hold) stays the same object. A JSON copy because
  // the snapshot is JSON, and structuredClone needs Chrome 98.
  Object.assign(kernelState, JSON.parse(JSON.stringify(snapshot)) as KernelSnapshot);
}

export function resetMirror(): void {
  replaceSnapshot(emptySnapshot());
  kernelState.status = 'idle';
  kernelState.error = null;
}

export interface MirrorSync {
  /** Re-fetches the snapshot (after a seq gap); patches that arrive meanwhile are kept. */
  resync(): Promise<void>;
  stop(): void;
}

/**
 * Keeps kernelState in step with a kernel: subscribes, applies the snapshot, then applies patches
 * in seq order. Patches may arrive before the snapshot (on the UI channel the listener is live
 * before the snapshot's answer, and a subscribe function may deliver them apart): those are buffered,
 * and those the snapshot already contains are skipped. A missing seq means a patch was lost: the
 * mirror subscribes again for a fresh snapshot.
 */
export async function syncMirror(subscribe: (listener: PatchListener) => Promise<KernelSnapshot>): Promise<MirrorSync> {
  let buffer: SnapshotPatch[] | null = null;
  let stopped = false;

  const apply = (patch: SnapshotPatch): void => {
    if (patch.seq <= kernelState.seq) return;
    if (patch.seq !== kernelState.seq + 1) {
      resync().catch((e: unknown) => console.error('[kernel] resubscribing after a patch gap failed', e));
      buffer?.push(patch);
      return;
    }
    applyPatchOps(kernelState as unknown as Record<string, unknown>, patch.ops);
    kernelState.seq = patch.seq;
  };

  const listener: PatchListener = (patch) => {
    if (stopped) return;
    if (buffer) buffer.push(patch);
    else apply(patch);
  };

  async function resync(): Promise<void> {
    if (buffer || stopped) return;
    buffer = [];
    let snapshot: KernelSnapshot;
    try {
      snapshot = await subscribe(listener);
    } catch (e) {
      buffer = null;
      throw e;
    }
    const pending = buffer.sort((a, b) => a.seq - b.seq);
    buffer = null;
    if (stopped) return;
    replaceSnapshot(snapshot);
    pending.forEach(apply);
  }

  await resync();
  return {
    resync,
    stop() {
      stopped = true;
    },
  };
}
