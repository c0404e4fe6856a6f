import type { RecordType } from '../../protocol/records';
import { modelPlan } from './model/plan';
import { openingPlan } from './opening/plan';
import { planKind, type PlanKind } from './plan-kind';
import { roomPlan } from './room/plan';
import { wallPlan } from './wall/plan';
import { wallPanelPlan } from './wallPanel/plan';
import { cabinetPlan } from './cabinet/plan';
import { floorOpeningPlan } from './floorOpening/plan';

// The plan-facet table: the record kinds the 2D plan draws, in drawing order (within a layer,
// a kind drawn later lies on top). A kind the plan does not show has no entry; a new one (a
// model's footprint, a cabinet) is one line here and its kinds/<type>/plan.ts.

export const PLAN_KINDS: readonly PlanKind[] = [
  planKind('room', roomPlan),
  // On the rooms' floor (the same layer, drawn after), under the furniture and the walls.
  planKind('floorOpening', floorOpeningPlan),
  // Under the walls (drawn before them in the walls' layer), over the rooms.
  planKind('model', modelPlan),
  planKind('cabinet', cabinetPlan),
  planKind('wall', wallPlan),
  planKind('opening', openingPlan),
  planKind('wallPanel', wallPanelPlan),
];

/** The record types whose records the plan draws: a change to one of them redraws it. */
export const PLAN_TYPES: ReadonlySet<RecordType> = new Set(PLAN_KINDS.map((kind) => kind.type));
