import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fillLogin } from './support/login';
import { openWorkspace } from './support/workspace';

// /wallboardQuote (issue 14, WallPanelDesign): a wall panel laid from the wall's properties, the
// wall-board quote opened from the panel's properties and from the quote tabs, its board, trim and
// fixing lines and totals checked against the default prices, and the English sheet.
// Screenshots go to test-results/wallboard-quote/. One account has one live session, so this spec
// signs in with an account no other spec uses.

const ACCOUNT = { project: 'fdm20cs', account: 'member', password: 'Member@2026' } as const;
const SHOTS = path.join('test-results', 'wallboard-quote');

// The second test reprices the project's list, whose default prices the first reads: one after the other.
test.describe.configure({ mode: 'serial' });

test('lay a wall panel and read its wall-board quote', async ({ page }) => {
  test.setTimeout(150_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const canvas = await openWorkspace(page, ACCOUNT);

  // The starting room's south wall (6000 on its centre line, 240 thick, 2800 high), clicked in the
  // bird's eye, gets the default panel on its room face: 5760 long, 0..1200, flat, 18 mm.
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: box.width * 0.5, y: box.height * 0.7 } });
  await expect(page.getByTestId('wall-properties')).toBeVisible();
  await page.getByTestId('wall-add-panel').click();
  // The new panel is selected: its properties link to its quote.
  await expect(page.getByTestId('wall-panel-properties')).toBeVisible();
  await page.getByTestId('wall-panel-quote').click();
  await expect(page).toHaveURL((url) => url.pathname === '/wallboardQuote');
  // And the quote screens' tabs reach it too.
  await page.getByRole('banner').getByRole('link', { name: '报价' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/quoteDetails');
  await page.getByRole('navigation', { name: '报价类型' }).getByRole('link', { name: '护墙板' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/wallboardQuote');
  const sheet = page.getByRole('region', { name: '护墙板报价单' });
  await expect(sheet).toBeVisible();
  // Whatever version the project is at (another spec may have repriced it): the sheet names one.
  await expect(sheet.getByTestId('quote-price-version')).toHaveText(/^v\d+$/);
  await expect(sheet.getByTestId('quote-total')).toBeVisible({ timeout: 30_000 });

  const row = (code: string) => sheet.locator(`tr[data-code="${code}"]`);
  // 5.76 x 1.2 = 6.912 m² x 328 = 2267.136 -> 2267.14, from 5 sheets of 1220 x 2440 (ceil(5760 / 1220)).
  await expect(row('WB-BRD-FLAT-18')).toContainText('6.912');
  await expect(row('WB-BRD-FLAT-18')).toContainText('需 5 张');
  await expect(row('WB-BRD-FLAT-18')).toContainText('2,267.14');
  // cap and skirting 5.76 m (x 38 = 218.88, x 32 = 184.32), two inside corners of 1.2 m (2.4 x 18 = 43.20)
  await expect(row('WB-LN-TOP')).toContainText('218.88');
  await expect(row('WB-LN-SKIRT')).toContainText('184.32');
  await expect(row('WB-LN-INNER')).toContainText('43.20');
  // 6.912 x 8 = 55.296 -> 56 clips x 0.35 = 19.60; 6.912 x 0.3 = 2.0736 -> 3 tubes x 28 = 84
  await expect(row('WB-ACC-CLIP')).toContainText('19.60');
  await expect(row('WB-ACC-GLUE')).toContainText('84.00');
  for (const cls of ['墙板', '线条', '辅料']) await expect(sheet.locator('tr.qs-group', { hasText: cls })).toHaveCount(1);
  // 2267.14 + 218.88 + 184.32 + 43.20 + 19.60 + 84 = 2817.14
  await expect(sheet.getByTestId('quote-total')).toHaveAttribute('data-value', '2817.14');
  await expect(sheet.getByTestId('quote-total-capital')).toHaveText('贰仟捌佰壹拾柒元壹角肆分');
  // The sheet scrolls inside the workspace: a tall window shows all of it.
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.screenshot({ path: path.join(SHOTS, 'wallboard-quote-zh.png') });
  // Printed, only the sheet shows.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('toolbar', { name: '报价操作' })).toBeHidden();
  await page.screenshot({ path: path.join(SHOTS, 'wallboard-quote-print.png') });
  await page.emulateMedia({ media: 'screen' });

  await page.getByLabel('语言', { exact: true }).selectOption({ label: 'English' });
  const english = page.getByRole('region', { name: 'Wainscoting quotation' });
  await expect(english).toBeVisible();
  await expect(english.locator('tr[data-code="WB-LN-SKIRT"]')).toContainText('Skirting 80 mm');
  await expect(english.getByRole('columnheader', { name: 'Quantity' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'wallboard-quote-en.png') });
});

test('the project admin edits a wall-board price on /priceList', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.goto(`/${ACCOUNT.project}/login?redirect=%2FpriceList`);
  await fillLogin(page, { account: 'admin', password: 'Admin@2026', agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/priceList');
  const section = page.locator('#pl-wallBoard');
  await page.getByRole('button', { name: /^护墙板/ }).click();
  await expect(section.getByRole('heading', { name: /护墙板/ })).toBeVisible();
  // three boards, five trims, three fixings
  await expect(section.locator('tr.pl-row')).toHaveCount(11);
  const skirting = section.getByRole('textbox', { name: '踢脚线 80mm 单价' });
  await expect(skirting).toHaveValue('32.00');
  await skirting.fill('35');
  await page.getByRole('button', { name: '保存为新版本' }).click();
  await expect(page.getByText(/已保存为第 \d+ 版/)).toBeVisible();
  await expect(skirting).toHaveValue('35.00');
  await page.screenshot({ path: path.join(SHOTS, 'price-list-wall-boards.png') });
});
