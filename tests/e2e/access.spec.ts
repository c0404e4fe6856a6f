import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillLogin } from './support/login';

// Who may go where (issue 15, core.md §6): an expired module's menu gives the authority tip and the
// server refuses its calls; the sub-agent's permission list leaves it only its menus; the brand
// selector offers real tenants only; the agreement texts open from the login screen; the tile
// spec filter opens folded to 10 and 'more'. One account has one live session, so each test signs
// in with an account no other spec uses.

const SHOTS = path.join('test-results', 'access');
const TIP = '您的账号暂未开通该功能模块或授权已过期，请联系管理员开通';

type Account = { readonly project: string; readonly account: string; readonly password: string };

async function signIn(page: Page, who: Account): Promise<void> {
  await page.goto(`/${who.project}/login`);
  await fillLogin(page, { account: who.account, password: who.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

function rail(page: Page) {
  return page.getByRole('navigation', { name: '主菜单' });
}

test('an account whose modules all expired: 铺砖 and 定制 give the authority tip, the server refuses the calls', async ({ page }) => {
  await signIn(page, { project: 'yfang', account: 'expired', password: 'Expired@2026' });
  const tiles = rail(page).getByRole('button', { name: '铺砖' });
  await expect(tiles).toHaveAttribute('data-locked', 'true');
  await tiles.click();
  await expect(page.getByRole('status').filter({ hasText: TIP })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/expired-tip.png`, animations: 'disabled' });
  // the tile panel never opened
  await expect(page.getByRole('complementary', { name: '铺砖' })).toHaveCount(0);
  await expect(tiles).toHaveAttribute('aria-pressed', 'false');

  const cabinets = rail(page).getByRole('button', { name: '定制' });
  await expect(cabinets).toHaveAttribute('data-locked', 'true');
  await cabinets.click();
  await expect(page.locator('[data-menu-panel="Customized"]')).toHaveCount(0);
  // menus without a module stay open
  await expect(rail(page).getByRole('button', { name: '产品' })).not.toHaveAttribute('data-locked', 'true');

  // The server says the same, with no data, whatever the page does.
  const answers = await page.evaluate(async () => {
    const info = JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string };
    const headers = { Authorization: `Bearer ${info.token ?? ''}` };
    const ask = async (url: string) => {
      const res = await fetch(url, { headers });
      return { status: res.status, body: (await res.json()) as { retcode: number; retmsg: string; retdata: unknown } };
    };
    return [await ask('/api/admin/tile?action=filters'), await ask('/api/admin/price-list')];
  });
  for (const a of answers) {
    expect(a.status).toBe(403);
    expect(a.body.retcode).toBe(10005);
    expect(a.body.retmsg).toBe(TIP);
  }
  expect(answers[0]!.body.retdata).toEqual({ feature: 'tileWork', modules: ['tileWork'] });

  // The quote screen prices cabinets from the refused price list: it says why, not 接口出错！
  await page.goto('/quoteDetails');
  await expect(page.getByRole('status').filter({ hasText: TIP })).toBeVisible();
  await expect(page.getByText('接口出错！')).toHaveCount(0);
});

test('the sub-agent sees only the menus of its permission list', async ({ page }) => {
  await signIn(page, { project: 'yfang', account: 'subagent', password: 'SubAgent@2026' });
  const buttons = rail(page).getByRole('button');
  // HouseType, Layout, Product: Layout has no menu in this build, so two buttons
  await expect(buttons).toHaveText(['户型', '产品']);
  await rail(page).getByRole('button', { name: '产品' }).click();
  await expect(rail(page).getByRole('button', { name: '产品' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: `${SHOTS}/subagent-menus.png` });
});

test('the agreement and the privacy policy open from the login screen', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: '阅读《平台用户协议》' }).click();
  const dialog = page.getByRole('dialog', { name: '平台用户协议' });
  await expect(dialog).toContainText('一、服务内容');
  await page.screenshot({ path: `${SHOTS}/login-agreement.png` });
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: '阅读《平台隐私政策》' }).click();
  const privacy = page.getByRole('dialog', { name: '平台隐私政策' });
  await expect(privacy).toContainText('一、我们收集的信息');
  await page.keyboard.press('Escape'); // Escape closes it too
  await expect(privacy).toHaveCount(0);

  // In English too.
  await page.getByLabel('语言', { exact: true }).selectOption({ label: 'English' });
  await page.getByRole('button', { name: 'Read the User Agreement' }).click();
  const english = page.getByRole('dialog', { name: 'Platform User Agreement' });
  await expect(english).toContainText('1. The service');
  await english.getByRole('button', { name: 'Got it' }).click();
  await expect(english).toHaveCount(0);
  await page.getByLabel('Language', { exact: true }).selectOption({ label: '中文' });
});

test('an unknown project code is not offered: the selector lists real tenants with logos', async ({ page }) => {
  await page.goto('/nosuchproj/login');
  const selector = page.getByRole('combobox', { name: '品牌' });
  await expect(selector).toContainText('云方设计（个人版）');
  await expect(page.getByText('登录地址中的品牌不存在，已为你选择默认品牌')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('nosuchproj');
  await page.screenshot({ path: `${SHOTS}/unknown-project-login.png` });
  await selector.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = await options.allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(8);
  expect(names.some((n) => n.includes('nosuchproj'))).toBe(false);
  await expect(options.filter({ hasText: 'BCLS 全屋定制' }).locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await page.screenshot({ path: `${SHOTS}/brand-selector.png` });
  await options.filter({ hasText: 'MLS 家居' }).click();
  await expect(selector).toContainText('MLS 家居');
});

test('the workspace shows the tenant logo; the tile spec filter opens folded to 10 and more; /protocol is a page', async ({ page }) => {
  await signIn(page, { project: 'MLS', account: 'admin', password: 'Admin@2026' });
  const badge = page.getByRole('banner').locator('.topbar__project');
  await expect(badge).toContainText('MLS 家居');
  await expect(badge.getByRole('img', { name: 'MLS 家居 标志' })).toBeVisible();

  await rail(page).getByRole('button', { name: '铺砖' }).click();
  const panel = page.getByRole('complementary', { name: '铺砖' });
  await panel.getByRole('combobox', { name: '规格' }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(11);
  await expect(options.last()).toHaveText(/^更多 \(\d+\) …$/);
  const rest = Number((await options.last().textContent())?.match(/\((\d+)\)/)?.[1]);
  expect(rest).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/spec-folded.png` });
  await options.last().click();
  // unfolded in place, the list still open
  await expect(options).toHaveCount(10 + rest);
  await expect(page.getByRole('listbox').getByRole('option', { name: /^更多/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/spec-unfolded.png` });
  const last = options.last();
  const spec = ((await last.textContent()) ?? '').replace(/\s*\(\d+\)\s*$/, '').trim();
  await last.click();
  await expect(panel.getByRole('combobox', { name: '规格' })).toContainText(spec);

  await page.goto('/protocol?doc=privacy');
  await expect(page.getByRole('heading', { name: '平台隐私政策', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '平台用户协议' }).click();
  await expect(page.getByRole('heading', { name: '平台用户协议', level: 1 })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('二、账号与安全');
  await page.screenshot({ path: `${SHOTS}/protocol-page.png`, fullPage: true });
});

test('a special-brand project (BCLS) shows its own logo in place of the product mark', async ({ page }) => {
  await signIn(page, { project: 'BCLS', account: 'agent', password: 'Agent@2026' });
  const banner = page.getByRole('banner');
  const mark = banner.locator('[data-tenant-mark="BCLS"]');
  await expect(mark).toContainText('BCLS 全屋定制');
  await expect(mark.getByRole('img', { name: 'BCLS 全屋定制 标志' })).toBeVisible();
  await expect(banner).not.toContainText('云方设计');
  await page.screenshot({ path: `${SHOTS}/bcls-brand.png`, clip: { x: 0, y: 0, width: 1280, height: 120 } });
});
