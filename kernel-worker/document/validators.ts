import {
  CAMERA_VIEWS,
  LIGHT_KINDS,
  OPENING_KINDS,
  PAVING_FACES,
  PAVING_MODES,
  TILE_IMAGE_PATTERN,
  TOOL_NAMES,
  VIEW_MODES,
  WALL_COLOR_NAMES,
  WALL_DRAW_MODES,
  type ClientInfo,
  type OpeningToolParams,
  type PlanFrame,
  type SnapKind,
  type ToolPreview,
  type WallDrawParams,
  type PavingRecord,
  type RecordOfType,
  type RecordType,
  type SceneRecord,
  type Vec2,
  type Vec3,
} from '../../protocol/records';
import {
  CheckError,
  arrayOf,
  boolean,
  describeValue,
  finite,
  hasOwn,
  isPlainObject,
  joinPath,
  nullable,
  object,
  optional,
  oneOf,
  string,
  type Check,
  type Shape,
} from './check';

// One validator per record type: the store runs it on every put, so no command (and later no
// scene file or migration) can store a record the renderer or the saver would choke on.

/** Plan coordinates and lengths are millimetres; a kilometre is far beyond any building. */
const COORD_LIMIT = 1_000_000;

export const RECORD_ID_PATTERN = /^[A-Za-z0-9_.:/-]{1,128}$/;
const id = string({ pattern: RECORD_ID_PATTERN });
const coord = finite({ min: -COORD_LIMIT, max: COORD_LIMIT });
const vec2 = object<Vec2>({ x: coord, y: coord });
const length = (max: number) => finite({ gt: 0, max });
const code = finite({ integer: true, min: 0, max: 100_000 });
const label = string({ maxLength: 200 });

function literal<T extends string>(value: T): Check<T> {
  return oneOf([value] as const) as Check<T>;
}

function refine<T>(check: Check<T>, rule: (value: T, path: string) => void): Check<T> {
  return (value, path) => {
    const out = check(value, path);
    rule(out, path);
    return out;
  };
}

const position = object<Vec3>({ x: coord, y: coord, z: coord });
const size3 = object<Vec3>({ x: length(100_000), y: length(100_000), z: length(100_000) });
const angle = finite({ min: -100, max: 100 });
const flag = boolean;
const wallType = oneOf(['normal', 'loadBearing', 'partition'] as const);
export const wallColor = oneOf(WALL_COLOR_NAMES);
export const tileImage = string({ pattern: TILE_IMAGE_PATTERN });
const openingKind = oneOf(OPENING_KINDS);

/** Zoom of the 2D plan: from a city block on a phone to a millimetre as wide as a finger. */
export const PLAN_ZOOM_LIMITS = { min: 1e-4, max: 100 } as const;
const planFrame = object<PlanFrame>({ centre: vec2, pxPerMm: finite(PLAN_ZOOM_LIMITS) });

/** The tool record's parameter fields, one check each (tool.set accepts any subset). */
export const WALL_DRAW_SHAPE: Shape<WallDrawParams> = {
  drawMode: oneOf(WALL_DRAW_MODES),
  thickness: length(5_000),
  height: length(100_000),
  wallType,
  color: nullable(wallColor),
  snap: boolean,
  orthogonal: boolean,
  angle: boolean,
  input: boolean,
};

export const OPENING_TOOL_SHAPE: Shape<OpeningToolParams> = {
  kind: openingKind,
  width: length(100_000),
  height: length(100_000),
  elevation: finite({ min: 0, max: 100_000 }),
};

const SNAP_KINDS = ['endpoint', 'midpoint', 'line', 'orthogonal', 'angle', 'none'] as const satisfies readonly SnapKind[];
const segment = object<{ start: Vec2; end: Vec2 }>({ start: vec2, end: vec2 });
const toolPreview = object<ToolPreview>({
  segment: nullable(segment),
  snap: nullable(object<NonNullable<ToolPreview['snap']>>({ point: vec2, kind: oneOf(SNAP_KINDS) })),
  typed: string({ maxLength: 32, pattern: /^[0-9.]*$/ }),
  opening: nullable(
    object<NonNullable<ToolPreview['opening']>>({
      wallId: id,
      offset: finite({ min: -COORD_LIMIT, max: COORD_LIMIT }),
      width: length(100_000),
      ok: boolean,
    }),
  ),
});

