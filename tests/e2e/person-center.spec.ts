import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillLogin } from './support/login';

// core.md §2 /personcenter and §6 roles: the personal centre shows the signed-in user's profile
// from GET /account2/x/user/profile. Seeded accounts (server/seed.ts) with different roles and
// entitlements, so every assertion below depends on who is signed in.

async function loginTo(page: Page, project: string, account: string, password: string): Promise<void> {
  // The project's own login page fixes the tenant; the redirect parameter leads straight to the
  // personal centre after login.
  await page.goto(`/${project}/login?redirect=%2Fpersoncenter`);
  await fillLogin(page, { account, password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/personcenter');
  await expect(page.getByRole('heading', { name: '个人中心', level: 1 })).toBeVisible();
}

function role(page: Page, name: string): Locator {
  return page.getByRole('region', { name: '我的角色' }).getByRole('listitem').filter({ hasText: name });
}

function moduleRow(page: Page, name: string): Locator {
  return page.getByRole('region', { name: '模块授权' }).getByRole('row').filter({ hasText: name });
}

test('yfang admin: name, project, admin roles present, agent roles absent, office expired', async ({ page }) => {
  await loginTo(page, 'yfang', 'admin', 'Admin@2026');

  await expect(page.getByRole('heading', { name: '云方设计（个人版）管理员', level: 2 })).toBeVisible();
  const project = page.getByLabel('所属项目');
  await expect(project).toContainText('云方设计（个人版）');
  await expect(project).toContainText('个人项目');

  // Derived roles: present ones read 是, absent ones 否.
  await expect(role(page, '服务管理员')).toContainText('是');
  await expect(role(page, '组织管理员')).toContainText('是');
  await expect(role(page, '代理商管理员')).toContainText('否');
  await expect(role(page, '定制管理员')).toContainText('否');
  await expect(role(page, '会员')).toContainText('否');

  // Project user roles (ids 1 and 2) and order roles.
  await expect(page.getByRole('list', { name: '项目角色' })).toHaveText(/组织管理员\s*设计师/);
  await expect(page.getByRole('list', { name: '订单角色' })).toContainText('审单员');

  // Every module but office is licensed to 2099-12-31; office ran out on 2024-06-30.
  const office = moduleRow(page, 'office');
  await expect(office).toContainText('2024-06-30');
  await expect(office).toContainText('已过期');
  const cloudRender = moduleRow(page, 'cloudRender');
  await expect(cloudRender).toContainText('2099-12-31');
  await expect(cloudRender).toContainText('有效');
  await expect(cloudRender).not.toContainText('已过期');
  await expect(page.getByRole('region', { name: '模块授权' })).toContainText('有效 19 个 · 已过期 1 个');

  // Back to the workspace.
  await expect(page.getByRole('link', { name: '返回工作台' })).toHaveAttribute('href', '/');
});

test('yfang_corp designer: no roles, tileWork, wardrobe and cupboard licensed, wallpaper expired', async ({ page }) => {
  await loginTo(page, 'yfang_corp', 'designer', 'Designer@2026');

  await expect(page.getByRole('heading', { name: '云方设计（企业版）设计师', level: 2 })).toBeVisible();
  const project = page.getByLabel('所属项目');
  await expect(project).toContainText('云方设计（企业版）');
  await expect(project).toContainText('企业项目');

  for (const name of ['服务管理员', '代理商管理员', '定制管理员', '组织管理员', '会员']) await expect(role(page, name)).toContainText('否');

  await expect(page.getByText('暂无项目角色')).toBeVisible();
  await expect(page.getByRole('list', { name: '订单角色' })).toHaveText('只读');

  await expect(moduleRow(page, 'tileWork')).toContainText('有效');
  const wallpaper = moduleRow(page, 'wallpaper');
  await expect(wallpaper).toContainText('墙纸');
  await expect(wallpaper).toContainText('已过期');
  await expect(page.getByRole('region', { name: '模块授权' }).getByRole('row')).toHaveCount(5); // header + four modules (tileWork, wardrobe, cupboard, wallpaper)
});

test('yfang agent: agent manager present, customization manager absent, no modules', async ({ page }) => {
  await loginTo(page, 'yfang', 'agent', 'Agent@2026');

  await expect(page.getByRole('heading', { name: '云方设计（个人版）代理商', level: 2 })).toBeVisible();
  await expect(role(page, '代理商管理员')).toContainText('是');
  await expect(role(page, '服务管理员')).toContainText('是');
  await expect(role(page, '定制管理员')).toContainText('否');
  await expect(page.getByRole('region', { name: '我的角色' })).toContainText('用户身份：代理商');
  await expect(page.getByRole('region', { name: '会员信息' })).toContainText('1001');
  await expect(page.getByText('暂无模块授权')).toBeVisible();
});

test('a failing profile call shows the error, and 重试 loads the profile', async ({ page }) => {
  let fail = true;
  await page.route(/\/account2\/x\/user\/profile/, async (route) => {
    if (!fail) return route.continue();
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: '服务繁忙', data: null }) });
  });
  // An account no other spec signs in with: one live session per account, and specs run side by side.
  await loginTo(page, 'mnls', 'member', 'Member@2026');

  const alert = page.getByRole('alert').filter({ hasText: '个人信息加载失败' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('服务繁忙');

  fail = false;
  await alert.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('heading', { name: '会员设计师', level: 2 })).toBeVisible();
  await expect(alert).toHaveCount(0);
  await expect(role(page, '会员')).toContainText('是');
  await expect(page.getByRole('region', { name: '会员信息' })).toContainText('2099-12-31');
});
