import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DragEvent } from 'react';
import type { CatalogueModel } from '../../api';
import { api } from '../app/api';
import { reportSourceUsed } from '../app/usage';
import { kernelQueries } from '../kernel';
import { notify } from '../notice';
import { send } from './panel-commands';
import { catalogueSize, placeArgs } from './product-place';

// Dragging a Product card onto the view (HTML5 drag and drop): the card says what is dragged,
// the view's frame takes the drop, asks the kernel where the piece lands under the pointer
// (dropPlacement: through the plan or the 3D camera, snapped against walls and other models) and
// places it there with one model.add, one undo step, like a click on the card.

/** The drag data type of a Product card (its model_id); other drags (files, text) are not ours. */
export const PRODUCT_DRAG_TYPE = 'application/x-yf-product';

export const DROPPED_OUTSIDE = msg`请将产品拖放到房间内`;
const PLACED = (name: string) => msg`已放置：${name}`;

/** The card being dragged: drag data cannot be read before the drop, and the row is needed whole. */
let dragged: { readonly row: CatalogueModel; readonly name: string } | null = null;

export function startProductDrag(e: DragEvent, row: CatalogueModel, name: string): void {
  dragged = { row, name };
  e.dataTransfer.setData(PRODUCT_DRAG_TYPE, row.model_id);
  e.dataTransfer.effectAllowed = 'copy';
}

export function endProductDrag(): void {
  dragged = null;
}

const isProductDrag = (e: DragEvent): boolean => e.dataTransfer.types.includes(PRODUCT_DRAG_TYPE);

/** dragover on the view: accepting it is what lets the drop happen. */
export function productDragOver(e: DragEvent<HTMLElement>): void {
  if (!isProductDrag(e)) return;
  e.preventDefault();
  e.dataTransfer.dropEffect = 'copy';
}

/** drop on the view's frame: the point is read against its canvas (the coordinates the kernel's input uses). */
export function productDrop(e: DragEvent<HTMLElement>): void {
  if (!isProductDrag(e)) return;
  e.preventDefault();
  const piece = dragged;
  dragged = null;
  const canvas = e.currentTarget.querySelector('canvas');
  if (!piece || !canvas) return;
  const rect = canvas.getBoundingClientRect();
  void placeDropped(piece.row, piece.name, e.clientX - rect.left, e.clientY - rect.top);
}

/** Places the row where the kernel says a drop at canvas point (x, y) lands; outside any room a notice and nothing else. */
export async function placeDropped(row: CatalogueModel, name: string, x: number, y: number): Promise<void> {
  let drop;
  try {
    drop = await kernelQueries.dropPlacement(x, y, { size: catalogueSize(row), mount: row.type });
  } catch {
    notify(i18n._(DROPPED_OUTSIDE), { kind: 'warning' });
    return;
  }
  if (!drop.ok) {
    notify(i18n._(DROPPED_OUTSIDE), { kind: 'warning' });
    return;
  }
  const added = await send('model.add', { ...placeArgs(row, name, null), storeyId: drop.storeyId, position: drop.position, rotation: drop.rotation });
  if (!added) return;
  await send('selection.set', { ids: [added.id] });
  notify(i18n._(PLACED(name)), { kind: 'success', duration: 2000 });
  reportSourceUsed(api, 'modelAgent', row.model_id);
}
