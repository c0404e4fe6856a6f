import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillLogin } from './support/login';
import { settled, shoot, view } from './support/canvas';
import type { Image } from './support/png';
import { differingFraction, fractionWhere, pixelAt } from './support/pixels';
import { isWallColour } from './support/scene-colours';

// The TileWorkPlan menu (铺砖): the tile catalogue from the server (filters, favourites, pages)
// and laying a tile on the selected room's floor, drawn in 3D with the tile's picture and undone
// in one step; the same for the paving patterns (拼花) and waterjet medallions (水刀). One account
// has one live session, so each test signs in with an account no other spec uses.

type Account = { readonly project: string; readonly account: string; readonly password: string };
const ACCOUNT: Account = { project: 'BCLS', account: 'designer', password: 'Designer@2026' };
const PAVING_ACCOUNT: Account = { project: 'deson', account: 'designer', password: 'Designer@2026' };

async function signIn(page: Page, who: Account = ACCOUNT): Promise<void> {
  await page.goto(`/${who.project}/login`);
  await fillLogin(page, { account: who.account, password: who.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

function tilePanel(page: Page): Locator {
  return page.getByRole('complementary', { name: '铺砖' });
}

/** Crops the middle of the bird eye, where the floor of the default room is. */
function floorOf(img: Image): Image {
  const x0 = Math.floor(img.width * 0.4);
  const y0 = Math.floor(img.height * 0.45);
  const width = Math.floor(img.width * 0.2);
  const height = Math.floor(img.height * 0.15);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixelAt(img, x0 + x, y0 + y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** Signs in and waits for the default room in the bird eye; answers its bare picture. */
async function openWorkspace(page: Page, who: Account): Promise<Image> {
  await signIn(page, who);
  const canvas = view(page);
  await expect(async () => {
    expect(fractionWhere(await shoot(canvas), isWallColour)).toBeGreaterThan(0.05);
  }).toPass({ timeout: 45_000, intervals: [250, 500, 1000] });
  return settled(canvas);
}

/** Selects the room (HouseType's room list) and goes back to 铺砖, which offers its floor. */
async function selectTheRoom(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: '户型' }).click();
  const rooms = page.getByRole('complementary', { name: '设计面板' }).getByRole('region', { name: /^房间/ }).getByRole('listitem');
  await expect(rooms).toHaveCount(1);
  await rooms.first().getByRole('button').first().click();
  await expect(rooms.first().getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: '铺砖' }).click();
  const panel = tilePanel(page);
  await expect(panel.getByText(/^铺贴到房间：/)).toBeVisible();
  await expect(panel.getByRole('group', { name: '铺贴面' }).getByRole('button', { name: '地面' })).toHaveAttribute('aria-pressed', 'true');
}

/** Lays `card` on the selected room's floor: the worker fetches its picture, the floor shows it, one undo takes it away. */
async function layOnTheFloorAndUndo(page: Page, card: Locator, bare: Image): Promise<void> {
  const canvas = view(page);
  const panel = tilePanel(page);
  const name = (await card.locator('.tp-card__name').textContent()) ?? '';
  // The kernel worker fetches the picture itself (the card's <img> fetched it before).
  const picture = new URL((await card.locator('img').getAttribute('src')) ?? '', page.url()).href;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await card.getByRole('button', { name: `铺贴 ${name}` }).click();
  await expect.poll(() => requested.filter((url) => url === picture).length, { message: 'the worker fetched the picture' }).toBeGreaterThan(0);
  await expect(page.getByText(`已铺贴：${name}`)).toBeVisible();

  // A click on the sky ends the selection (its tint would hide the floor); the panel follows.
  await canvas.click({ position: { x: 40, y: 40 } });
  await expect(panel.getByText('先在视图中选择一个房间或一面墙')).toBeVisible();

  // The floor now shows the picture (once loaded): the middle of the view changed.
  const tiled = await settled(canvas, (img) => {
    expect(differingFraction(floorOf(bare), floorOf(img)), 'the floor changed').toBeGreaterThan(0.3);
  });

  // One undo step takes it away again.
  await canvas.focus();
  await page.keyboard.press('Control+z');
  await settled(canvas, (img) => {
    expect(differingFraction(floorOf(tiled), floorOf(img)), 'the tile is gone').toBeGreaterThan(0.3);
    expect(differingFraction(floorOf(bare), floorOf(img), 6), 'the floor is as it was').toBeLessThan(0.02);
  });
}

test('browse the tile catalogue, keep a favourite, lay a tile on the floor and undo it', async ({ page }) => {
  const bare = await openWorkspace(page, ACCOUNT);

  // Nothing selected: the panel says what to do, and the cards cannot be laid.
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: '铺砖' }).click();
  const panel = tilePanel(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByText('先在视图中选择一个房间或一面墙')).toBeVisible();
  const cards = panel.getByRole('list', { name: '瓷砖' }).getByRole('listitem');
  await expect(cards).toHaveCount(8);
  await expect(cards.first().getByRole('button', { name: /^铺贴 / })).toBeDisabled();

  // Pages: 8 a page over a catalogue of 200 and more.
  const where = panel.getByRole('navigation', { name: '翻页' });
  await expect(where).toContainText(/第 1 \/ (\d+) 页，共 (\d+) 款/);
  const firstName = await cards.first().locator('.tp-card__name').textContent();
  await where.getByRole('button', { name: '下一页' }).click();
  await expect(where).toContainText('第 2 /');
  await expect(cards.first().locator('.tp-card__name')).not.toHaveText(firstName ?? '');

  // A spec filter keeps only tiles of that size.
  const allTiles = Number((await where.textContent())?.match(/共 (\d+) 款/)?.[1]);
  await panel.getByRole('combobox', { name: '规格' }).click();
  const option = page.getByRole('listbox').getByRole('option').first();
  const spec = ((await option.textContent()) ?? '').replace(/\s*\(\d+\)\s*$/, '').trim();
  expect(spec).toMatch(/^\d+×\d+$/);
  await option.click();
  await expect(async () => {
    const metas = await cards.locator('.tp-card__meta').allTextContents();
    expect(metas.length).toBeGreaterThan(0);
    for (const meta of metas) expect(meta.startsWith(`${spec} ·`), meta).toBe(true);
  }).toPass();
  await panel.getByRole('button', { name: '清除筛选' }).click();
  await expect(where).toContainText(`共 ${allTiles} 款`);

  // A favourite shows on the favourites tab, and leaves it when taken back.
  const favourite = cards.first();
  const favouriteName = (await favourite.locator('.tp-card__name').textContent()) ?? '';
  await favourite.getByRole('button', { name: `收藏 ${favouriteName}` }).click();
  await expect(favourite.getByRole('button', { name: `取消收藏 ${favouriteName}` })).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('button', { name: '我的收藏' }).click();
  await expect(cards.filter({ hasText: favouriteName })).toHaveCount(1);
  await cards.filter({ hasText: favouriteName }).getByRole('button', { name: `取消收藏 ${favouriteName}` }).click();
  await expect(panel.getByText('暂无收藏的瓷砖')).toBeVisible();
  // Several favourites leave at once (after a confirmation).
  await panel.getByRole('button', { name: '公共库' }).click();
  for (const card of [cards.nth(1), cards.nth(2)]) {
    const name = (await card.locator('.tp-card__name').textContent()) ?? '';
    await card.getByRole('button', { name: `收藏 ${name}` }).click();
    await expect(card.getByRole('button', { name: `取消收藏 ${name}` })).toBeVisible();
  }
  await panel.getByRole('button', { name: '我的收藏' }).click();
  await expect(cards).toHaveCount(2);
  await panel.getByRole('button', { name: '移出本页收藏' }).click();
  await page.getByRole('alertdialog', { name: /移出收藏/ }).getByRole('button', { name: '移出', exact: true }).click();
  await expect(panel.getByText('暂无收藏的瓷砖')).toBeVisible();
  await panel.getByRole('button', { name: '公共库' }).click();
  await expect(cards).toHaveCount(8);

  // Select the room (HouseType's room list), then lay the first tile on its floor.
  await selectTheRoom(page);
  await layOnTheFloorAndUndo(page, cards.first(), bare);
});

