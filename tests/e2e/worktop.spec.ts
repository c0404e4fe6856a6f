import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { settled } from './support/canvas';
import { openWorkspace } from './support/workspace';

// A kitchen's worktop (issue 14): a sink unit and a hob unit placed against two walls from the
// 定制 panel, each wall then filled with base units, so the runs meet in an L under one worktop;
// the sink, hob and backsplash chosen in the unit's 台面 section. It saves the 3D and plan
// pictures under test-results/worktop/ to look at.

const ACCOUNT = { project: 'mnls', account: 'admin', password: 'Admin@2026' } as const;
const SHOTS = path.join('test-results', 'worktop');

async function choose(page: Page, scope: Locator, field: string, option: string) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('combobox', { name: field })).toContainText(option);
}

test('an L kitchen with a sink and a hob under one worktop', async ({ page }) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const canvas = await openWorkspace(page, ACCOUNT);
  await settled(canvas);
  const rail = page.getByRole('navigation', { name: '主菜单' });
  await rail.getByRole('button', { name: '定制' }).click();
  const panel = page.getByRole('complementary', { name: '定制' });
  const box = (await canvas.boundingBox())!;
  const north = { x: box.width * 0.6, y: box.height * 0.33 };
  const west = { x: box.width * 0.24, y: box.height * 0.33 };
  const properties = panel.getByTestId('cabinet-properties');
  const worktop = panel.getByTestId('worktop-properties');
  const runs = panel.getByRole('group', { name: '沿墙布满' });

  // The sink unit, 800 wide, in the middle of the north wall; a double sink, a backsplash.
  await canvas.click({ position: north });
  await expect(panel.getByText('靠所选墙体放置')).toBeVisible();
  await panel.getByRole('button', { name: '单门地柜' }).click();
  await expect(properties).toBeVisible();
  await properties.getByLabel('宽度').fill('800');
  await properties.getByLabel('宽度').press('Enter');
  await expect(properties.getByLabel('宽度')).toHaveValue('800');
  await expect(worktop.getByRole('combobox', { name: '台面材质' })).toContainText('石英石');
  await choose(page, worktop, '台面开孔', '水槽');
  await choose(page, worktop, '水槽', '双槽');
  await worktop.getByText('后挡水').click();
  await expect(worktop.getByLabel('挡水高度')).toHaveValue('50');
  await worktop.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: path.join(SHOTS, 'panel.png') });
  // A hob's cut-out in a 600 unit is refused.
  await properties.getByLabel('宽度').fill('600');
  await properties.getByLabel('宽度').press('Enter');
  await expect(page.getByText('水槽或灶具的开孔比柜体内宽还大，请加宽柜体')).toBeVisible();
  await expect(properties.getByLabel('宽度')).toHaveValue('800');

  await canvas.click({ position: north });
  await runs.getByRole('button', { name: '地柜' }).click();
  await expect(page.getByText(/已沿墙放置 \d+ 个柜体/)).toBeVisible();

  // The hob unit in the middle of the west wall, then the rest of that wall: the run starts at the
  // north run's fronts, so the two meet in an L.
  await canvas.click({ position: west });
  await expect(panel.getByText('靠所选墙体放置')).toBeVisible();
  await panel.getByRole('button', { name: '单门地柜' }).click();
  await properties.getByLabel('宽度').fill('800');
  await properties.getByLabel('宽度').press('Enter');
  await expect(properties.getByLabel('宽度')).toHaveValue('800');
  // It joined nothing yet, but takes the backsplash of nothing: its own worktop.
  await choose(page, worktop, '台面开孔', '灶具');
  await canvas.click({ position: west });
  await runs.getByRole('button', { name: '地柜' }).click();
  await expect(page.getByText(/已沿墙放置 \d+ 个柜体/).last()).toBeVisible();

  await canvas.click({ position: { x: 40, y: 40 } });
  await settled(canvas);
  await canvas.screenshot({ path: path.join(SHOTS, 'kitchen-3d.png') });
  // Closer, over the corner where the runs meet.
  await canvas.hover({ position: { x: box.width * 0.47, y: box.height * 0.36 } });
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -200);
  // Off the units, so no hover highlight shows.
  await canvas.hover({ position: { x: box.width * 0.5, y: box.height * 0.95 } });
  await settled(canvas);
  await canvas.screenshot({ path: path.join(SHOTS, 'kitchen-3d-near.png') });

  // Standing in the room, turned towards the kitchen corner.
  await canvas.focus();
  await page.keyboard.press('Control+1');
  await settled(canvas);
  await page.keyboard.down('ArrowLeft');
  await page.waitForTimeout(900);
  await page.keyboard.up('ArrowLeft');
  await settled(canvas);
  await canvas.screenshot({ path: path.join(SHOTS, 'kitchen-roam.png') });
  await page.keyboard.press('Control+0');
  await settled(canvas);

  await rail.getByRole('button', { name: '户型' }).click();
  await page.getByRole('complementary', { name: '设计面板' }).getByRole('button', { name: '2D', exact: true }).click();
  await settled(canvas);
  await canvas.screenshot({ path: path.join(SHOTS, 'kitchen-plan.png') });

  // The quote lists the worktop's groups.
  await rail.getByRole('button', { name: '定制' }).click();
  await panel.getByRole('link', { name: '查看报价' }).click();
  await expect(page.getByText('台面毛板').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('灶具开孔').first()).toBeVisible();
  await page.getByText('台面毛板').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'quote.png') });
});
