import { t } from '@lingui/core/macro';
import type { DropPiece, DropResult } from '../../protocol/kernel-api';
import { embedError } from '../../protocol/embed';
import { kernelQueries } from '../kernel';
import { dismiss, notify } from '../notice';
import { EmbedFailure } from './listener';

// insertItems' at: 'click' — the piece goes where the designer clicks next in the view. The click
// is taken before the kernel sees it (it would select what is under it) and asked of the kernel
// as a drop there (dropPlacement: through the plan or the 3D camera, snapped like a dragged card).
// Esc gives up (CANCELLED); a click outside any room says so and waits for another.

export type Landing = Extract<DropResult, { ok: true }>;

/** The view's canvas (HomeScreen's KernelCanvas); null before the workspace is on screen. */
function viewCanvas(): HTMLCanvasElement | null {
  return document.querySelector<HTMLCanvasElement>('.workspace__view canvas');
}

export function clickPlacement(piece: DropPiece, name: string): Promise<Landing> {
  return new Promise<Landing>((resolve, reject) => {
    const hint = notify(t`请在视图中点击放置：${name}（Esc 取消）`, { kind: 'info', duration: 0 });
    let asking = false;
    let swallowUp = false;

    const finish = () => {
      window.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('pointerup', onUp, true);
      window.removeEventListener('keydown', onKey, true);
      dismiss(hint);
    };

    const onDown = (event: PointerEvent) => {
      const canvas = viewCanvas();
      if (!canvas || event.target !== canvas || event.button !== 0) return;
      event.preventDefault();
      event.stopPropagation();
      swallowUp = true;
      if (asking) return;
      asking = true;
      const rect = canvas.getBoundingClientRect();
      kernelQueries
        .dropPlacement(event.clientX - rect.left, event.clientY - rect.top, piece)
        .then(
          (drop) => {
            if (drop.ok) {
              finish();
              resolve(drop);
            } else notify(t`请点击房间内的位置`, { kind: 'warning' });
          },
          () => notify(t`请点击房间内的位置`, { kind: 'warning' }),
        )
        .finally(() => {
          asking = false;
        });
    };
    // The kernel never saw the press: it must not see its release either.
    const onUp = (event: PointerEvent) => {
      if (!swallowUp) return;
      swallowUp = false;
      event.stopPropagation();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      finish();
      reject(new EmbedFailure(embedError('CANCELLED')));
    };
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('pointerup', onUp, true);
    window.addEventListener('keydown', onKey, true);
  });
}
