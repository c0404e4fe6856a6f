import { expect, request, test, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import { fillLogin } from './support/login';

// core.md §2 (the guard, after login), §4 (logout, session expiry, login elsewhere) and §5 (the
// browser check) against the real server. One account has one live session, so every test signs
// in with an account no other spec uses.

interface Account {
  readonly project: string;
  readonly account: string;
  readonly password: string;
}

const DEEP_LINK: Account = { project: 'MLS', account: 'shencha', password: 'Shencha@2026' };
const CHUANGMI: Account = { project: 'chuangmi', account: 'chuangmi', password: 'Chuangmi@2026' };
const DESON_SPECIAL: Account = { project: 'deson', account: 'desonsp', password: 'Deson@2026' };
const LOGOUT: Account = { project: 'MLS', account: 'inspector', password: 'Inspect@2026' };
const EDITED: Account = { project: 'mnls', account: 'inspector', password: 'Inspect@2026' };
const UNTOUCHED: Account = { project: 'mnls', account: 'shencha', password: 'Shencha@2026' };

const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
// Outside test-results/, which the next run empties.
const SHOTS = path.join('.data-test', 'shots', 'guard-session');

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function login(page: Page, who: Account): Promise<void> {
  await fillLogin(page, { account: who.account, password: who.password, agree: true });
}

function designPanel(page: Page) {
  return page.getByRole('complementary', { name: '设计面板' });
}

function roomItems(page: Page) {
  return designPanel(page).getByRole('region', { name: /^房间/ }).getByRole('listitem');
}

/** An edit of the document: the starting room becomes a 书房 (unsaved work). */
async function editRoomType(page: Page): Promise<void> {
  await expect(roomItems(page)).toHaveCount(1, { timeout: 30_000 });
  await roomItems(page).first().getByRole('combobox', { name: '房间类型' }).click();
  await page.getByRole('option', { name: '书房', exact: true }).click();
  await expect(roomItems(page).first()).toContainText('书房');
}

async function openWorkspace(page: Page, who: Account): Promise<void> {
  await page.goto(`/${who.project}/login`);
  await login(page, who);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('button', { name: '保存', exact: true })).toBeEnabled({ timeout: 30_000 });
  await expect(roomItems(page)).toHaveCount(1, { timeout: 30_000 });
}

async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token ?? '');
}

