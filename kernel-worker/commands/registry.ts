import { batch } from './batch';
import { addCeiling, removeCeiling, updateCeiling } from './ceiling';
import { addLight, removeLight, updateLight } from './light';
import { applyMaterial } from './material';
import { updateMeta } from './meta';
import { addModel, removeModel, settleModel, updateModel } from './model';
import { addOpening, removeOpening, updateOpening } from './opening';
import { addPaving, layPaving, removePaving, updatePaving } from './paving';
import { removeRecords, setSelection } from './records';
import { addRoom, removeRoom, updateRoom } from './room';
import { createDefaultRoom } from './scene';
import { buildPlan } from './plan';
import { importPlan } from './plan-import';
import { addStorey, copyStorey, removeStorey, updateStorey } from './storey';
import type { CommandRegistry } from './types';
import { setTool } from './tool';
import { setCamera, setMaterialMode, setPlan, setStorey, setViewMode } from './view';
import { addWall, moveWall, moveWallEnd, removeWall, splitWall, updateWall } from './wall';
import { addWallPanel, removeWallPanel, updateWallPanel } from '../kinds/wallPanel/commands';
import { addFloorOpening, removeFloorOpening, updateFloorOpening } from '../kinds/floorOpening/commands';
import { addCabinet, fillCabinetRun, removeCabinet, setWorktop, updateCabinet } from '../kinds/cabinet/commands';

/** The one table of commands; `satisfies` makes the compiler hold it to protocol's CommandMap. */
export const registry = {
  'scene.createDefaultRoom': createDefaultRoom,
  'meta.update': updateMeta,
  'storey.add': addStorey,
  'storey.update': updateStorey,
  'storey.remove': removeStorey,
  'storey.copy': copyStorey,
  'wall.add': addWall,
  'wall.update': updateWall,
  'wall.remove': removeWall,
  'wall.split': splitWall,
  'wall.moveEnd': moveWallEnd,
  'wall.move': moveWall,
  'plan.build': buildPlan,
  'plan.import': importPlan,
  'opening.add': addOpening,
  'opening.update': updateOpening,
  'opening.remove': removeOpening,
  'room.add': addRoom,
  'room.update': updateRoom,
  'room.remove': removeRoom,
  'model.add': addModel,
  'model.update': updateModel,
  'model.remove': removeModel,
  'model.settle': settleModel,
  'paving.add': addPaving,
  'paving.lay': layPaving,
  'paving.update': updatePaving,
  'paving.remove': removePaving,
  'ceiling.add': addCeiling,
  'ceiling.update': updateCeiling,
  'ceiling.remove': removeCeiling,
  'light.add': addLight,
  'light.update': updateLight,
  'light.remove': removeLight,
  'wallPanel.add': addWallPanel,
  'wallPanel.update': updateWallPanel,
  'wallPanel.remove': removeWallPanel,
  'floorOpening.add': addFloorOpening,
  'floorOpening.update': updateFloorOpening,
  'floorOpening.remove': removeFloorOpening,
  'material.apply': applyMaterial,
  'cabinet.add': addCabinet,
  'cabinet.update': updateCabinet,
  'cabinet.remove': removeCabinet,
  'cabinet.fillRun': fillCabinetRun,
  'cabinet.setWorktop': setWorktop,
  'records.remove': removeRecords,
  'selection.set': setSelection,
  'view.setMode': setViewMode,
  'view.setCamera': setCamera,
  'view.setStorey': setStorey,
  'view.setMaterialMode': setMaterialMode,
  'view.setPlan': setPlan,
  'tool.set': setTool,
  batch,
} as const satisfies CommandRegistry;
