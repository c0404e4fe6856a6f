import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginAsDemo } from './support/login';
import { decodePng, type Image } from './support/png';
import { centre, colourDistance, differingFraction, distinctColours, dominantColour, fractionWhere, type Rgb } from './support/pixels';
import { isWallColour } from './support/scene-colours';

// The design card's core promise: after login the kernel worker draws the room into the
// OffscreenCanvas, and the view-mode buttons change what it draws. The page cannot read pixels of a
// canvas it handed to a worker, so the specs judge screenshots of the canvas box.

function view(page: Page): Locator {
  // A canvas has no implicit role, so aria-label alone leaves it out of the accessibility tree;
  // accept it either way (role="img" makes it reachable by name).
  return page.getByRole('img', { name: '三维视图', exact: true }).or(page.locator('canvas[aria-label="三维视图"]'));
}

async function shoot(canvas: Locator): Promise<Image> {
  return decodePng(await canvas.screenshot({ animations: 'disabled' }));
}

interface Analysis {
  readonly colours: number;
  readonly background: Rgb;
  /** share of the centre that is not background */
  readonly centreDrawn: number;
  /** share of the whole view close to a wall colour */
  readonly wallShare: number;
}

function analyse(img: Image): Analysis {
  const background = dominantColour(img);
  return {
    colours: distinctColours(img),
    background,
    centreDrawn: fractionWhere(img, (c) => colourDistance(c, background) > 12, centre(img)),
    wallShare: fractionWhere(img, isWallColour),
  };
}

/** Waits until the view shows a drawn room and returns its screenshot. */
async function drawnRoom(canvas: Locator): Promise<Image> {
  let img: Image | null = null;
  await expect(async () => {
    img = await shoot(canvas);
    const a = analyse(img);
    expect(a.colours, 'distinct colours in the 3D view').toBeGreaterThanOrEqual(8);
    expect(a.centreDrawn, 'share of the centre that differs from the background').toBeGreaterThan(0.05);
    expect(a.wallShare, 'share of wall-coloured pixels').toBeGreaterThan(0.005);
  }).toPass({ timeout: 30_000, intervals: [250, 500, 1000] });
  return img!;
}

/** Waits for the picture to settle after a change (rendering is on demand, a frame or two). */
async function settled(canvas: Locator, before: Image, minChange: number): Promise<Image> {
  let img: Image | null = null;
  await expect(async () => {
    img = await shoot(canvas);
    expect(differingFraction(before, img), 'share of pixels that changed').toBeGreaterThan(minChange);
  }).toPass({ timeout: 15_000, intervals: [100, 250, 500] });
  return img!;
}

test.describe('workspace', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsDemo(page);
  });

  test('after login the kernel worker draws the default room into the 3D view', async ({ page }) => {
    const canvas = view(page);
    await expect(canvas).toBeVisible();
    expect(await canvas.evaluate((el) => el.tagName)).toBe('CANVAS');
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.height).toBeGreaterThan(200);
    await drawnRoom(canvas);
  });

  test('the 线框 view mode changes the picture and 材质 brings it back', async ({ page }) => {
    const canvas = view(page);
    const material = await drawnRoom(canvas);

    const wireframeButton = page.getByRole('button', { name: '线框', exact: true });
    await wireframeButton.click();
    await expect(wireframeButton).toHaveAttribute('aria-pressed', 'true');
    const wireframe = await settled(canvas, material, 0.02);
    // Wireframe drops the filled wall faces.
    expect(analyse(wireframe).wallShare).toBeLessThan(analyse(material).wallShare);

    const materialButton = page.getByRole('button', { name: '材质', exact: true });
    await materialButton.click();
    await expect(materialButton).toHaveAttribute('aria-pressed', 'true');
    await expect(async () => {
      expect(differingFraction(material, await shoot(canvas))).toBeLessThan(0.01);
    }).toPass({ timeout: 15_000 });
  });
});
