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
// places it there with one model.add, one undo step, like a click on the card. While the card is
// over the view the plan shows the footprint where it would land (previewDrop).

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
  clearPreview();
}

const isProductDrag = (e: DragEvent): boolean => e.dataTransfer.types.includes(PRODUCT_DRAG_TYPE);

/** The preview asked for last, and whether an answer is awaited (dragover comes every few ms: one query at a time). */
let previewAt: { x: number; y: number } | null = null;
let previewing = false;

function canvasPoint(e: DragEvent<HTMLElement>): { x: number; y: number } | null {
  const canvas = e.currentTarget.querySelector('canvas');
  if (!canvas) return null;
  const rect = canvas.getBoundingClientRect();
  return { x: e.clientX - rect.left, y: e.clientY - rect.top };
}

function clearPreview(): void {
  if (previewAt === null) return;
  previewAt = null;
  kernelQueries.previewDrop(0, 0, null).catch(() => {});
}

/** dragover on the view: accepting it is what lets the drop happen; the plan shows where the piece would land. */
export function productDragOver(e: DragEvent<HTMLElement>): void {
  if (!isProductDrag(e)) return;
  e.preventDefault();
  e.dataTransfer.dropEffect = 'copy';
  const at = canvasPoint(e);
  const piece = dragged;
  if (!at || !piece || previewing || (previewAt && previewAt.x === at.x && previewAt.y === at.y)) return;
  previewAt = at;
  previewing = true;
  kernelQueries
    .previewDrop(at.x, at.y, { size: catalogueSize(piece.row), mount: piece.row.type })
    .catch(() => {})
    .finally(() => {
      previewing = false;
      // The drag ended while the answer was on its way: take the footprint away again.
      if (dragged === null) kernelQueries.previewDrop(0, 0, null).catch(() => {});
    });
}

/** dragleave: only leaving the view itself (not passing from one of its children to another) clears the preview. */
export function productDragLeave(e: DragEvent<HTMLElement>): void {
  if (!isProductDrag(e)) return;
  const to = e.relatedTarget;
  if (to instanceof Node && e.currentTarget.contains(to)) return;
  clearPreview();
}

/** drop on the view's frame: the point is read against its canvas (the coordinates the kernel's input uses). */
export function productDrop(e: DragEvent<HTMLElement>): void {
  if (!isProductDrag(e)) return;
  e.preventDefault();
  const piece = dragged;
  dragged = null;
  clearPreview();
  const at = canvasPoint(e);
  if (!piece || !at) return;
  void placeDropped(piece.row, piece.name, at.x, at.y);
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
