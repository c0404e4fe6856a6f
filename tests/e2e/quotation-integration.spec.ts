import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillLogin } from './support/login';
import { shoot, view } from './support/canvas';
import { fractionWhere } from './support/pixels';
import { isWallColour } from './support/scene-colours';

// The whole quotation (/quotationIntegration, issue 14): the default room named 厨房, a single and
// a double door and an archway placed from the 门窗 palette in the 3D view, a run of base units
// along the north wall, and the sheet opened from the 定制 panel: a section per trade with the
// doors part by part, the grand total (cabinets + doors) in figures and capitals, the cabinets'
// total equal to the cabinet quote's, and the sheet in English. One account has one live session,
// so this spec signs in with an account no other spec uses. Screenshots: test-results/quotation-integration/.

const ACCOUNT = { project: 'fdm20cs', account: 'member', password: 'Member@2026' } as const;
const SHOTS = path.join('test-results', 'quotation-integration');

function designPanel(page: Page): Locator {
  return page.getByRole('complementary', { name: '设计面板' });
}

async function value(l: Locator): Promise<number> {
  return Number(await l.getAttribute('data-value'));
}

test('doors, an archway and cabinets on the whole quotation, with its total', async ({ page }) => {
  test.setTimeout(150_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.goto(`/${ACCOUNT.project}/login`);
  await fillLogin(page, { account: ACCOUNT.account, password: ACCOUNT.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const canvas = view(page);
  await expect(async () => {
    expect(fractionWhere(await shoot(canvas), isWallColour)).toBeGreaterThan(0.05);
  }).toPass({ timeout: 45_000, intervals: [250, 500, 1000] });
  const box = (await canvas.boundingBox())!;
  const at = (x: number, y: number) => ({ position: { x: box.width * x, y: box.height * y } });

  // The room, selected in the room list and named.
  await designPanel(page).getByRole('region', { name: /^房间/ }).getByRole('listitem').first().getByRole('button').first().click();
  const properties = designPanel(page).getByTestId('room-properties');
  await expect(properties).toBeVisible();
  await properties.getByLabel('名称').fill('厨房');
  await properties.getByLabel('名称').press('Enter');
  await expect(designPanel(page).getByRole('region', { name: /^房间/ })).toContainText('厨房');

  // Doors on the west wall (left in the view), an archway in the south wall (in front).
  const openings = designPanel(page).getByRole('region', { name: /^门窗/ });
  await openings.getByRole('button', { name: '单开门' }).click();
  await canvas.click(at(0.3, 0.33));
  await openings.getByRole('button', { name: '双开门' }).click();
  await canvas.click(at(0.19, 0.37));
  await openings.getByRole('tab', { name: '洞口与构件' }).click();
  await openings.getByRole('button', { name: '垭口' }).click();
  await canvas.click(at(0.2, 0.45));
  await page.keyboard.press('Escape');

  // Base units along the north wall.
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: '定制' }).click();
  const panel = page.getByRole('complementary', { name: '定制' });
  await canvas.click(at(0.6, 0.33));
  await expect(panel.getByText('靠所选墙体放置')).toBeVisible();
  await panel.getByRole('group', { name: '沿墙布满' }).getByRole('button', { name: '地柜' }).click();
  await expect(page.getByText(/已沿墙放置 \d+ 个柜体/)).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'scene.png') });

  await panel.getByRole('link', { name: /整体报价/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/quotationIntegration');
  const sheet = page.getByRole('region', { name: '整体报价单' });
  await expect(sheet).toBeVisible();
  const doors = sheet.getByTestId('qi-door');
  await expect(doors).toHaveCount(3);
  // Doors first, the archway counted apart after them.
  expect(await doors.evaluateAll((els) => els.map((e) => e.getAttribute('data-type')))).toEqual(['单开门', '双开门', '垭口']);
  await expect(doors.first()).toContainText('厨房 · 单开门');
  await expect(doors.first().locator('[data-part]')).toHaveCount(6);
  await expect(doors.first()).toContainText('实木复合门扇（单开）');
  // The archway: its architrave and lining only.
  expect(await doors.nth(2).locator('[data-part]').evaluateAll((els) => els.map((e) => e.getAttribute('data-part')))).toEqual(['doorCover', 'doorFrame']);
  await expect(sheet.getByTestId('quote-missing')).toHaveCount(0);

  const cabinets = await value(sheet.getByTestId('qi-cabinets-total'));
  const doorTotal = await value(sheet.getByTestId('qi-doors-total'));
  expect(cabinets).toBeGreaterThan(0);
  // A single door alone costs 2000-3000 yuan at the default prices; the three openings together more.
  expect(doorTotal).toBeGreaterThan(4000);
  const total = await value(sheet.getByTestId('quote-total'));
  expect(Math.round(total * 100)).toBe(Math.round(cabinets * 100) + Math.round(doorTotal * 100));
  await expect(sheet.getByTestId('quote-total-capital')).toHaveText(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿]+元.*(整|分|角)$/);
  await expect(sheet.getByTestId('quote-price-version')).toHaveText(/^v\d+$/);
  await sheet.screenshot({ path: path.join(SHOTS, 'quotation.png') });
  await sheet.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await sheet.screenshot({ path: path.join(SHOTS, 'quotation-total.png') });
  // Printed, only the sheet shows: no toolbar, no workspace around it.
  await sheet.evaluate((el) => el.scrollTo(0, 0));
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('toolbar', { name: '报价操作' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeHidden();
  await page.screenshot({ path: path.join(SHOTS, 'quotation-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The cabinets' total is the cabinet quote's.
  await page.getByRole('link', { name: '全部定制', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/quoteDetails');
  await expect.poll(() => value(page.getByTestId('quote-total'))).toBe(cabinets);
  await page.getByRole('link', { name: '报价汇总' }).click();

  // In English.
  await page.getByLabel('语言', { exact: true }).selectOption({ label: 'English' });
  const en = page.getByRole('region', { name: 'Quotation' });
  await expect(en.getByRole('heading', { name: /Room doors/ })).toBeVisible();
  await expect(en.getByTestId('qi-door').first()).toContainText('厨房 · Single door');
  await expect(en.getByTestId('qi-door').first()).toContainText('Solid-wood composite leaf (single)');
  await en.screenshot({ path: path.join(SHOTS, 'quotation-en.png') });
});

test('the price list shows the room-door prices, and the project admin edits one', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.goto('/fdm20cs/login');
  await fillLogin(page, { account: 'admin', password: 'Admin@2026', agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/priceList');
  const section = page.getByRole('region', { name: /^室内门/ });
  await expect(section).toContainText('18 项');
  await expect(section.locator('tr[data-code="RD-ARCH-COVER"]')).toContainText('垭口套线（每面）');
  const leaf = section.getByRole('textbox', { name: '实木复合门扇（单开） 单价' });
  await expect(leaf).toHaveValue('1280.00');
  await leaf.fill('1380');
  await page.getByRole('textbox', { name: '修改说明' }).fill('单开门调价');
  await page.getByRole('button', { name: '保存为新版本' }).click();
  await expect(page.getByText(/已保存为第 \d+ 版/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: /^室内门/ }).getByRole('textbox', { name: '实木复合门扇（单开） 单价' })).toHaveValue('1380.00');
  await page.getByRole('region', { name: /^室内门/ }).screenshot({ path: path.join(SHOTS, 'price-list-room-doors.png') });
});
