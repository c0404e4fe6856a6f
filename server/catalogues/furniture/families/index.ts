// Every generator family, in catalogue order (ids follow this order: append new families).
import type { FurnitureDef } from '../catalogue';
import { armchairs, chairs, sofas } from './seating';

export const FAMILIES: readonly (() => FurnitureDef[])[] = [sofas, armchairs, chairs];
