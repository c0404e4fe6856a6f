import type { CommandArgs } from '../../protocol/commands';
import { CAMERA_VIEWS, VIEW_MODES } from '../../protocol/records';
import { boolean, object, oneOf } from '../document/check';
import { updateView } from '../document/session-records';
import { RECORD_SHAPES } from '../document/validators';
import { idArg, requireRecord } from './common';
import type { CommandDef } from './types';

export const setViewMode: CommandDef<'view.setMode'> = {
  args: object({ mode: oneOf(VIEW_MODES) }),
  history: 'none',
  run(tx, { mode }) {
    updateView(tx, { viewMode: mode });
    return null;
  },
};

export const setCamera: CommandDef<'view.setCamera'> = {
  args: object({ view: oneOf(CAMERA_VIEWS) }),
  history: 'none',
  run(tx, { view }) {
    updateView(tx, { cameraView: view });
    return null;
  },
};

export const setStorey: CommandDef<'view.setStorey'> = {
  args: object({ storeyId: idArg }),
  history: 'none',
  run(tx, { storeyId }) {
    updateView(tx, { currentStoreyId: requireRecord(tx, storeyId, 'storey').id });
    return null;
  },
};

export const setMaterialMode: CommandDef<'view.setMaterialMode'> = {
  args: object({ on: boolean }),
  history: 'none',
  run(tx, { on }) {
    updateView(tx, { materialMode: on });
    return null;
  },
};

export const setPlan: CommandDef<'view.setPlan'> = {
  args: object<CommandArgs<'view.setPlan'>>({ plan: RECORD_SHAPES.view.plan }),
  history: 'none',
  run(tx, { plan }) {
    updateView(tx, { plan });
    return null;
  },
};
