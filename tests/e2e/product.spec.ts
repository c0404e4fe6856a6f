import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { settled } from './support/canvas';
import { differingFraction } from './support/pixels';
import { openWorkspace } from './support/workspace';

// The Product menu (产品): the furniture catalogue from the server (search, favourites, pages), a
// card click placing the piece in the default room (the kernel's model count grows and the 3D
// view changes), one undo taking it away, and replacement mode turning the placed sofa into an
// armchair. One account has one live session, so this spec signs in with an account no other uses.
// It saves the panel and the furnished room (3D and plan) under test-results/product/ to look at.

const ACCOUNT = { project: 'fdm20cs', account: 'designer', password: 'Designer@2026' } as const;
const SHOTS = path.join('test-results', 'product');

function productPanel(page: Page): Locator {
  return page.getByRole('complementary', { name: '产品' });
}

async function search(panel: Locator, words: string): Promise<void> {
  await panel.getByRole('searchbox', { name: '搜索产品' }).fill(words);
  await panel.getByRole('button', { name: '搜索', exact: true }).click();
}

test('browse the furniture catalogue, place a sofa, undo it, replace it with an armchair, keep a favourite', async ({ page }) => {
  // Software GL on shared cores: the settled pictures and the 2000 ms replacement wait take a while.
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const canvas = await openWorkspace(page, ACCOUNT);
  const bare = await settled(canvas);

  const rail = page.getByRole('navigation', { name: '主菜单' });
  await rail.getByRole('button', { name: '产品' }).click();
  await expect(rail.getByRole('button', { name: '产品' })).toHaveAttribute('aria-pressed', 'true');
  const panel = productPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-models', '0');
  await expect(panel.getByText('放置到当前楼层最大的房间')).toBeVisible();

  // Pages of 20 over the whole catalogue; the cards show a cover, both names and the size.
  const cards = panel.getByRole('list', { name: '产品' }).getByRole('listitem');
  await expect(cards).toHaveCount(20);
  const where = panel.getByRole('navigation', { name: '翻页' });
  await expect(where).toContainText(/第 1 \/ \d+ 页，共 \d+ 款/);
  await expect(cards.first().locator('.tp-card__meta').last()).toHaveText(/^\d+×\d+×\d+ mm$/);
  await expect(cards.first().locator('img')).toHaveAttribute('src', /^\/files\//);

  // Favourites start empty; a star puts a piece there and takes it out again.
  await panel.getByRole('button', { name: '我的收藏' }).click();
  await expect(panel.getByText('暂无收藏的产品')).toBeVisible();
  await panel.getByRole('button', { name: '全部产品' }).click();
  const favourite = cards.nth(1);
  const favouriteName = (await favourite.locator('.tp-card__name').textContent()) ?? '';
  await favourite.getByRole('button', { name: `收藏 ${favouriteName}` }).click();
  await expect(favourite.getByRole('button', { name: `取消收藏 ${favouriteName}` })).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('button', { name: '我的收藏' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().locator('.tp-card__name')).toHaveText(favouriteName);
  await panel.getByRole('button', { name: '全部产品' }).click();

  // Search: every card found is a three-seat sofa.
  await search(panel, '三人沙发');
  await expect(async () => {
    const names = await cards.locator('.tp-card__name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain('三人沙发');
  }).toPass();
  await panel.screenshot({ path: path.join(SHOTS, 'panel.png') });

  // Place the first: the model count grows, it is selected, and the 3D view changes.
  const sofa = cards.first();
  const sofaName = (await sofa.locator('.tp-card__name').textContent()) ?? '';
  await sofa.getByRole('button', { name: `放置 ${sofaName}` }).click();
  await expect(page.getByText(`已放置：${sofaName}`)).toBeVisible();
  await expect(panel).toHaveAttribute('data-models', '1');
  const properties = panel.getByTestId('model-properties');
  await expect(properties).toContainText(sofaName);
  const placed = await settled(canvas, (img) => expect(differingFraction(bare, img), 'the sofa shows').toBeGreaterThan(0.01));

  // One undo takes it away.
  await canvas.focus();
  await page.keyboard.press('Control+z');
  await expect(panel).toHaveAttribute('data-models', '0');
  await settled(canvas, (img) => {
    expect(differingFraction(placed, img), 'the sofa is gone').toBeGreaterThan(0.01);
    expect(differingFraction(bare, img, 6), 'the room is as it was').toBeLessThan(0.01);
  });

  // Place it again, then replace it with an armchair: still one model, now the armchair.
  await sofa.getByRole('button', { name: `放置 ${sofaName}` }).click();
  await expect(panel).toHaveAttribute('data-models', '1');
  await expect(properties).toContainText(sofaName);
  const sofaWidth = await properties.getByLabel('宽度').inputValue();
  await panel.locator('.hp-switch').filter({ hasText: '替换' }).click();
  await expect(panel.getByText(`点击产品替换：${sofaName}`)).toBeVisible();
  await search(panel, '单人沙发');
  const armchair = cards.first();
  const armchairName = (await armchair.locator('.tp-card__name').textContent()) ?? '';
  expect(armchairName).toContain('单人沙发');
  await armchair.getByRole('button', { name: `替换为 ${armchairName}` }).click();
  await expect(page.getByText(`已替换为：${armchairName}`)).toBeVisible();
  // catalogues.md §4: the replacement card hides 2000 ms after the replacement, not at once.
  await expect(panel.getByText(`点击产品替换：${armchairName}`)).toBeVisible();
  await expect(panel.getByText(/^点击产品替换/)).toBeHidden({ timeout: 5000 });
  await expect(panel).toHaveAttribute('data-models', '1');
  await expect(properties).toContainText(armchairName);
  await expect(properties.getByLabel('宽度')).not.toHaveValue(sofaWidth);
  await panel.locator('.tp-content').evaluate((el) => el.scrollTo(0, 0));
  await panel.screenshot({ path: path.join(SHOTS, 'panel-selected.png') });

  // The furnished room, to look at: 3D (a click on the sky drops the selection tint) and plan.
  await canvas.click({ position: { x: 40, y: 40 } });
  // An armchair under 1 m wide covers a few thousand pixels of the bird eye (about 0.4 % of the view).
  await settled(canvas, (img) => expect(differingFraction(bare, img), 'the armchair shows').toBeGreaterThan(0.002));
  await canvas.screenshot({ path: path.join(SHOTS, 'room-3d.png') });
  await rail.getByRole('button', { name: '户型' }).click();
  await page.getByRole('complementary', { name: '设计面板' }).getByRole('button', { name: '2D', exact: true }).click();
  await settled(canvas);
  await canvas.screenshot({ path: path.join(SHOTS, 'room-plan.png') });
});
