import type { CommandArgs, CommandResult } from '../../protocol/commands';
import { CAMERA_VIEWS, VIEW_MODES } from '../../protocol/records';
import { boolean, object, oneOf, type Check } from '../document/check';
import { updateView } from '../document/session-records';
import type { Transaction } from '../document/store';
import { RECORD_SHAPES } from '../document/validators';
import { idArg, requireRecord } from './common';
import type { CommandDef } from './types';

type ViewChange = Parameters<typeof updateView>[1];
type ViewCommandName = 'view.setMode' | 'view.setCamera' | 'view.setStorey' | 'view.setMaterialMode' | 'view.setPlan';

/** A session command that sets fields of the view record from its args. */
function viewCommand<N extends ViewCommandName>(args: Check<CommandArgs<N>>, change: (tx: Transaction, a: CommandArgs<N>) => ViewChange): CommandDef<N> {
  return {
    args,
    history: 'none',
    run(tx, a) {
      updateView(tx, change(tx, a));
      return null as CommandResult<N>;
    },
  };
}

export const setViewMode = viewCommand<'view.setMode'>(object({ mode: oneOf(VIEW_MODES) }), (_tx, { mode }) => ({ viewMode: mode }));

export const setCamera = viewCommand<'view.setCamera'>(object({ view: oneOf(CAMERA_VIEWS) }), (_tx, { view }) => ({ cameraView: view }));

export const setStorey = viewCommand<'view.setStorey'>(object({ storeyId: idArg }), (tx, { storeyId }) => ({
  currentStoreyId: requireRecord(tx, storeyId, 'storey').id,
}));

export const setMaterialMode = viewCommand<'view.setMaterialMode'>(object({ on: boolean }), (_tx, { on }) => ({ materialMode: on }));

export const setPlan = viewCommand<'view.setPlan'>(object({ plan: RECORD_SHAPES.view.plan }), (_tx, { plan }) => ({ plan }));
