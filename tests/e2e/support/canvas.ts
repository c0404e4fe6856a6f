import { expect, type Locator, type Page } from '@playwright/test';
import { decodePng, type Image } from './png';
import { differingFraction } from './pixels';

// The 3D view's canvas and its pictures, for specs that check what the view draws.

export function view(page: Page): Locator {
  return page.locator('canvas[aria-label="三维视图"]');
}

export async function shoot(canvas: Locator): Promise<Image> {
  return decodePng(await canvas.screenshot({ animations: 'disabled' }));
}

/** The picture once two screenshots a moment apart agree (frames are drawn on demand, textures and GLBs load late). */
export async function settled(canvas: Locator, check: (img: Image) => void = () => {}): Promise<Image> {
  let last = await shoot(canvas);
  let result: Image | null = null;
  await expect(async () => {
    await new Promise((r) => setTimeout(r, 400));
    const next = await shoot(canvas);
    const still = differingFraction(last, next, 2) < 0.0005;
    last = next;
    expect(still, 'the picture has settled').toBe(true);
    check(next);
    result = next;
  }).toPass({ timeout: 30_000, intervals: [100, 250, 500] });
  return result!;
}
