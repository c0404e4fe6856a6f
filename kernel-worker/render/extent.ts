import { Box3 } from 'three';

// The union of many boxes, kept as they are added, changed and removed: one binary heap of box
// slots per face (min x, y, z; max x, y, z), each with the slot's place in it, so a change costs
// O(log n) sift steps instead of a scan of every box. A rescan is what a naive extent needs when
// a box on a face moves in or goes, and every model stands on the floor, so the scan came with
// every model move (31 ms at 200k records). Boxes live in one typed array: no object per box.

/** Box comparisons the extents made (tests: a one-record change must not visit every box). */
export const extentStats = { visited: 0 };

const FACES = 6;

export class BoxExtent {
  private values = new Float64Array(FACES * 64);
  private heaps: Int32Array[] = [];
  private places: Int32Array[] = [];
  private size = 0;
  private next = 0;
  private readonly free: number[] = [];

  constructor() {
    for (let f = 0; f < FACES; f++) {
      this.heaps.push(new Int32Array(64));
      this.places.push(new Int32Array(64));
    }
  }

  get count(): number {
    return this.size;
  }

  /** Adds a box; returns its slot (for update and remove). */
  add(box: Box3): number {
    const slot = this.free.pop() ?? this.next++;
    this.reserve(slot + 1);
    this.write(slot, box);
    const at = this.size++;
    for (let f = 0; f < FACES; f++) {
      this.place(f, at, slot);
      this.up(f, at);
    }
    return slot;
  }

  update(slot: number, box: Box3): void {
    this.write(slot, box);
    for (let f = 0; f < FACES; f++) this.settle(f, this.places[f]![slot]!);
  }

  remove(slot: number): void {
    const last = --this.size;
    for (let f = 0; f < FACES; f++) {
      const at = this.places[f]![slot]!;
      if (at === last) continue;
      this.place(f, at, this.heaps[f]![last]!);
      this.settle(f, at);
    }
    this.free.push(slot);
  }

  clear(): void {
    this.size = 0;
    this.next = 0;
    this.free.length = 0;
  }

  /** The union of the boxes (empty when there are none, or all are empty). */
  bounds(out = new Box3()): Box3 {
    if (this.size === 0) return out.makeEmpty();
    const v = this.values;
    const top = (f: number) => v[this.heaps[f]![0]! * FACES + f]!;
    out.min.set(top(0), top(1), top(2));
    out.max.set(top(3), top(4), top(5));
    return out;
  }

  private write(slot: number, box: Box3): void {
    const o = slot * FACES;
    const v = this.values;
    v[o] = box.min.x;
    v[o + 1] = box.min.y;
    v[o + 2] = box.min.z;
    v[o + 3] = box.max.x;
    v[o + 4] = box.max.y;
    v[o + 5] = box.max.z;
  }

  private reserve(slots: number): void {
    const capacity = this.heaps[0]!.length;
    if (slots <= capacity) return;
    const grown = Math.max(slots, capacity * 2);
    const values = new Float64Array(grown * FACES);
    values.set(this.values);
    this.values = values;
    this.heaps = this.heaps.map((h) => grow(h, grown));
    this.places = this.places.map((p) => grow(p, grown));
  }

  /** Slot a goes above slot b in face f's heap: the smaller value on a min face, the larger on a max face. */
  private above(f: number, a: number, b: number): boolean {
    extentStats.visited += 1;
    const x = this.values[a * FACES + f]!;
    const y = this.values[b * FACES + f]!;
    return f < 3 ? x < y : x > y;
  }

  private settle(f: number, at: number): void {
    if (!this.up(f, at)) this.down(f, at);
  }

  /** Puts a slot at a place in face f's heap. */
  private place(f: number, i: number, slot: number): void {
    this.heaps[f]![i] = slot;
    this.places[f]![slot] = i;
  }

  private up(f: number, at: number): boolean {
    const heap = this.heaps[f]!;
    const slot = heap[at]!;
    let i = at;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.above(f, slot, heap[parent]!)) break;
      this.place(f, i, heap[parent]!);
      i = parent;
    }
    this.place(f, i, slot);
    return i !== at;
  }

  private down(f: number, at: number): void {
    const heap = this.heaps[f]!;
    const slot = heap[at]!;
    let i = at;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const r = l + 1;
      const child = r < this.size && this.above(f, heap[r]!, heap[l]!) ? r : l;
      if (!this.above(f, heap[child]!, slot)) break;
      this.place(f, i, heap[child]!);
      i = child;
    }
    this.place(f, i, slot);
  }
}

function grow(a: Int32Array, length: number): Int32Array {
  const out = new Int32Array(length);
  out.set(a);
  return out;
}