/**
 * The field checks of each type. Exported so that `<type>.update` commands can accept any subset
 * of them; whole records are still checked by RECORD_VALIDATORS (which adds cross-field rules).
 */
export const RECORD_SHAPES = {
  meta: {
    id,
    type: literal('meta'),
    name: label,
    style: label,
    roomType: code,
    isUseStackWall: oneOf([0, 1] as const),
    hasMeasuringSize: boolean,
    client: object<ClientInfo>({ name: label, phone: label, id: label, address: label, order_number: label }),
  },
  storey: {
    id,
    type: literal('storey'),
    index: finite({ integer: true, min: -20, max: 500 }),
    name: label,
    elevation: coord,
    layerHeight: length(100_000),
  },
  wall: {
    id,
    type: literal('wall'),
    storeyId: id,
    start: vec2,
    end: vec2,
    thickness: length(5_000),
    height: length(100_000),
    wallType,
    color: optional(wallColor),
  },
  opening: {
    id,
    type: literal('opening'),
    wallId: id,
    kind: openingKind,
    offset: finite({ min: 0, max: COORD_LIMIT }),
    width: length(100_000),
    height: length(100_000),
    elevation: finite({ min: 0, max: 100_000 }),
    flipSide: flag,
    flipHinge: flag,
  },
  room: {
    id,
    type: literal('room'),
    storeyId: id,
    name: label,
    roomType: code,
    outline: arrayOf(vec2, { minLength: 3, maxLength: 100_000 }),
    height: length(100_000),
  },
  model: {
    id,
    type: literal('model'),
    storeyId: id,
    modelId: string({ maxLength: 200 }),
    name: label,
    position,
    rotation: angle,
    size: size3,
  },
  paving: {
    id,
    type: literal('paving'),
    surface: object<PavingRecord['surface']>({ id, face: oneOf(PAVING_FACES) }),
    tileCode: string({ maxLength: 200 }),
    tileWidth: length(100_000),
    tileHeight: length(100_000),
    gap: finite({ min: 0, max: 1_000 }),
    rotation: angle,
    offset: vec2,
    mode: oneOf(PAVING_MODES),
    image: optional(tileImage),
  },
  ceiling: {
    id,
    type: literal('ceiling'),
    roomId: id,
    elevation: length(100_000),
    thickness: length(10_000),
  },
  light: {
    id,
    type: literal('light'),
    storeyId: id,
    kind: oneOf(LIGHT_KINDS),
    position,
    color: string({ pattern: /^#[0-9a-f]{6}$/ }),
    intensity: finite({ min: 0, max: 1_000_000 }),
  },
  view: {
    id,
    type: literal('view'),
    viewMode: oneOf(VIEW_MODES),
    cameraView: oneOf(CAMERA_VIEWS),
    currentStoreyId: nullable(id),
    materialMode: boolean,
    plan: nullable(planFrame),
  },
  selection: {
    id,
    type: literal('selection'),
    ids: arrayOf(id, { maxLength: 1_000_000 }),
  },
  tool: {
    id,
    type: literal('tool'),
    tool: oneOf(TOOL_NAMES),
    draw: object<WallDrawParams>(WALL_DRAW_SHAPE),
    opening: object<OpeningToolParams>(OPENING_TOOL_SHAPE),
    preview: nullable(toolPreview),
    hoverId: nullable(id),
  },
} satisfies { readonly [T in RecordType]: Shape<RecordOfType<T>> };

export const RECORD_VALIDATORS: { readonly [T in RecordType]: Check<RecordOfType<T>> } = {
  meta: object<RecordOfType<'meta'>>(RECORD_SHAPES.meta),
  storey: object<RecordOfType<'storey'>>(RECORD_SHAPES.storey),
  wall: refine(object<RecordOfType<'wall'>>(RECORD_SHAPES.wall), (wall, path) => {
    if (Math.hypot(wall.end.x - wall.start.x, wall.end.y - wall.start.y) < 1) {
      throw new CheckError(joinPath(path, 'end'), 'must be at least 1 mm away from start');
    }
  }),
  opening: object<RecordOfType<'opening'>>(RECORD_SHAPES.opening),
  room: object<RecordOfType<'room'>>(RECORD_SHAPES.room),
  model: object<RecordOfType<'model'>>(RECORD_SHAPES.model),
  paving: object<RecordOfType<'paving'>>(RECORD_SHAPES.paving),
  ceiling: object<RecordOfType<'ceiling'>>(RECORD_SHAPES.ceiling),
  light: object<RecordOfType<'light'>>(RECORD_SHAPES.light),
  view: object<RecordOfType<'view'>>(RECORD_SHAPES.view),
  selection: object<RecordOfType<'selection'>>(RECORD_SHAPES.selection),
  tool: object<RecordOfType<'tool'>>(RECORD_SHAPES.tool),
};

export class RecordValidationError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'RecordValidationError';
  }
}

