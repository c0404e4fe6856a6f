import type { Box3, BufferGeometry, LineSegments, Material, Mesh, Object3D } from 'three';
import type { RecordOfType, RecordType, SceneRecord, ViewMode } from '../../protocol/records';
import type { RecordReader } from '../document/store';
import type { FixtureGeometries } from '../render/light-fixtures';
import type { SceneMaterials } from '../render/materials';
import type { ModelLayer } from '../render/models';

// The 3D facet of a record kind (kinds/<type>/view.ts, listed in kinds/views.ts): what the scene
// graph (render/scene-graph.ts) builds for a record of the type, which records its view is built
// from, and when it must be built again. The scene graph is the generic loop: it keeps the
// declared indexes from the diffs, collects the records a diff touched, expands them through the
// declared dependencies, asks each kind whether and how to rebuild, and puts or drops the groups.

/** Records of one type filed by a key (a wall's openings), kept up to date from the diffs. */
export interface ViewIndex<T extends RecordType> {
  readonly name: string;
  readonly type: T;
  /** the key a record is filed under; null: not filed */
  readonly keyOf: (record: RecordOfType<T>) => string | null;
}

export function viewIndex<T extends RecordType>(type: T, name: string, keyOf: (record: RecordOfType<T>) => string | null): ViewIndex<T> {
  return { type, name, keyOf };
}

/** What a view reads besides its own record. */
export interface ViewQuery {
  readonly records: RecordReader;
  /** The records filed under key, ordered by id; the same array until one of them changes. */
  indexed<T extends RecordType>(index: ViewIndex<T>, key: string): readonly RecordOfType<T>[];
  hasIndexed<T extends RecordType>(index: ViewIndex<T>, key: string): boolean;
  /** The storey's floor height (mm; 0 for none). */
  elevationOf(storeyId: string): number;
  /** Render option: skirting along the rooms' walls. */
  readonly skirting: boolean;
}

/** What the last sync did beyond rebuilding and moving (SyncReport). */
export interface SyncCounters {
  /** walls whose footprints were recomputed */
  footprints: number;
  /** storeys whose wall graph came from the command that changed them */
  graphsReused: number;
}

/** What a view builds with. */
export interface ViewEnv extends ViewQuery {
  readonly materials: SceneMaterials;
  readonly fixtures: FixtureGeometries;
  /** the instanced model layer (models.ts) */
  readonly models: ModelLayer;
  /** wireframe edges are shown: build them with the surfaces */
  readonly edges: boolean;
  readonly counters: SyncCounters;
  surfaceMesh(geometry: BufferGeometry, material: Material | Material[], cast?: boolean): Mesh;
  lines(geometry: BufferGeometry): LineSegments;
}

/** A record's view built (again), or moved. */
export interface ViewBuild<S> {
  /** what it was built from: handed back to update() next time to tell what changed */
  readonly state: S;
  /** Puts its parts into its emptied group (in world coordinates, or placed by the group's position). */
  readonly fill?: (group: Object3D) => void;
  /** A group of its own instead (an instanced kind: the model layer's). */
  readonly group?: Object3D;
  /** the old parts' geometries live on in the new ones (an opening that only moved) */
  readonly keepGeometry?: boolean;
  /** world box of what is drawn; default: the parts' */
  readonly box?: Box3;
  /** its wireframe edges are built; default: whether they are shown */
  readonly edges?: boolean;
  /** it only moved (SyncReport.moved), rather than being built anew */
  readonly moved?: boolean;
}

/** The records of this kind whose view is built from a record of type D (either version of one a diff touched). */
export type Dependants<D extends RecordType> = (record: RecordOfType<D>, q: ViewQuery) => Iterable<string>;

export interface ViewKind<T extends RecordType, S = unknown> {
  readonly type: T;
  /** Indexes of this type's records that views look up (kept by the scene graph). */
  readonly indexes?: readonly ViewIndex<T>[];
  /** What this kind's views are built from, besides the record itself: by type, the dependants of one record. */
  readonly dependsOn?: { readonly [D in RecordType]?: Dependants<D> };
  /**
   * More records to revisit after a diff than the declared dependencies name (walls: those whose
   * footprint changed because a wall meeting them changed). stateOf: what a record of this kind was built from.
   */
  readonly revisit?: (touched: readonly SceneRecord[], env: ViewEnv, stateOf: (id: string) => S | undefined) => Iterable<string>;
  /** Render options its view reads: switching one revisits every record of the kind. */
  readonly options?: readonly 'skirting'[];
  /** The storey the record stands on (captures, camera views); null: none. */
  readonly storeyOf?: (record: RecordOfType<T>, records: RecordReader) => string | null;
  /** What the record sets of how the whole scene is shown. */
  readonly display?: (record: RecordOfType<T>) => { readonly viewMode?: ViewMode };
  /** Drawn by the instanced model layer: its group lives there, not in the static batches. */
  readonly instanced?: boolean;
  /**
   * Whether and how to build the record's view, given what it was built from last (undefined:
   * never built): undefined keeps it, null drops it (what it stands on is gone), else a build.
   */
  readonly update?: (record: RecordOfType<T>, env: ViewEnv, old: S | undefined) => ViewBuild<S> | null | undefined;
  /** Wireframe edges for a view built without them (a mode that shows them came); null: none. */
  readonly edges?: (record: RecordOfType<T>, state: S, group: Object3D, env: ViewEnv) => BufferGeometry | null;
  /** Its view is dropped (an instanced kind lets go of its instance). */
  readonly release?: (id: string, env: ViewEnv) => void;
}
