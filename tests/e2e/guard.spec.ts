import { expect, test } from '@playwright/test';

// core.md §2, access guard: with no stored user a non-public route leads to the login page,
// prefixed with the remembered login project when there is one.

for (const guarded of ['/about', '/personcenter', '/']) {
  test(`logged out, ${guarded} lands on /login`, async ({ page }) => {
    await page.goto(guarded);
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
  });
}

test('logged out with a remembered login project, /about lands on /deson/login', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('loginProject', 'deson'));
  await page.goto('/about');
  await expect(page).toHaveURL((url) => url.pathname === '/deson/login');
  await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
});

test('a public route stays put while logged out', async ({ page }) => {
  await page.goto('/deson/login');
  await expect(page.getByLabel('密码', { exact: true })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/deson/login');
});
