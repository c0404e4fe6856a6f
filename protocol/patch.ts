// Snapshot patches: the kernel sends only what changed; the UI applies them to its valtio proxy.
// Pure helpers shared by both threads, so the two sides cannot disagree on the format.

export type PatchPath = readonly (string | number)[];

export type PatchOp =
  | { readonly op: 'set'; readonly path: PatchPath; readonly value: unknown }
  | { readonly op: 'delete'; readonly path: PatchPath };

export interface SnapshotPatch {
  /** increases by one per patch; a gap means the mirror must resubscribe */
  readonly seq: number;
  readonly ops: readonly PatchOp[];
}

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

function hasOwn(o: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Structural diff of two JSON-like values. Objects are compared key by key (so keyed maps such as
 * rooms patch one entry); arrays and primitives are replaced whole when they differ.
 */
export function diffValues(prev: unknown, next: unknown, path: (string | number)[] = [], out: PatchOp[] = []): PatchOp[] {
  if (Object.is(prev, next)) return out;
  if (isPlainObject(prev) && isPlainObject(next)) {
    for (const key in prev) {
      if (hasOwn(prev, key) && !hasOwn(next, key)) out.push({ op: 'delete', path: [...path, key] });
    }
    for (const key in next) {
      if (!hasOwn(next, key)) continue;
      // Checked before recursing: a part shared by both snapshots costs no path and no call.
      if (!hasOwn(prev, key)) out.push({ op: 'set', path: [...path, key], value: next[key] });
      else if (!Object.is(prev[key], next[key])) diffValues(prev[key], next[key], [...path, key], out);
    }
    return out;
  }
  if (Array.isArray(prev) && Array.isArray(next) && jsonEqual(prev as Json, next as Json)) return out;
  out.push({ op: 'set', path, value: next });
  return out;
}

const ownKey = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (Object.is(a, b)) return true;
  // Plain loops, no key arrays: the store compares every record a commit writes with the one it replaces.
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    let keys = 0;
    for (const k in a) {
      if (!ownKey(a, k)) continue;
      if (!(k in b) || !jsonEqual(a[k] as Json, b[k] as Json)) return false;
      keys++;
    }
    for (const k in b) if (ownKey(b, k)) keys--;
    return keys === 0;
  }
  return false;
}

/** Applies ops in place to a mutable target (a valtio proxy on the UI side). */
export function applyPatchOps(target: Record<string, unknown>, ops: readonly PatchOp[]): void {
  for (const op of ops) {
    if (op.path.length === 0) throw new Error('patch op with empty path');
    let parent: Record<string | number, unknown> = target;
    for (let i = 0; i < op.path.length - 1; i++) {
      const key = op.path[i]!;
      let child = parent[key];
      if (typeof child !== 'object' || child === null) {
        child = {};
        parent[key] = child;
      }
      parent = child as Record<string | number, unknown>;
    }
    const last = op.path[op.path.length - 1]!;
    if (op.op === 'set') parent[last] = op.value;
    else delete parent[last];
  }
}
