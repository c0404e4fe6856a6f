import { expect, test } from '@playwright/test';

// core.md §1: the interface is Chinese by default and English on request; the choice survives a reload.

test('switching the login page to English relabels the form and persists across a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.getByLabel('账号', { exact: true })).toBeVisible();

  await page.getByLabel('语言', { exact: true }).selectOption({ label: 'English' });

  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page.getByLabel('Account', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录', exact: true })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page.getByLabel('Account', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en');

  // And back: the switch is not one-way.
  await page.getByLabel('Language', { exact: true }).selectOption({ label: '中文' });
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
});
