import { expect, test } from '@playwright/test';
import { DEMO, fillLogin } from './support/login';

// core.md §5 and §8: the login form's own refusals, shown to the user verbatim.

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
});

test('a wrong password is refused with 账号密码错误 and the user stays on /login', async ({ page }) => {
  await fillLogin(page, { ...DEMO, password: 'Wrong@2026', agree: true });
  await expect(page.getByText('账号密码错误')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
});

test('logging in without accepting the agreement asks for it', async ({ page }) => {
  await fillLogin(page, { ...DEMO, agree: false });
  await expect(page.getByText('请已阅读并同意《平台用户协议》和《平台隐私政策》')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});