test('browse the paving patterns and waterjet medallions, keep a favourite, lay a pattern on the floor and undo it', async ({ page }) => {
  const bare = await openWorkspace(page, PAVING_ACCOUNT);
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: '铺砖' }).click();
  const panel = tilePanel(page);
  const kinds = panel.getByRole('group', { name: '素材类别' });
  await expect(kinds.getByRole('button', { name: '瓷砖' })).toHaveAttribute('aria-pressed', 'true');

  // 拼花: all patterns or the favourites, 8 a page.
  await kinds.getByRole('button', { name: '拼花' }).click();
  await expect(kinds.getByRole('button', { name: '拼花' })).toHaveAttribute('aria-pressed', 'true');
  const cards = panel.getByRole('list', { name: '拼花' }).getByRole('listitem');
  await expect(cards).toHaveCount(8);
  await expect(cards.first().getByRole('button', { name: /^铺贴 / })).toBeDisabled();
  const where = panel.getByRole('navigation', { name: '翻页' });
  await expect(where).toContainText(/第 1 \/ \d+ 页，共 \d+ 款/);
  const allPatterns = Number((await where.textContent())?.match(/共 (\d+) 款/)?.[1]);
  const patternNames = await cards.locator('.tp-card__name').allTextContents();

  // A category keeps only the patterns filed under it.
  await panel.getByRole('combobox', { name: '分类' }).click();
  const option = page.getByRole('listbox').getByRole('option').first();
  const category = ((await option.textContent()) ?? '').replace(/\s*\(\d+\)\s*$/, '').trim();
  expect(category).not.toBe('');
  await option.click();
  await expect(async () => {
    const details = await cards.locator('.tp-card__detail').allTextContents();
    expect(details.length).toBeGreaterThan(0);
    expect(details.length).toBeLessThan(allPatterns);
    for (const detail of details) expect(detail).toBe(category);
  }).toPass();

  // A favourite shows under 我的收藏.
  const favourite = cards.first();
  const favouriteName = (await favourite.locator('.tp-card__name').textContent()) ?? '';
  await favourite.getByRole('button', { name: `收藏 ${favouriteName}` }).click();
  await expect(favourite.getByRole('button', { name: `取消收藏 ${favouriteName}` })).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('group', { name: '拼花库' }).getByRole('button', { name: '我的收藏' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().locator('.tp-card__name')).toHaveText(favouriteName);
  await expect(cards.first().getByRole('button', { name: `取消收藏 ${favouriteName}` })).toHaveAttribute('aria-pressed', 'true');

  // Lay the first pattern on the room's floor (the panel is as it was left after 户型).
  await selectTheRoom(page);
  await expect(kinds.getByRole('button', { name: '拼花' })).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('group', { name: '拼花库' }).getByRole('button', { name: '全部' }).click();
  await expect(cards).toHaveCount(8);
  await layOnTheFloorAndUndo(page, cards.first(), bare);

  // 水刀 lists its own medallions.
  await kinds.getByRole('button', { name: '水刀' }).click();
  const medallions = panel.getByRole('list', { name: '水刀' }).getByRole('listitem');
  await expect(medallions.first()).toBeVisible();
  const medallionNames = await medallions.locator('.tp-card__name').allTextContents();
  expect(medallionNames.length).toBeGreaterThan(0);
  for (const name of medallionNames) expect(patternNames).not.toContain(name);
  await expect(where).not.toContainText(`共 ${allPatterns} 款`);
});
