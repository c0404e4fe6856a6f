import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { settled, shoot, view } from './support/canvas';
import type { Image } from './support/png';
import { differingFraction, fractionWhere, pixelAt } from './support/pixels';
import { isWallColour } from './support/scene-colours';
import { openWorkspace } from './support/workspace';

// Issue 16, sharing: the owner saves a scheme, shares it and copies the link; a visitor with no
// login opens it read-only (the 3D view drawn, no edit panel, Delete and Ctrl+Z change nothing);
// once the owner stops sharing the link says so. /onlyShowScene refuses a bad src in words.
// One account has one live session: this spec alone signs in as MLS/agent.

const OWNER = { project: 'MLS', account: 'agent', password: 'Agent@2026' } as const;
const SHOTS = process.env.SHARE_SHOTS_DIR ?? '';

async function shot(target: Page | Locator, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Saves the scheme on screen for the first time under `name`. */
async function saveNew(page: Page, name: string): Promise<void> {
  const save = page.getByRole('banner').getByRole('button', { name: '保存', exact: true });
  await expect(save).toBeEnabled({ timeout: 30_000 });
  await save.click();
  const dialog = page.getByRole('dialog', { name: '保存方案' });
  await dialog.getByLabel('方案名称').fill(name);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** A page in a browser context of its own: no cookie, no stored user (a visitor). */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

test('share a saved scheme, open it logged out read-only, stop sharing', async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openWorkspace(page, OWNER);
  const share = page.getByRole('banner').getByRole('button', { name: '分享', exact: true });

  // A scheme never saved has nothing to share yet.
  await share.click();
  await expect(page.getByText('请先保存场景')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '分享方案' })).toHaveCount(0);

  const name = `分享方案 ${Date.now()}`;
  await saveNew(page, name);
  await share.click();
  const dialog = page.getByRole('dialog', { name: '分享方案' });
  const linkBox = dialog.getByLabel('分享链接');
  await expect(linkBox).toHaveValue(/\/scene-share\?shareCode=[A-Z2-9]{10}$/);
  const link = await linkBox.inputValue();
  await dialog.getByRole('button', { name: '复制链接' }).click();
  await expect(page.getByText('复制成功')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await shot(page, 'share-dialog');

  // 预览 opens the scene-only viewer of the shared file in a new window.
  const [preview] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: '预览' }).click()]);
  await expect(preview).toHaveURL(/\/onlyShowScene\?src=%2Ffiles%2Fshare%2F[A-Z2-9]{10}%2Fscene&showQuotation=1$/);
  await preview.close();

  // A visitor: no login, the 3D view drawn, nothing to edit with.
  const guest = await visitor(browser);
  await guest.goto(link);
  await expect(guest).toHaveURL(link);
  await expect(guest.getByTestId('viewer-name')).toHaveText(name);
  await expect(guest).toHaveTitle(new RegExp(`^${name}`));
  const canvas = view(guest);
  await expect(async () => {
    expect(fractionWhere(await shoot(canvas), isWallColour)).toBeGreaterThan(0.05);
  }).toPass({ timeout: 45_000, intervals: [250, 500, 1000] });
  await expect(guest.getByRole('complementary', { name: '设计面板' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: '保存' })).toHaveCount(0);
  await shot(guest, 'scene-share-viewer');

  // The plan: click on a wall (an editor would select it), Delete, Ctrl+Z, Ctrl+Y: the drawing stays as it was.
  await guest.getByRole('button', { name: '2D' }).click();
  const plan = await settled(canvas);
  await shot(guest, 'scene-share-plan');
  const box = (await canvas.boundingBox())!;
  const wall = wallPixel(plan);
  await guest.mouse.click(box.x + (wall.x * box.width) / plan.width, box.y + (wall.y * box.height) / plan.height);
  for (const key of ['Delete', 'Backspace', 'Control+z', 'Control+y']) await guest.keyboard.press(key);
  const after = await settled(canvas);
  expect(differingFraction(plan, after)).toBeLessThan(0.001);

  // The owner stops sharing: the link now says so, for the visitor too.
  await dialog.getByRole('button', { name: '取消分享' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('取消分享后，已发出的链接将无法再打开。确定取消分享吗？');
  await shot(page, 'share-dialog-confirm');
  await dialog.getByRole('button', { name: '确定取消分享' }).click();
  await expect(page.getByText('已取消分享，原链接已失效')).toBeVisible();
  await expect(dialog).toBeHidden();
  await guest.reload();
  await expect(guest.getByTestId('viewer-message')).toHaveText('分享链接无效或已取消分享');
  await expect(guest.getByRole('status')).toHaveCount(0);
  await shot(guest, 'scene-share-revoked');
  await guest.context().close();
});

test('/onlyShowScene: the quotation on request; a wrong link or a missing file said in words', async ({ browser }) => {
  test.setTimeout(90_000);
  const guest = await visitor(browser);
  // A sample room's scene file (doors and a laid tile: something to quote), served at a same-site address.
  const sample = fs.readFileSync(path.join(process.cwd(), 'server/catalogues/model-room-scenes/chuangmi-01.json'));
  await guest.route('**/e2e-sample-scene.json', (route) => route.fulfill({ body: sample, contentType: 'application/json' }));
  await guest.goto('/onlyShowScene?src=%2Fe2e-sample-scene.json&showQuotation=1');
  await expect(guest.getByTestId('viewer-quote-total')).toHaveText(/^[1-9][\d,]*\.\d\d$/, { timeout: 45_000 });
  await expect(guest.getByTestId('viewer-quote')).toContainText('按默认价格表计算');
  if (SHOTS) await settled(view(guest));
  await shot(guest, 'only-show-scene-quotation');

  await guest.goto('/onlyShowScene?src=javascript%3Aalert(1)&showQuotation=1');
  await expect(guest.getByTestId('viewer-message')).toHaveText('场景链接错误');
  await shot(guest, 'only-show-scene-bad-link');
  await guest.goto('/onlyShowScene?src=%2Ffiles%2Fshare%2FAAAAAAAAAA%2Fscene');
  await expect(guest.getByTestId('viewer-message')).toHaveText('无法获取场景文件');
  // loading cleared
  await expect(guest.getByText('正在加载方案…')).toHaveCount(0);
  await guest.context().close();
});

/**
 * A point inside the plan's top wall: down a column a third of the way across (clear of the
 * dimension texts), the first run of the walls' dark fill, a few pixels in.
 */
function wallPixel(img: Image): { x: number; y: number } {
  const x = Math.round(img.width * 0.3);
  for (let y = 0; y < img.height; y++) {
    const [r, g, b] = pixelAt(img, x, y);
    if (r < 90 && g < 90 && b < 100 && b >= r) return { x, y: y + 6 };
  }
  throw new Error('no wall in the plan');
}