async function sceneCount(baseURL: string | undefined, token: string): Promise<{ status: number; total: number }> {
  const api = await request.newContext({ baseURL });
  const res = await api.get('/meta20/x/scene', { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { total?: number } | null };
  await api.dispose();
  return { status: res.status(), total: body.data?.total ?? -1 };
}

test.describe('the route guard', () => {
  test('a logged-out deep link survives the login, query included', async ({ page }) => {
    await page.goto('/personcenter?tab=account');
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/personcenter?tab=account');
    await page.goto(`/${DEEP_LINK.project}/login?redirect=${encodeURIComponent('/about?from=mail')}`);
    await login(page, DEEP_LINK);
    await expect(page).toHaveURL((url) => url.pathname === '/about' && url.searchParams.get('from') === 'mail');

    // A logged-out visit to /?sceneId=1 keeps the scene id through the login page, now the
    // remembered project's.
    await page.evaluate(() => localStorage.removeItem('userInfo'));
    await page.goto('/?sceneId=1');
    await expect(page).toHaveURL(
      (url) => url.pathname === `/${DEEP_LINK.project}/login` && url.searchParams.get('redirect') === '/?sceneId=1',
    );
    // An unknown path, signed in, goes to the root.
    await login(page, DEEP_LINK);
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('sceneId') === '1');
    await page.goto('/no-such-page');
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');

    // core.md §4: entering free modelling forces full screen.
    await expect(roomItems(page)).toHaveCount(1, { timeout: 30_000 });
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
    await designPanel(page).getByRole('button', { name: '自由建模' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  });

  test('a chuangmi user lands on ChuangmiEntryCheck after login, on / and on unknown paths', async ({ page }) => {
    await page.goto('/chuangmi/login');
    await login(page, CHUANGMI);
    await expect(page).toHaveURL((url) => url.pathname === '/chuangmi-entry');
    const card = page.getByRole('region', { name: '创米设计入口' });
    await expect(card.getByRole('status')).toHaveText('账号检查通过');
    await expect(card).toContainText('创米家居');
    await expect(card).toContainText('创米设计师');
    await shot(page, 'chuangmi-entry');

    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/chuangmi-entry');
    // A deep link into the workspace waits behind the check.
    await page.goto('/?sceneId=1');
    await expect(page).toHaveURL((url) => url.pathname === '/chuangmi-entry' && url.searchParams.get('redirect') === '/?sceneId=1');
    await page.goto('/some/unknown/path');
    await expect(page).toHaveURL((url) => url.pathname === '/chuangmi-entry');
    // Other known routes stay open.
    await page.goto('/about');
    await expect(page).toHaveURL((url) => url.pathname === '/about');

    // Once checked, 进入设计 opens the workspace where the user was going.
    await page.goto(`/chuangmi-entry?redirect=${encodeURIComponent('/?sceneId=1')}`);
    await page.getByRole('button', { name: '进入设计' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('sceneId') === '1');
    await expect(page.getByRole('banner').getByRole('button', { name: '保存', exact: true })).toBeVisible();
  });

  test('the deson special-list user is confined to its three routes', async ({ page }) => {
    await page.goto('/deson/login');
    await login(page, DESON_SPECIAL);
    await expect(page).toHaveURL((url) => url.pathname === '/deson/design');
    for (const elsewhere of ['/', '/personcenter', '/about', '/login', '/nowhere']) {
      await page.goto(elsewhere);
      await expect(page).toHaveURL((url) => url.pathname === '/deson/design');
    }
    await page.goto('/cloudscreen-deson-raw');
    await expect(page).toHaveURL((url) => url.pathname === '/cloudscreen-deson-raw');
    await page.goto('/deson/login');
    await expect(page).toHaveURL((url) => url.pathname === '/deson/login');
  });
});

test('logout with unsaved work: confirm, save offered, the server session revoked', async ({ page, baseURL }) => {
  await openWorkspace(page, LOGOUT);
  await editRoomType(page);
  const token = await storedToken(page);
  expect((await sceneCount(baseURL, token)).total).toBe(0);

  await page.getByRole('banner').getByRole('button', { name: '退出登录' }).click();
  const question = page.getByRole('alertdialog', { name: '将退出系统，是否继续?' });
  await expect(question).toContainText('当前方案有未保存的修改');
  await shot(page, 'logout-unsaved');
  // 取消 keeps everything; the 5 s debounce swallows a second click at once.
  await question.getByRole('button', { name: '取消' }).click();
  await expect(question).toBeHidden();
  await page.getByRole('banner').getByRole('button', { name: '退出登录' }).click();
  await expect(question).toBeHidden();
  await page.waitForTimeout(5_000);
  await page.getByRole('banner').getByRole('button', { name: '退出登录' }).click();
  await expect(question).toBeVisible();

  // 保存并退出: a new scene asks for its name, is saved, then the session ends.
  const deleted = page.waitForRequest((req) => req.url().endsWith('/account2/session') && req.method() === 'DELETE');
  const minhua = page.waitForRequest((req) => req.url().endsWith('/api/admin/utility') && req.postDataJSON()?.action === 'minhuaAccountLogout');
  await question.getByRole('button', { name: '保存并退出' }).click();
  const nameDialog = page.getByRole('dialog', { name: '保存方案' });
  await nameDialog.getByLabel('方案名称').fill('退出前保存');
  await nameDialog.getByRole('button', { name: '保存', exact: true }).click();
  await deleted;
  await minhua;
  await expect(page).toHaveURL((url) => url.pathname === `/${LOGOUT.project}/login`);
  expect(await page.evaluate(() => [localStorage.getItem('userInfo'), localStorage.getItem('accountInfo'), localStorage.getItem('customerId')])).toEqual([
    null,
    null,
    null,
  ]);

  // The old bearer token no longer lists scenes; signed in again, the saved scene is there.
  expect((await sceneCount(baseURL, token)).status).toBe(401);
  await login(page, LOGOUT);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const fresh = await storedToken(page);
  expect(await sceneCount(baseURL, fresh)).toEqual({ status: 200, total: 1 });
});

async function secondLogin(browser: Browser, who: Account): Promise<{ token: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/${who.project}/login`);
  await login(page, who);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const token = await storedToken(page);
  return { token, close: () => context.close() };
}

test('a second login forces the first out: its unsaved edit is auto saved and listed', async ({ page, browser, baseURL }) => {
  await openWorkspace(page, EDITED);
  await editRoomType(page);

  const second = await secondLogin(browser, EDITED);
  const autoSave = page.waitForRequest((req) => req.url().endsWith('/api/client/utility') && req.method() === 'POST');
  // The first browser's next call finds its session revoked.
  await page.getByRole('banner').getByRole('button', { name: '我的方案' }).click();
  await expect(page.getByText('您的账号正在其他设备或不同浏览器登录访问')).toBeVisible();
  await shot(page, 'login-elsewhere');
  expect((await autoSave).postDataJSON()).toMatchObject({ action: 'auto_save_scene', fromSceneId: '' });
  await expect(page).toHaveURL((url) => url.pathname === `/${EDITED.project}/login`);
  await expect(page.getByText('已为您自动保存当前方案')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();

  expect(await sceneCount(baseURL, second.token)).toEqual({ status: 200, total: 1 });
  await second.close();
});

test('a second login forces the first out: an untouched starting room is not filed', async ({ page, browser, baseURL }) => {
  await openWorkspace(page, UNTOUCHED);
  const autoSaves: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/client/utility')) autoSaves.push(req.url());
  });

  const second = await secondLogin(browser, UNTOUCHED);
  await page.getByRole('banner').getByRole('button', { name: '我的方案' }).click();
  await expect(page.getByText('您的账号正在其他设备或不同浏览器登录访问')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === `/${UNTOUCHED.project}/login`);
  expect(autoSaves).toEqual([]);
  expect(await sceneCount(baseURL, second.token)).toEqual({ status: 200, total: 0 });
  await second.close();
});

test('a Firefox user agent gets the blocking browser-check dialog', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: FIREFOX_UA });
  const page = await context.newPage();
  await page.goto('/login');
  const dialog = page.getByRole('alertdialog', { name: '请使用 Chrome 浏览器' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('80 及以上版本、64 位');
  await expect(dialog.getByRole('link', { name: '下载 Chrome' })).toHaveAttribute('href', /google\.cn\/chrome/);
  await shot(page, 'browser-check-firefox');
  // Blocking: no way to close it.
  await expect(dialog.getByRole('button', { name: '取消' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(10, 10);
  await expect(dialog).toBeVisible();
  await context.close();
});

test('a 32-bit Chrome gets the 64-bit recommendation, which can be cancelled', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36',
  });
  const page = await context.newPage();
  await page.goto('/login');
  const dialog = page.getByRole('alertdialog', { name: '建议使用 64 位 Chrome 浏览器' });
  await expect(dialog).toContainText('Chrome 89 及以上版本的 64 位浏览器');
  await shot(page, 'browser-check-32bit');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await context.close();
});

test('F11 toggles full screen', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
  await page.keyboard.press('F11');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.keyboard.press('F11');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);
});
