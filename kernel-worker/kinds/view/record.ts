import { INITIAL_VIEW } from '../../../protocol/initial';
import { CAMERA_VIEWS, VIEW_MODES, type PlanFrame, type ViewRecord } from '../../../protocol/records';
import { boolean, finite, nullable, object, oneOf } from '../../document/check';
import type { RecordReader } from '../../document/store';
import { id, literal, vec2 } from '../fields';
import type { RecordKind } from '../record-kind';

// How the user looks at the scene: a session singleton with a fixed id.

export const VIEW_ID = INITIAL_VIEW.id;

/** Zoom of the 2D plan: from a city block on a phone to a millimetre as wide as a finger. */
export const PLAN_ZOOM_LIMITS = { min: 1e-4, max: 100 } as const;
const planFrame = object<PlanFrame>({ centre: vec2, pxPerMm: finite(PLAN_ZOOM_LIMITS) });

export function defaultView(): ViewRecord {
  return { ...INITIAL_VIEW };
}

export function getView(records: Pick<RecordReader, 'getOfType'>): ViewRecord {
  return records.getOfType(VIEW_ID, 'view') ?? INITIAL_VIEW;
}

export const viewRecordKind = {
  type: 'view',
  scope: 'session',
  shape: {
    id,
    type: literal('view'),
    viewMode: oneOf(VIEW_MODES),
    cameraView: oneOf(CAMERA_VIEWS),
    currentStoreyId: nullable(id),
    materialMode: boolean,
    plan: nullable(planFrame),
  },
  // Selections are left out on purpose: a selection may briefly name a record that a command is
  // about to remove, and the command prunes it. The current storey is repaired instead.
  refersTo: ['storey'],
  references: (v) => (v.currentStoreyId === null ? [] : [{ field: 'currentStoreyId', id: v.currentStoreyId, type: 'storey' }]),
  initial: defaultView,
  snapshot: {
    part: {
      keys: ['currentStoreyId', 'cameraView', 'viewMode', 'materialMode'],
      derive(records) {
        const view = getView(records);
        return { currentStoreyId: view.currentStoreyId, cameraView: view.cameraView, viewMode: view.viewMode, materialMode: view.materialMode };
      },
    },
  },
} satisfies RecordKind<'view'>;
