import type { CommandArgs } from '../../protocol/commands';
import { FLOOR_OPENING_KINDS, TOOL_NAMES, type OpeningToolParams } from '../../protocol/records';
import { object, oneOf, optional, type Check, type Shape } from '../document/check';
import { getTool, updateTool, updateView } from '../document/session-records';
import { OPENING_TOOL_SHAPE, WALL_DRAW_SHAPE } from '../document/validators';
import { openingDefaults } from './opening';
import type { CommandDef } from './types';

// tool.set: the active tool and its parameters (a session record: not saved, not undoable). The
// tools themselves (kernel-worker/tools) read the record on every event, so changing it here is
// all it takes to switch them.

/** Every field of a shape made optional: the args carry only what changes. */
function partialOf<T extends object>(shape: Shape<T>): Check<Partial<T>> {
  const fields: Record<string, Check<unknown>> = {};
  for (const [key, check] of Object.entries(shape) as [string, Check<unknown>][]) fields[key] = optional(check);
  return object(fields as unknown as Shape<Partial<T>>);
}

export const setTool: CommandDef<'tool.set'> = {
  args: object<CommandArgs<'tool.set'>>({
    tool: optional(oneOf(TOOL_NAMES)),
    draw: optional(partialOf(WALL_DRAW_SHAPE)),
    opening: optional(partialOf(OPENING_TOOL_SHAPE)),
    floorOpening: optional(object<{ kind?: (typeof FLOOR_OPENING_KINDS)[number] }>({ kind: optional(oneOf(FLOOR_OPENING_KINDS)) })),
  }),
  history: 'none',
  run(tx, a) {
    const current = getTool(tx);
    let opening: OpeningToolParams = { ...current.opening, ...a.opening };
    // A new kind brings its own size (catalogues.md §9) unless the caller sets it too.
    const kind = a.opening?.kind;
    if (kind !== undefined && kind !== current.opening.kind) {
      const defaults = openingDefaults(kind);
      opening = {
        kind,
        width: a.opening?.width ?? defaults.width,
        height: a.opening?.height ?? defaults.height,
        elevation: a.opening?.elevation ?? defaults.elevation,
      };
    }
    const tool = a.tool ?? current.tool;
    const switching = tool !== current.tool;
    updateTool(tx, {
      tool,
      draw: { ...current.draw, ...a.draw },
      opening,
      ...(a.floorOpening?.kind !== undefined && { floorOpening: { kind: a.floorOpening.kind } }),
      // A preview belongs to the tool that drew it.
      ...(switching ? { preview: null, hoverId: null } : {}),
    });
    // Walls are drawn in the plan (issue 4): picking the wall tool shows it.
    if (switching && (tool === 'wall' || tool === 'floorOpening')) updateView(tx, { cameraView: 2 });
    return null;
  },
};
