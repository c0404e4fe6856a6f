import type { RecordOfType, RecordType, WallRecord } from '../../protocol/records';
import { planFor } from '../geometry/graph-cache';
import type { WallFootprint } from '../geometry/wall-footprint';
import type { Painter, PlanRecords, PlanState } from '../render/plan-primitives';
import type { PlanSymbols } from '../render/plan-symbols';
import type { PlanLocale } from '../render/room-names';

// The plan facet of a record kind: how records of one type appear in the 2D plan view (camera
// view 2). render/plan-drawing.ts loops over the table (kinds/plans.ts) and knows no record type;
// each kind's kinds/<type>/plan.ts says which of its records a storey shows and what primitives
// one of them is, in its state, on the storey shown and (if at all) on a storey below it.

/** One storey's walls analysed: graph, joints, footprints and room faces (graph-cache.ts). */
export type StoreyPlan = ReturnType<typeof planFor>;

/**
 * What a facet draws with: one storey (the one shown, or one below it) at the frame's zoom. The
 * walls and their analysis are here because everything on a plan stands on them; other values
 * several facets need are shared through planShared.
 */
export interface PlanContext {
  readonly records: PlanRecords;
  readonly storeyId: string | null;
  /** the frame's zoom, CSS px per mm: screen sizes become mm through the painter */
  readonly pxPerMm: number;
  readonly locale: PlanLocale;
  /** the storey's walls, in record order */
  readonly walls: readonly WallRecord[];
  /** their analysis, shared with the 3D view and the wall commands; null without walls */
  readonly plan: StoreyPlan | null;
  /** each wall's footprint (empty without walls) */
  readonly footprints: ReadonlyMap<string, WallFootprint>;
  /** models' plan symbols, loaded on first ask (null: footprints only) */
  readonly symbols: PlanSymbols | null;
}

export interface PlanFacet<R> {
  /** The records of this kind the storey shows, in drawing order. */
  recordsOn(ctx: PlanContext): Iterable<R>;
  /** The record's primitives on the storey shown, in its state (selected, hovered, or neither). */
  draw(record: R, state: PlanState, ctx: PlanContext, paint: Painter): void;
  /** Its primitives when its storey lies below the one shown (faded, under everything); absent: not shown there. */
  drawBelow?(record: R, ctx: PlanContext, paint: Painter): void;
}

/** A facet with its record type bound: what the table holds and the drawing loops over. */
export interface PlanKind {
  readonly type: RecordType;
  drawShown(ctx: PlanContext, stateOf: (id: string) => PlanState, paint: Painter): void;
  drawBelow(ctx: PlanContext, paint: Painter): void;
}

export function planKind<T extends RecordType>(type: T, facet: PlanFacet<RecordOfType<T>>): PlanKind {
  const below = facet.drawBelow;
  return {
    type,
    drawShown(ctx, stateOf, paint) {
      for (const record of facet.recordsOn(ctx)) facet.draw(record, stateOf(record.id), ctx, paint);
    },
    drawBelow(ctx, paint) {
      if (below) for (const record of facet.recordsOn(ctx)) below(record, ctx, paint);
    },
  };
}

export function planContext(records: PlanRecords, storeyId: string | null, walls: readonly WallRecord[], pxPerMm: number, locale: PlanLocale, symbols: PlanSymbols | null = null): PlanContext {
  const plan = walls.length ? planFor(walls) : null;
  return { records, storeyId, pxPerMm, locale, walls, plan, footprints: plan?.footprints ?? new Map(), symbols };
}

/**
 * A value computed once per storey drawn, on first use, and shared by the facets that ask for
 * it (a storey's walls cut at their openings, its rooms): `const cuts = planShared((ctx) => ...)`,
 * then `cuts(ctx)` anywhere in that drawing.
 */
export function planShared<T>(compute: (ctx: PlanContext) => T): (ctx: PlanContext) => T {
  const memo = new WeakMap<PlanContext, T>();
  return (ctx) => {
    let value = memo.get(ctx);
    if (value === undefined) {
      value = compute(ctx);
      memo.set(ctx, value);
    }
    return value;
  };
}
