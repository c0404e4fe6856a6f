import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillLogin } from './support/login';
import { decodePng, type Image } from './support/png';
import { colourDistance, differingFraction, dominantColour, fractionWhere, pixelAt, type Rgb } from './support/pixels';
import { isWallColour } from './support/scene-colours';

// issue 5: the camera views and view modes drawn by the kernel worker, picking a wall in 3D,
// walking in the roam view, and the preview image a save uploads. One account has one live
// session, so this spec signs in with an account no other spec uses.

const ACCOUNT = { project: 'MLS', account: 'designer', password: 'Designer@2026' } as const;

async function signIn(page: Page): Promise<void> {
  await page.goto(`/${ACCOUNT.project}/login`);
  await fillLogin(page, { account: ACCOUNT.account, password: ACCOUNT.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

function view(page: Page): Locator {
  return page.locator('canvas[aria-label="三维视图"]');
}

async function shoot(canvas: Locator): Promise<Image> {
  return decodePng(await canvas.screenshot({ animations: 'disabled' }));
}

/**
 * The picture once it stopped changing: frames are drawn on demand and camera switches animate
 * for 40 frames, so wait until two screenshots a moment apart agree (and differ from `before`).
 */
async function stable(canvas: Locator, before: Image | null = null): Promise<Image> {
  let last = await shoot(canvas);
  let result: Image | null = null;
  await expect(async () => {
    await new Promise((r) => setTimeout(r, 300));
    const next = await shoot(canvas);
    const still = differingFraction(last, next, 2) < 0.0005;
    last = next;
    expect(still, 'the picture has settled').toBe(true);
    if (before) expect(differingFraction(before, next), 'the picture changed').toBeGreaterThan(0.02);
    result = next;
  }).toPass({ timeout: 30_000, intervals: [100, 250, 500] });
  return result!;
}

/** Share of the picture that is not the background colour (anything drawn). */
function drawnShare(img: Image, background: Rgb): number {
  return fractionWhere(img, (c) => colourDistance(c, background) > 12);
}

/** The room drawn from the bird eye: the start of every test. */
async function room(page: Page): Promise<{ canvas: Locator; bird: Image; background: Rgb }> {
  const canvas = view(page);
  await expect(canvas).toBeVisible();
  let bird: Image | null = null;
  await expect(async () => {
    bird = await shoot(canvas);
    expect(fractionWhere(bird, isWallColour), 'wall-coloured pixels').toBeGreaterThan(0.05);
  }).toPass({ timeout: 45_000, intervals: [250, 500, 1000] });
  bird = await stable(canvas);
  return { canvas, bird, background: dominantColour(bird) };
}

async function hotkey(page: Page, canvas: Locator, key: string): Promise<void> {
  await canvas.focus();
  await page.keyboard.press(key);
}

/** Mean colour of a rectangle (fractions of the picture). */
function meanOf(img: Image, x0: number, y0: number, x1: number, y1: number): Rgb {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let y = Math.floor(img.height * y0); y < img.height * y1; y++) {
    for (let x = Math.floor(img.width * x0); x < img.width * x1; x++) {
      const c = pixelAt(img, x, y);
      r += c[0];
      g += c[1];
      b += c[2];
      n++;
    }
  }
  return [r / n, g / n, b / n];
}

test.describe('3D views', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('each camera view (Ctrl+0 … Ctrl+5) draws its own, sensible picture', async ({ page }) => {
    const { canvas, bird, background } = await room(page);
    const shots = new Map<number, Image>([[0, bird]]);
    let previous = bird;
    for (const n of [1, 2, 3, 4, 5]) {
      await hotkey(page, canvas, `Control+${n}`);
      previous = await stable(canvas, previous);
      shots.set(n, previous);
    }
    // Every view differs from every other.
    for (const [a, imgA] of shots) {
      for (const [b, imgB] of shots) {
        if (a < b) expect(differingFraction(imgA, imgB), `views ${a} and ${b} differ`).toBeGreaterThan(0.1);
      }
    }
    // Bird eye: the room in the middle of the picture, with sky around it.
    expect(drawnShare(bird, background)).toBeGreaterThan(0.2);
    expect(drawnShare(bird, background)).toBeLessThan(0.8);
    // Roam: standing in the room, walls and floor fill most of the view.
    expect(drawnShare(shots.get(1)!, background)).toBeGreaterThan(0.5);
    expect(fractionWhere(shots.get(1)!, isWallColour)).toBeGreaterThan(0.2);
    // Top: the 2D plan, walls drawn dark.
    expect(fractionWhere(shots.get(2)!, ([r, g, b]) => r < 90 && g < 90 && b < 100)).toBeGreaterThan(0.03);
    // Look down: the floor in the middle, seen from above (an unnamed room's default tile is a warm
    // beige, r - b about 14 once lit; the bluish-grey background and the white ceilings are not).
    const floor = meanOf(shots.get(3)!, 0.4, 0.4, 0.6, 0.6);
    expect(floor[0] - floor[2], 'warm floor in the middle').toBeGreaterThan(6);
    // Look up: the lower part is the room's walls.
    expect(fractionWhere(shots.get(4)!, isWallColour)).toBeGreaterThan(0.1);
    // Surface: one wall straight on fills the middle band.
    const face = meanOf(shots.get(5)!, 0.3, 0.4, 0.7, 0.6);
    expect(isWallColour([Math.round(face[0]), Math.round(face[1]), Math.round(face[2])]), `wall face ${face.join(',')}`).toBe(true);

    // Back to the bird eye: the same picture as at the start.
    await hotkey(page, canvas, 'Control+0');
    const back = await stable(canvas, shots.get(5)!);
    expect(differingFraction(back, bird)).toBeLessThan(0.01);
  });

  test('view modes: wireframe has far fewer filled pixels; transparent walls let what is behind them show', async ({ page }) => {
    const { canvas, bird, background } = await room(page);
    const button = (name: string) => page.getByRole('button', { name, exact: true }).first();

    await button('线框').click();
    const wireframe = await stable(canvas, bird);
    expect(drawnShare(wireframe, background)).toBeLessThan(drawnShare(bird, background) / 5);

    await button('透明线框').click();
    const transparent = await stable(canvas, wireframe);
    // The south wall's face in front (lower middle of the bird eye) hides the floor and the far
    // walls' edges in the material view; see-through walls show them inside the face.
    const band = { x: Math.floor(bird.width * 0.35), y: Math.floor(bird.height * 0.6), width: Math.floor(bird.width * 0.3), height: Math.floor(bird.height * 0.1) };
    const faceColour = pixelAt(bird, band.x + band.width / 2, band.y + band.height / 2);
    expect(isWallColour(faceColour), `the band is the wall face: ${faceColour.join(',')}`).toBe(true);
    const uniformBefore = fractionWhere(bird, (c) => colourDistance(c, faceColour) <= 3, band);
    expect(uniformBefore, 'the opaque face is one colour').toBeGreaterThan(0.97);
    // Walls are 80 % opaque (catalogues.md §9): the edges and floor behind show faintly through.
    const changed = fractionWhere(transparent, (c) => colourDistance(c, faceColour) > 3, band);
    expect(changed, 'share of the face showing what is behind it').toBeGreaterThan(0.08);
    // The floor itself is drawn see-through too (ground opacity 0.3): lighter than in material mode.
    const floorBefore = meanOf(bird, 0.45, 0.4, 0.55, 0.45);
    const floorAfter = meanOf(transparent, 0.45, 0.4, 0.55, 0.45);
    expect(floorAfter[0] - floorAfter[2]).toBeLessThan(floorBefore[0] - floorBefore[2]);

    // The transparent-wall bar: a clearer wall shows more of what is behind it.
    const bar = page.getByRole('group', { name: '透明显示' });
    const wallOpacity = bar.getByRole('slider', { name: '墙体不透明度' });
    await expect(wallOpacity).toHaveValue('0.8');
    await wallOpacity.fill('0.2');
    const clearer = await stable(canvas, transparent);
    const clearerFace = meanOf(clearer, 0.35, 0.6, 0.65, 0.7);
    const transparentFace = meanOf(transparent, 0.35, 0.6, 0.65, 0.7);
    expect(colourDistance(clearerFace, faceColour)).toBeGreaterThan(colourDistance(transparentFace, faceColour));

    await button('材质').click();
    await expect(bar).toBeHidden();
    const material = await stable(canvas, clearer);
    expect(differingFraction(material, bird)).toBeLessThan(0.01);
  });

  test('clicking a wall in the 3D view selects it: the panel shows the wall', async ({ page }) => {
    const { canvas, bird } = await room(page);
    const box = (await canvas.boundingBox())!;
    // The south wall's outer face, in the lower middle of the bird eye.
    await canvas.click({ position: { x: box.width * 0.5, y: box.height * 0.7 } });
    await expect(page.getByTestId('wall-properties')).toBeVisible();
    // The selection is outlined and tinted in the picture.
    const selected = await stable(canvas, bird);
    const face = pixelAt(selected, selected.width * 0.5, selected.height * 0.7);
    expect(face[2], 'blue tint on the selected wall').toBeGreaterThan(face[0]);
    // A click on empty space clears it.
    await canvas.click({ position: { x: 8, y: 8 } });
    await expect(page.getByTestId('wall-properties')).toHaveCount(0);
  });

  test('roaming with W stops at the wall instead of passing through it', async ({ page }) => {
    const { canvas, bird, background } = await room(page);
    await hotkey(page, canvas, 'Control+1');
    const start = await stable(canvas, bird);
    await canvas.focus();
    // Walk east (1.6 m/s; the east wall is about 5 m ahead) until the picture stops changing.
    await page.keyboard.down('w');
    let last = start;
    let still = 0;
    for (let i = 0; i < 40 && still < 3; i++) {
      await page.waitForTimeout(700);
      const now = await shoot(canvas);
      still = differingFraction(last, now, 2) < 0.0005 ? still + 1 : 0;
      last = now;
    }
    await page.keyboard.up('w');
    expect(still, 'the walker came to a stop').toBe(3);
    const atWall = await stable(canvas);
    expect(differingFraction(atWall, start)).toBeGreaterThan(0.2);
    // Standing at the wall: its face fills the picture, nothing of the outside (background).
    expect(drawnShare(atWall, background)).toBeGreaterThan(0.97);
    expect(fractionWhere(atWall, isWallColour)).toBeGreaterThan(0.8);
    // Walking on changes nothing: the wall holds.
    await page.keyboard.down('w');
    await page.waitForTimeout(1500);
    await page.keyboard.up('w');
    await page.waitForTimeout(500);
    expect(differingFraction(atWall, await stable(canvas))).toBeLessThan(0.01);
  });

  test('a manual save uploads a preview image rendered by the kernel, and it decodes', async ({ page }) => {
    await room(page);
    const save = page.getByRole('banner').getByRole('button', { name: '保存', exact: true });
    await expect(save).toBeEnabled({ timeout: 30_000 });
    await save.click();
    const dialog = page.getByRole('dialog', { name: '保存方案' });
    await dialog.getByLabel('方案名称').fill(`预览方案 ${Date.now()}`);
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(page).toHaveURL(/[?&]sceneId=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('sceneId'));

    const decoded = await page.evaluate(async (sceneId) => {
      // The API authorises with the stored login token (core.md §3 user info).
      const token = (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token ?? '';
      const headers = { Authorization: `Bearer ${token}` };
      const res = await fetch(`/meta20/x/scene/${sceneId}`, { headers, credentials: 'include' });
      // The scene family answers { code, msg, data } or { retcode, retmsg, retdata }.
      const body = (await res.json()) as { data?: { preview?: string }; retdata?: { preview?: string } };
      const url = body.data?.preview ?? body.retdata?.preview ?? '';
      if (!url) return { url: JSON.stringify(body).slice(0, 300), width: 0, height: 0, type: '' };
      const image = await fetch(url, { headers, credentials: 'include' });
      const blob = await image.blob();
      const bitmap = await createImageBitmap(blob);
      // The picture is the room, not an empty canvas: sample its middle.
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 4 * 97) colours.add(((data[i]! >> 3) << 10) | ((data[i + 1]! >> 3) << 5) | (data[i + 2]! >> 3));
      return { url, width: bitmap.width, height: bitmap.height, type: blob.type, colours: colours.size };
    }, id);
    expect(decoded.url).toMatch(/\/files\//);
    expect(decoded.type).toBe('image/jpeg');
    expect([decoded.width, decoded.height]).toEqual([640, 480]);
    expect(decoded.colours, 'distinct colours in the preview').toBeGreaterThan(8);
  });
});
