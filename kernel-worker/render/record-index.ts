import type { SceneRecord } from '../../protocol/records';

// Records grouped by a key, following the diffs, so that a sync never scans a whole type for
// them (a wall's openings, a room's pavings, a storey's walls). A key's list is made once, ordered
// by id like the store's lists (everything built from it is deterministic), and is the same array
// until a record under that key changes: the wall-graph cache knows a storey's walls by that identity.

export class RecordIndex<R extends SceneRecord> {
  private readonly byKey = new Map<string, Map<string, R>>();
  private readonly lists = new Map<string, readonly R[]>();

  constructor(private readonly keyOf: (r: R) => string | null) {}

  add(r: R): void {
    const k = this.keyOf(r);
    if (k === null) return;
    let m = this.byKey.get(k);
    if (!m) this.byKey.set(k, (m = new Map()));
    m.set(r.id, r);
    this.lists.delete(k);
  }

  remove(r: R): void {
    const k = this.keyOf(r);
    if (k === null) return;
    const m = this.byKey.get(k);
    if (!m?.delete(r.id)) return;
    if (m.size === 0) this.byKey.delete(k);
    this.lists.delete(k);
  }

  get(key: string): readonly R[] {
    let list = this.lists.get(key);
    if (!list) {
      const m = this.byKey.get(key);
      if (!m) return EMPTY;
      list = [...m.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      this.lists.set(key, list);
    }
    return list;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  clear(): void {
    this.byKey.clear();
    this.lists.clear();
  }
}

const EMPTY: readonly never[] = [];
