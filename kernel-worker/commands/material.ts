import type { CommandArgs, MaterialTarget } from '../../protocol/commands';
import type { AppliedMaterial } from '../../protocol/records';
import { CheckError, describeValue, isPlainObject, joinPath, nullable, object, oneOf, string, type Check } from '../document/check';
import type { Transaction } from '../document/store';
import { appliedMaterial, PART_NAME_PATTERN } from '../kinds/fields';
import { idArg, requireRecord } from './common';
import type { CommandDef } from './types';

// material.apply: a library material on a wall face, a room's floor or ceiling, or a model part.
// The material is embedded in the record (protocol AppliedMaterial), so a saved scene draws it
// without the catalogue; null takes it off. A model's parts are named by their GLB material: the
// kernel does not read the file, so any name the pattern allows is taken, and a name the model
// does not have simply draws nothing different.

const wallTarget = object<Extract<MaterialTarget, { kind: 'wall' }>>({ kind: oneOf(['wall'] as const), id: idArg, face: oneOf(['left', 'right'] as const) });
const roomTarget = object<Extract<MaterialTarget, { kind: 'room' }>>({ kind: oneOf(['room'] as const), id: idArg, face: oneOf(['floor', 'ceiling'] as const) });
const modelTarget = object<Extract<MaterialTarget, { kind: 'model' }>>({
  kind: oneOf(['model'] as const),
  id: idArg,
  part: string({ pattern: PART_NAME_PATTERN }),
});

const target: Check<MaterialTarget> = (value, path) => {
  const kind = isPlainObject(value) ? value.kind : undefined;
  if (kind === 'wall') return wallTarget(value, path);
  if (kind === 'room') return roomTarget(value, path);
  if (kind === 'model') return modelTarget(value, path);
  throw new CheckError(joinPath(path, 'kind'), `must be one of "wall", "room", "model", got ${describeValue(kind)}`);
};

/** `materials` with `key` set to `material`, or without it when null; undefined when nothing is left. */
function withMaterial<T extends { readonly [key: string]: AppliedMaterial | undefined }>(materials: T | undefined, key: string, material: AppliedMaterial | null): T | undefined {
  const next: Record<string, AppliedMaterial> = {};
  for (const [k, v] of Object.entries(materials ?? {})) if (v && k !== key) next[k] = v;
  if (material) next[key] = material;
  return Object.keys(next).length > 0 ? (next as unknown as T) : undefined;
}

function put<R extends { readonly materials?: object }>(tx: Transaction, record: R, materials: R['materials'] | undefined): void {
  const { materials: _old, ...rest } = record;
  tx.put((materials ? { ...rest, materials } : rest) as unknown as Parameters<Transaction['put']>[0]);
}

export const applyMaterial: CommandDef<'material.apply'> = {
  args: object<CommandArgs<'material.apply'>>({ target, material: nullable(appliedMaterial) }),
  history: 'undoable',
  run(tx, { target: t, material }) {
    if (t.kind === 'wall') {
      const wall = requireRecord(tx, t.id, 'wall');
      put(tx, wall, withMaterial(wall.materials, t.face, material));
    } else if (t.kind === 'room') {
      const room = requireRecord(tx, t.id, 'room');
      put(tx, room, withMaterial(room.materials, t.face, material));
    } else {
      const model = requireRecord(tx, t.id, 'model');
      put(tx, model, withMaterial(model.materials, t.part, material));
    }
    return null;
  },
};
