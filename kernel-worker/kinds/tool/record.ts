import { INITIAL_TOOL } from '../../../protocol/initial';
import {
  FLOOR_OPENING_KINDS,
  TOOL_NAMES,
  WALL_DRAW_MODES,
  type OpeningToolParams,
  type SnapKind,
  type ToolPreview,
  type ToolRecord,
  type Vec2,
  type WallDrawParams,
} from '../../../protocol/records';
import { CABINET_REFUSALS, FLOOR_OPENING_REFUSALS, OPENING_REFUSALS } from '../../../protocol/errors';
import type { ToolSummary } from '../../../protocol/snapshot';
import { arrayOf, boolean, finite, nullable, object, oneOf, optional, string, type Shape } from '../../document/check';
import type { RecordReader } from '../../document/store';
import { angle, COORD_LIMIT, id, length, literal, openingKind, position, size3, vec2, wallColor, wallType } from '../fields';
import type { RecordKind } from '../record-kind';

// The active tool, its parameters and its live preview: a session singleton with a fixed id.

export const TOOL_ID = INITIAL_TOOL.id;

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
  floorOpening: optional(nullable(object<NonNullable<ToolPreview['floorOpening']>>({ outline: arrayOf(vec2, { maxLength: 1000 }), ok: boolean }))),
  model: optional(nullable(object<NonNullable<ToolPreview['model']>>({ position, rotation: angle, size: size3 }))),
});

export function defaultWallDraw(): WallDrawParams {
  return { ...INITIAL_TOOL.draw };
}

export function defaultOpeningTool(): OpeningToolParams {
  return { ...INITIAL_TOOL.opening };
}

export function defaultTool(): ToolRecord {
  return { ...INITIAL_TOOL, draw: defaultWallDraw(), opening: defaultOpeningTool() };
}

export function getTool(records: Pick<RecordReader, 'getOfType'>): ToolRecord {
  return records.getOfType(TOOL_ID, 'tool') ?? INITIAL_TOOL;
}

/** The active tool; mid-drawing, the segment's length (mm) and angle (degrees ccw from east, 0..360). */
function toolSummary(records: RecordReader): ToolSummary {
  const tool = getTool(records);
  const segment = tool.preview?.segment ?? null;
  let drawing: ToolSummary['drawing'] = null;
  if (segment) {
    const dx = segment.end.x - segment.start.x;
    const dy = segment.end.y - segment.start.y;
    const degrees = (Math.atan2(dy, dx) * 180) / Math.PI;
    const angle = Math.round((degrees < 0 ? degrees + 360 : degrees) * 10) / 10;
    drawing = { length: Math.round(Math.hypot(dx, dy)), angle: angle >= 360 ? 0 : angle + 0, typed: tool.preview?.typed ?? '' };
  }
  return { name: tool.tool, draw: { ...tool.draw }, opening: { ...tool.opening }, floorOpeningKind: tool.floorOpening?.kind ?? 'stair', drawing, ...(tool.refused ? { refused: { ...tool.refused } } : {}) };
}

export const toolRecordKind = {
  type: 'tool',
  scope: 'session',
  shape: {
    id,
    type: literal('tool'),
    tool: oneOf(TOOL_NAMES),
    draw: object<WallDrawParams>(WALL_DRAW_SHAPE),
    opening: object<OpeningToolParams>(OPENING_TOOL_SHAPE),
    floorOpening: optional(object<NonNullable<ToolRecord['floorOpening']>>({ kind: oneOf(FLOOR_OPENING_KINDS) })),
    preview: nullable(toolPreview),
    hoverId: nullable(id),
    refused: optional(nullable(object<NonNullable<ToolRecord['refused']>>({ reason: oneOf([...OPENING_REFUSALS, ...CABINET_REFUSALS, ...FLOOR_OPENING_REFUSALS]), seq: finite({ integer: true, min: 0, max: Number.MAX_SAFE_INTEGER }) }))),
  },
  initial: defaultTool,
  snapshot: { part: { keys: ['tool'], derive: (records) => ({ tool: toolSummary(records) }) } },
} satisfies RecordKind<'tool'>;
