import { expect, test, type Page } from '@playwright/test';
import { fillLogin } from './support/login';

// Issue 14: the project's quotation price list at /priceList. The project admin edits a price
// and saves a new version (shown in the heading and the history, the old version still readable);
// a designer sees the prices but has nothing to edit or save. The e2e database is fresh, so the
// admin starts from the seeded prices.

async function loginTo(page: Page, project: string, account: string, password: string): Promise<void> {
  await page.goto(`/${project}/login?redirect=%2FpriceList`);
  await fillLogin(page, { account, password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/priceList');
  await expect(page.getByRole('heading', { name: '报价价格表', level: 1 })).toBeVisible();
}

const SHOTS = process.env.PRICE_LIST_SHOTS;

test('the project admin edits a price and saves it as a new version', async ({ page }) => {
  await loginTo(page, 'yfang', 'admin', 'Admin@2026');
  const version = page.getByTestId('price-list-version');
  await expect(version).toHaveText(/^第 \d+ 版$/);
  const before = Number((await version.innerText()).replace(/\D+/g, ''));
  const after = before + 1;
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/price-list-admin.png` });

  const board = page.getByRole('textbox', { name: '颗粒板（E0 级三聚氰胺） 18mm 单价' });
  await expect(board).toHaveValue('215.00');
  const hinge = page.getByRole('textbox', { name: '阻尼铰链 110° 单价' });
  await expect(hinge).toHaveValue('26.00');
  const save = page.getByRole('button', { name: '保存为新版本' });
  await expect(save).toBeDisabled();

  // core.md §5 decimal input: letters and a second point are dropped as typed.
  await board.fill('');
  await board.pressSequentially('2a28.5.0');
  await expect(board).toHaveValue('228.50');
  await expect(page.locator('tr[data-code="BRD-PB-18"]')).toContainText('原价 215.00');
  await expect(page.getByTestId('price-list-dirty')).toHaveText(`已修改 1 项，保存后成为第 ${after} 版`);

  // An empty price is refused on the spot, and a save with it stores nothing.
  await hinge.fill('');
  await expect(page.locator('tr[data-code="HW-HINGE"]').getByRole('alert')).toHaveText('价格必须是数字');
  await save.click();
  await expect(page.getByText('有价格填写不正确，请检查标红的项目')).toBeVisible();
  await expect(version).toHaveText(`第 ${before} 版`);
  await hinge.fill('28');

  // Leaving with unsaved prices asks first; staying keeps every typed price.
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    }),
  );
  await page.getByRole('link', { name: '个人中心' }).click();
  expect(await asked).toBe('有 2 项价格修改尚未保存，确定离开吗？');
  await expect(page).toHaveURL((url) => url.pathname === '/priceList');
  await expect(board).toHaveValue('228.50');
  await expect(hinge).toHaveValue('28');

  await page.getByRole('textbox', { name: '修改说明' }).fill('板材与铰链调价');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/price-list-admin-editing.png`, fullPage: false });
  await save.click();

  await expect(page.getByText(`已保存为第 ${after} 版`)).toBeVisible();
  await expect(version).toHaveText(`第 ${after} 版`);
  await expect(board).toHaveValue('228.50');
  await expect(save).toBeDisabled();
  const history = page.getByTestId('price-list-history');
  await expect(history.getByRole('listitem')).toHaveCount(after);
  await expect(history.getByRole('listitem').first()).toContainText(`第 ${after} 版`);
  await expect(history.getByRole('listitem').first()).toContainText('板材与铰链调价');
  await expect(history.getByRole('listitem').first()).toContainText('修改 2 项');

  // The saved version survives a reload; the one before stays readable from the history.
  await page.reload();
  await expect(version).toHaveText(`第 ${after} 版`);
  await expect(page.getByRole('textbox', { name: '颗粒板（E0 级三聚氰胺） 18mm 单价' })).toHaveValue('228.50');
  await history.getByRole('button', { name: new RegExp(`^第 ${before} 版`) }).click();
  await expect(page.getByText(`正在查看第 ${before} 版（只读）`)).toBeVisible();
  await expect(page.locator('tr[data-code="BRD-PB-18"]')).toContainText('215.00');
  await expect(page.getByRole('textbox', { name: '颗粒板（E0 级三聚氰胺） 18mm 单价' })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/price-list-old-version.png`, fullPage: false });
  await page.getByRole('button', { name: '返回当前版本' }).click();
  await expect(version).toHaveText(`第 ${after} 版`);
});

test('a designer without admin rights sees the prices but cannot edit or save', async ({ page }) => {
  await loginTo(page, 'yfang_corp', 'designer', 'Designer@2026');
  await expect(page.getByText('仅项目管理员可以修改价格表；报价按当前版本的价格计算。')).toBeVisible();
  await expect(page.locator('tr[data-code="WT-QUARTZ"]')).toContainText('1,580.00');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /保存为新版本/ })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/price-list-designer.png`, fullPage: false });

  // The server refuses the save too, whatever the page shows: 该账号无访问权限！
  const answer = await page.evaluate(async () => {
    const info = JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string };
    const headers = { Authorization: `Bearer ${info.token ?? ''}`, 'Content-Type': 'application/json' };
    const current = (await (await fetch('/api/admin/price-list', { headers })).json()) as { retdata: { version: number; list: unknown } };
    const res = await fetch('/api/admin/price-list', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ base_version: current.retdata.version, list: current.retdata.list }),
    });
    return { status: res.status, body: (await res.json()) as { retmsg: string } };
  });
  expect(answer.status).toBe(403);
  expect(answer.body.retmsg).toBe('该账号无访问权限！');
});

test('the person centre leads to the price list', async ({ page }) => {
  await page.goto('/yfang/login?redirect=%2Fpersoncenter');
  await fillLogin(page, { account: 'admin', password: 'Admin@2026', agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/personcenter');
  if (SHOTS) {
    await page.getByRole('link', { name: '管理价格表' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/person-center-link.png` });
  }
  await page.getByRole('link', { name: '管理价格表' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/priceList');
  await expect(page.getByRole('heading', { name: '报价价格表', level: 1 })).toBeVisible();
});

test('in English the page, the units and the item names switch language', async ({ page }) => {
  await loginTo(page, 'yfang_corp', 'designer', 'Designer@2026');
  await page.getByRole('combobox', { name: '语言' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Quotation price list', level: 1 })).toBeVisible();
  const quartz = page.locator('tr[data-code="WT-QUARTZ"]');
  await expect(quartz).toContainText('Quartz worktop 15 mm');
  await expect(quartz).toContainText('yuan/m');
  await expect(quartz).toContainText('1,580.00');
  await expect(page.getByRole('heading', { name: /Fotile appliances/, level: 2 })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/price-list-en.png` });
});
