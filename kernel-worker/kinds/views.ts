import type { RecordOfType, RecordType, SceneRecord } from '../../protocol/records';
import type { RecordReader } from '../document/store';
import { ceilingView } from './ceiling/view';
import { lightView } from './light/view';
import { modelView } from './model/view';
import { openingView } from './opening/view';
import { pavingView } from './paving/view';
import { roomView } from './room/view';
import type { Dependants, ViewIndex, ViewKind, ViewQuery } from './view-kind';
import { viewView } from './view/view';
import { wallView } from './wall/view';
import { wallPanelView } from './wallPanel/view';
import { cabinetView } from './cabinet/view';
import { floorOpeningView } from './floorOpening/view';

// The 3D-facet table: one entry per record type that has something to do with the 3D scene (see
// view-kind.ts). render/scene-graph.ts loops over it; a type that is not listed draws nothing
// and nothing drawn depends on it.

/** A kind with its record and state types forgotten: the scene graph hands each kind only records of its type and states it made. */
export type AnyViewKind = ViewKind<RecordType, unknown>;

function erase<T extends RecordType, S>(kind: ViewKind<T, S>): AnyViewKind {
  return kind as unknown as AnyViewKind;
}

/** In the order the scene graph visits them. */
export const VIEW_KINDS: readonly AnyViewKind[] = [
  erase(viewView),
  erase(pavingView),
  erase(wallView),
  erase(openingView),
  erase(floorOpeningView),
  erase(roomView),
  erase(ceilingView),
  erase(modelView),
  erase(lightView),
  erase(wallPanelView),
  erase(cabinetView),
];

const byType = new Map<RecordType, AnyViewKind>(VIEW_KINDS.map((k) => [k.type, k]));

export function viewKindOf(type: RecordType): AnyViewKind | undefined {
  return byType.get(type);
}

/** Every index the kinds declare. */
export const VIEW_INDEXES: readonly ViewIndex<RecordType>[] = VIEW_KINDS.flatMap((k) => k.indexes ?? []);

export interface Dependency {
  readonly kind: AnyViewKind;
  readonly dependants: (record: SceneRecord, q: ViewQuery) => Iterable<string>;
}

const dependencies = new Map<RecordType, Dependency[]>();
for (const kind of VIEW_KINDS) {
  for (const type of Object.keys(kind.dependsOn ?? {}) as RecordType[]) {
    const dependants = kind.dependsOn?.[type] as Dependants<RecordType> | undefined;
    if (!dependants) continue;
    let list = dependencies.get(type);
    if (!list) dependencies.set(type, (list = []));
    list.push({ kind, dependants });
  }
}

/** The kinds whose views are built from records of this type, and how to find them. */
export function dependenciesOn(type: RecordType): readonly Dependency[] {
  return dependencies.get(type) ?? [];
}

/** The storey a drawn record stands on (walls, rooms, models, lights directly; openings by their wall; ceilings by their room; pavings by their surface). */
export function storeyOfRecord(records: RecordReader, id: string): string | null {
  const r = records.get(id);
  if (!r) return null;
  return viewKindOf(r.type)?.storeyOf?.(r as RecordOfType<typeof r.type>, records) ?? null;
}
