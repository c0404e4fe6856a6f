import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { fillLogin } from './support/login';
import { shoot, view } from './support/canvas';
import { fractionWhere } from './support/pixels';
import { isWallColour } from './support/scene-colours';

// The quote screen (/quoteDetails, issue 14): a kitchen run along a wall, the quote opened from the
// 定制 panel with its lines and total, a cabinet's width changed while the quote is open (the quote
// follows), and the cabinet table exported as .xlsx: the download arrives and, read back with
// exceljs, carries the total the screen shows. One account has one live session, so this spec
// signs in with an account no other spec uses. Screenshots go to test-results/quote/.

const ACCOUNT = { project: 'BCLS', account: 'member', password: 'Member@2026' } as const;
const SHOTS = path.join('test-results', 'quote');

function customizedPanel(page: Page): Locator {
  return page.getByRole('complementary', { name: '定制' });
}

async function screenTotal(page: Page): Promise<number> {
  return Number(await page.getByTestId('quote-total').getAttribute('data-value'));
}

test('quote a kitchen run, follow an edit live, export the xlsx', async ({ page }) => {
  test.setTimeout(150_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.goto(`/${ACCOUNT.project}/login`);
  await fillLogin(page, { account: ACCOUNT.account, password: ACCOUNT.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const canvas = view(page);
  await expect(async () => {
    expect(fractionWhere(await shoot(canvas), isWallColour)).toBeGreaterThan(0.05);
  }).toPass({ timeout: 45_000, intervals: [250, 500, 1000] });

  await page.getByRole('banner').screenshot({ path: path.join(SHOTS, 'topbar.png') });
  const rail = page.getByRole('navigation', { name: '主菜单' });
  await rail.getByRole('button', { name: '定制' }).click();
  const panel = customizedPanel(page);
  await expect(panel).toBeVisible();

  // The north wall's inner face, filled with base units; then one more unit against it, selected.
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: box.width * 0.6, y: box.height * 0.33 } });
  await expect(panel.getByText('靠所选墙体放置')).toBeVisible();
  await panel.getByRole('group', { name: '沿墙布满' }).getByRole('button', { name: '地柜' }).click();
  await expect(page.getByText(/已沿墙放置 \d+ 个柜体/)).toBeVisible();
  await panel.getByRole('button', { name: '单门地柜' }).click();
  await expect(page.getByText('已放置：单门地柜')).toBeVisible();
  const width = panel.getByTestId('cabinet-properties').getByLabel('宽度');
  await expect(width).toBeVisible();
  const oldWidth = Number(await width.inputValue());

  // The quote, opened from the panel: the workspace (and its kernel) stay behind it.
  await panel.getByRole('link', { name: '查看报价' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/quoteDetails');
  const quote = page.getByRole('region', { name: '定制家具报价单' });
  await expect(quote).toBeVisible();
  const total = quote.getByTestId('quote-total');
  await expect(total).toHaveAttribute('data-value', /^[1-9]\d*(\.\d+)?$/);
  // The kitchen's cabinets (柜体) with their parts, and the total in capitals.
  await expect(quote.getByRole('rowheader', { name: '柜体' }).first()).toBeVisible();
  expect(await quote.locator('.qs-line--child').count()).toBeGreaterThan(5);
  await expect(quote.getByTestId('quote-total-capital')).toHaveText(/元/);
  await expect(quote.getByTestId('quote-price-version')).toHaveText(/^v\d+$/);
  const before = await screenTotal(page);
  // The room subtotals add up to the grand total.
  const subtotals = await quote.getByTestId('quote-room-total').allTextContents();
  const subtotalSum = subtotals.map((s) => Number(s.replaceAll(',', ''))).reduce((a, b) => a + b, 0);
  expect(Math.round(subtotalSum * 100)).toBe(Math.round(before * 100));
  await quote.screenshot({ path: path.join(SHOTS, 'quote.png') });
  await quote.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await quote.screenshot({ path: path.join(SHOTS, 'quote-total.png') });
  await quote.evaluate((el) => el.scrollTo(0, 0));

  // A wider unit costs more: the quote follows the edit without being reopened.
  const newWidth = oldWidth + 300;
  await width.fill(String(newWidth));
  await width.press('Enter');
  await expect(width).toHaveValue(String(newWidth));
  await expect.poll(() => screenTotal(page), { timeout: 10_000 }).toBeGreaterThan(before);
  const after = await screenTotal(page);
  await expect(quote.getByText(new RegExp(`^${newWidth}×`)).first()).toBeVisible();

  // The xlsx: 无计划号 is said (the scene has no order number) and the file still arrives.
  const downloading = page.waitForEvent('download');
  await quote.getByRole('button', { name: '导出 Excel' }).click();
  const download = await downloading;
  await expect(page.getByText('无计划号')).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = path.join(SHOTS, download.suggestedFilename());
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const numbers: number[] = [];
  const texts: string[] = [];
  book.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value;
        if (typeof v === 'number') numbers.push(v);
        else if (v && typeof v === 'object' && 'result' in v && typeof v.result === 'number') numbers.push(v.result);
        else if (typeof v === 'string') texts.push(v);
      }),
    ),
  );
  expect(numbers.some((n) => Math.abs(n - after) < 0.005), `the xlsx carries the total ${after}`).toBe(true);
  const capital = ((await quote.getByTestId('quote-total-capital').textContent()) ?? '').trim();
  expect(texts.some((s) => s.includes(capital)), `the xlsx carries ${capital}`).toBe(true);

  // The CSV too.
  const csvDownloading = page.waitForEvent('download');
  await quote.getByRole('button', { name: '导出 CSV' }).click();
  expect((await csvDownloading).suggestedFilename()).toMatch(/\.csv$/);

  // Closing goes back to the workspace with the design as it was.
  // The wardrobe quote is the same data cut to wardrobe rooms: a kitchen alone has none.
  await quote.getByRole('link', { name: '衣柜', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/wardrobeQuote');
  const wardrobes = page.getByRole('region', { name: '衣柜报价单' });
  await expect(wardrobes.getByText('方案中还没有衣柜。')).toBeVisible();
  await expect(wardrobes.getByTestId('quote-total')).toHaveAttribute('data-value', '0');
  await wardrobes.getByRole('link', { name: '全部定制' }).click();
  await expect(quote.getByTestId('quote-total')).toHaveAttribute('data-value', String(after));

  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: path.join(SHOTS, 'quote-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await quote.getByRole('link', { name: '关闭报价' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(panel.getByTestId('cabinet-properties').getByLabel('宽度')).toHaveValue(String(newWidth));

  // The top bar opens it too, on the same design.
  const topbar = page.getByRole('banner');
  await topbar.getByRole('link', { name: '报价', exact: true }).click();
  await expect(quote.getByTestId('quote-total')).toHaveAttribute('data-value', String(after));

  // Opened from the address bar (a fresh page, a fresh kernel): it waits for the kernel and quotes
  // the scene that kernel has (the unsaved kitchen is gone with the old page: an empty quote).
  await page.goto('/quoteDetails');
  await expect(quote.getByText('方案中还没有定制柜体。在「定制」面板中放置柜体后，报价会自动出现在这里。')).toBeVisible({ timeout: 45_000 });
  await expect(quote.getByTestId('quote-total')).toHaveAttribute('data-value', '0');

  // In English the sheet reads in English (and is looked at).
  await page.getByRole('banner').locator('select').selectOption('en');
  await expect(page.getByRole('region', { name: 'Custom furniture quotation' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'quote-en.png') });
});
