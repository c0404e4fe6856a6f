// Every generator family, in catalogue order (ids follow this order: append new families).
import type { FurnitureDef } from '../catalogue';
import { beds } from './beds';
import { appliances } from './kitchen';
import { lamps } from './lamps';
import { sanitaryWare } from './sanitary';
import { armchairs, chairs, sofas } from './seating';
import { curtains, decorItems, plants, rugs } from './soft';
import { chests, shelves, tvUnits, wardrobes } from './storage';
import { coffeeTables, desks, diningTables } from './tables';

export const FAMILIES: readonly (() => FurnitureDef[])[] = [
  sofas,
  armchairs,
  chairs,
  beds,
  wardrobes,
  chests,
  tvUnits,
  shelves,
  diningTables,
  coffeeTables,
  desks,
  appliances,
  sanitaryWare,
  lamps,
  curtains,
  rugs,
  plants,
  decorItems,
];