/** Returns a validated, deep-frozen copy of the record, or throws a RecordValidationError. */
export function validateRecord(value: unknown): SceneRecord {
  const label = () => (isPlainObject(value) ? `${String(value.type)} ${String(value.id)}` : 'record');
  if (!isPlainObject(value) || typeof value.type !== 'string' || !hasOwn(RECORD_VALIDATORS, value.type)) {
    const type = isPlainObject(value) ? describeValue(value.type) : describeValue(value);
    throw new RecordValidationError(`${label()}: unknown record type ${type}`);
  }
  const check = RECORD_VALIDATORS[value.type as RecordType] as Check<SceneRecord>;
  try {
    return deepFreeze(check(value, ''));
  } catch (e) {
    if (e instanceof CheckError) throw new RecordValidationError(`${label()}: ${e.message}`);
    throw e;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** A reference from one record to another; checked when the transaction commits. */
export interface RecordRef {
  readonly field: string;
  readonly id: string;
  readonly type: RecordType;
}

/**
 * The references each type holds. Selections are left out on purpose: a selection may briefly
 * name a record that a command is about to remove, and the command prunes it.
 */
export const RECORD_REFERENCES: { readonly [T in RecordType]?: (record: RecordOfType<T>) => RecordRef[] } = {
  wall: (w) => [{ field: 'storeyId', id: w.storeyId, type: 'storey' }],
  opening: (o) => [{ field: 'wallId', id: o.wallId, type: 'wall' }],
  room: (r) => [{ field: 'storeyId', id: r.storeyId, type: 'storey' }],
  model: (m) => [{ field: 'storeyId', id: m.storeyId, type: 'storey' }],
  paving: (p) => [
    { field: 'surface.id', id: p.surface.id, type: p.surface.face === 'left' || p.surface.face === 'right' ? 'wall' : 'room' },
  ],
  ceiling: (c) => [{ field: 'roomId', id: c.roomId, type: 'room' }],
  light: (l) => [{ field: 'storeyId', id: l.storeyId, type: 'storey' }],
  view: (v) => (v.currentStoreyId === null ? [] : [{ field: 'currentStoreyId', id: v.currentStoreyId, type: 'storey' }]),
};

/** Which types may refer to records of a type: where a removal has to look for dependants. */
export const REFERRING_TYPES: { readonly [T in RecordType]?: readonly RecordType[] } = {
  storey: ['wall', 'room', 'model', 'light', 'view'],
  wall: ['opening', 'paving'],
  room: ['paving', 'ceiling'],
};

export function referencesOf(record: SceneRecord): RecordRef[] {
  const refs = RECORD_REFERENCES[record.type] as ((r: SceneRecord) => RecordRef[]) | undefined;
  return refs ? refs(record) : [];
}
