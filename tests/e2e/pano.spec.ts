import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import { decodePng, type Image } from './support/png';
import { differingFraction, distinctColours, fractionWhere } from './support/pixels';
import { isWallColour } from './support/scene-colours';
import { makePanorama, saveNew } from './support/scheme';
import { openWorkspace } from './support/workspace';

// Issue 20, panoramas: the designer saves a scheme, takes two panoramas of its room from points
// picked on the plan (2K, rendered and stitched in the kernel worker), shares them; the viewer
// shows a room (walls, floor) and turns when dragged; a visitor with no login opens the shared
// link and walks from one panorama to the other by its hotspot. One account, one live session:
// this spec alone signs in as yfang/inspector.

const OWNER = { project: 'yfang', account: 'inspector', password: 'Inspect@2026' } as const;
const SHOTS = process.env.PANO_SHOTS_DIR ?? 'test-results/pano-shots';

async function keep(target: Locator, name: string): Promise<Image> {
  const png = await target.screenshot({ animations: 'disabled' });
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.writeFileSync(`${SHOTS}/${name}.png`, png);
  return decodePng(png);
}

/** The viewer's canvas once its picture is drawn. */
async function viewer(page: Page): Promise<Locator> {
  await expect(page.locator('.pano-canvas')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  return page.locator('canvas.pano-canvas__gl');
}

test('make, view, drag, share and walk panoramas', async ({ page, browser }) => {
  test.setTimeout(360_000);
  const canvas = await openWorkspace(page, OWNER);
  await saveNew(page, `全景方案 ${Date.now()}`);
  // the plan view: a click lands where it shows on the plan
  await canvas.focus();
  await page.keyboard.press('Control+2');
  await page.waitForTimeout(1500);

  const first = await makePanorama(page, 0.4, 0.5);
  const second = await makePanorama(page, 0.6, 0.5);
  expect(second.id).not.toBe(first.id);

  // the stitched picture itself, decoded by the browser: 2:1, and at the poles every column looks
  // straight up (the ceiling) or down (the floor), so the top and bottom rows are one colour each
  const rows = await page.evaluate(async (url) => {
    const bitmap = await createImageBitmap(await (await fetch(url)).blob());
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = c.getContext('2d')!;
    g.drawImage(bitmap, 0, 0);
    const row = (y: number) => Array.from(g.getImageData(0, y, bitmap.width, 1).data);
    return { width: bitmap.width, height: bitmap.height, top: row(0), bottom: row(bitmap.height - 1), middle: row(bitmap.height / 2) };
  }, `/api/panos/${first.id}/image`);
  expect(rows).toMatchObject({ width: 2048, height: 1024 });
  const spread = (data: number[]) => {
    let lo = 255;
    let hi = 0;
    for (let i = 0; i < data.length; i += 4) {
      const lum = (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      lo = Math.min(lo, lum);
      hi = Math.max(hi, lum);
    }
    return hi - lo;
  };
  expect(spread(rows.top), 'ceiling at the top pole').toBeLessThan(12);
  expect(spread(rows.bottom), 'floor at the bottom pole').toBeLessThan(12);
  // around the horizon the walls turn: corners and shading, not one flat colour
  expect(spread(rows.middle)).toBeGreaterThan(12);

  // the owner's viewer: a room, and a drag turns it
  await page.goto(`/pano?id=${first.id}`);
  const gl = await viewer(page);
  await expect(page.getByRole('link', { name: '漫游全景' })).toBeVisible();
  const before = await keep(gl, 'owner-view');
  // a room, not a smear: many colours, the walls' warm white over a good part of the view
  expect(distinctColours(before)).toBeGreaterThan(40);
  expect(fractionWhere(before, isWallColour)).toBeGreaterThan(0.15);
  const yaw0 = Number(await gl.getAttribute('data-yaw'));
  const box = (await gl.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 300, box.y + box.height / 2 - 40, { steps: 8 });
  await page.mouse.up();
  const yaw1 = Number(await gl.getAttribute('data-yaw'));
  expect(Math.abs(yaw1 - yaw0)).toBeGreaterThan(20);
  const after = await keep(gl, 'owner-view-dragged');
  expect(differingFraction(before, after)).toBeGreaterThan(0.2);
  // the wheel zooms in
  const fov0 = Number(await gl.getAttribute('data-fov'));
  await page.mouse.wheel(0, -400);
  await expect.poll(async () => Number(await gl.getAttribute('data-fov'))).toBeLessThan(fov0);

  // a visitor on a phone-size screen: the shared link, its QR code, and the walk
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 740 }, hasTouch: true, isMobile: true });
  const phone = await context.newPage();
  await phone.goto(`/pano?code=${first.code}`);
  const phoneGl = await viewer(phone);
  await keep(phoneGl, 'phone-view');
  await phone.getByRole('button', { name: '手机扫码查看' }).click();
  await expect(phone.getByTestId('pano-qr')).toBeVisible();

  await phone.goto(`/walkPano?code=${first.code}`);
  await viewer(phone);
  const nav = phone.getByRole('navigation', { name: '全景点' });
  await expect(nav.getByRole('button')).toHaveCount(2);
  await expect(nav.getByRole('button').nth(0)).toHaveAttribute('aria-pressed', 'true');
  // the other panorama's spot shows as a hotspot on the floor; a tap walks there
  const hotspot = phone.locator(`[data-hotspot="${second.id}"]`);
  await expect(hotspot).toBeVisible();
  await keep(phone.locator('.pano-screen'), 'walk-first');
  await hotspot.click();
  await expect(nav.getByRole('button').nth(1)).toHaveAttribute('aria-pressed', 'true');
  await viewer(phone);
  // and from there the first one is a hotspot in turn
  await expect(phone.locator(`[data-hotspot="${first.id}"]`)).toBeVisible();
  await keep(phone.locator('.pano-screen'), 'walk-second');

  // revoked: the visitor's link is dead
  const res = await page.request.post(`/api/panos/${first.id}/revoke`, { headers: { Authorization: `Bearer ${await token(page)}` } });
  expect(res.status()).toBe(200);
  await phone.goto(`/pano?code=${first.code}`);
  await expect(phone.getByText('全景图不存在、已取消分享或无权访问')).toBeVisible();
  await context.close();
});

/** The signed-in user's session token (the login cookie the UI writes). */
async function token(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const found = cookies.find((c) => /token/i.test(c.name));
  if (!found) throw new Error('no login cookie');
  return found.value;
}
