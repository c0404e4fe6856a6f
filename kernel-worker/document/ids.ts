import type { RecordType } from '../../protocol/records';

/** Makes the id of a new record. Injected so tests (and scene fixtures) get stable ids. */
export type IdGenerator = (type: RecordType) => string;

/** `wall-1`, `wall-2`, `room-3`…: one counter across types, so ids stay unique even if types merge. */
export function createSequentialIds(start = 1): IdGenerator {
  let next = start;
  return (type) => `${type}-${next++}`;
}

/** Random ids for real sessions: records from two sessions (clone, paste, merge) must not collide. */
export function createRandomIds(): IdGenerator {
  return (type) => `${type}-${randomToken()}`;
}

function randomToken(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += b.toString(36).padStart(2, '0');
  return out;
}
