import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { fillLogin } from './support/login';

// Clients (issue 16): a client made in 客户列表 (with a city from the province / city picker) is
// chosen for the open scheme from the properties panel, the scheme is saved, and after a reload
// it still belongs to that client. mnls/agent is signed in by this spec only.

const AGENT = { project: 'mnls', account: 'agent', password: 'Agent@2026' } as const;
const SHOTS = '/tmp/shots/clients';

async function signIn(page: Page): Promise<void> {
  await page.goto(`/${AGENT.project}/login`);
  await fillLogin(page, { account: AGENT.account, password: AGENT.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

test('a client made in the list is linked to the scheme, saved, and still linked after a reload', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await signIn(page);
  const name = `客户${Date.now() % 100000}`;
  const banner = page.getByRole('banner');
  // The kernel is up (the scheme can be changed and saved) once 保存 is enabled.
  await expect(banner.getByRole('button', { name: '保存', exact: true })).toBeEnabled({ timeout: 30_000 });
  const card = page.getByTestId('client-properties');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: '选择客户' }).click();

  const picker = page.getByRole('dialog', { name: '选择客户' });
  await picker.getByRole('button', { name: '新建客户' }).click();
  const form = page.getByRole('dialog', { name: '新建客户' });
  // Refused before anything is sent: the name is required and the phone must be one.
  await form.getByLabel('联系电话').fill('138abc');
  await form.getByRole('button', { name: '保存', exact: true }).click();
  await expect(form.getByText('请输入客户姓名')).toBeVisible();
  await expect(form.getByText(/电话格式不正确/)).toBeVisible();

  await form.getByLabel('客户姓名').fill(name);
  await form.getByLabel('联系电话').fill('+86 138-0013-8000');
  await form.getByRole('button', { name: /所在城市/ }).click();
  const region = page.getByRole('dialog', { name: '选择省市' });
  await region.getByRole('button', { name: '浙江省' }).click();
  await region.getByRole('button', { name: '杭州市' }).click();
  await expect(form.getByRole('button', { name: /所在城市/ })).toContainText('浙江省 杭州市');
  await form.getByLabel('订单号').fill('DD-2026-0001');
  await form.getByLabel('详细地址').fill('滨江区江南大道 88 号');
  await form.getByRole('button', { name: '添加一项' }).click();
  await form.getByLabel('第 1 项名称').fill('Remark');
  await form.getByLabel('第 1 项内容').fill('老客户介绍');
  await page.screenshot({ path: `${SHOTS}/client-form.png` });
  await form.getByRole('button', { name: '保存', exact: true }).click();

  const row = picker.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('浙江省 杭州市');
  await expect(row).toContainText('+86 138-0013-8000');
  await page.screenshot({ path: `${SHOTS}/client-list-pick.png` });
  await row.getByRole('button', { name: `选择客户 ${name}` }).click();
  await expect(picker).toBeHidden();

  await expect(card.getByLabel('客户姓名')).toHaveValue(name);
  await expect(card.getByRole('button', { name: /所在城市/ })).toContainText('浙江省 杭州市');
  const link = page.getByTestId('client-link');
  await expect(link).toContainText(`已关联客户：${name}`);
  await page.screenshot({ path: `${SHOTS}/client-card-linked.png` });

  // Saved for the first time, then opened again from the server.
  await banner.getByRole('button', { name: '保存', exact: true }).click();
  const saveDialog = page.getByRole('dialog', { name: '保存方案' });
  await saveDialog.getByLabel('方案名称').fill(`${name}的方案`);
  await saveDialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sceneId=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('sceneId'));
  await page.goto(`/?sceneId=${id}`);
  await expect(page.getByTestId('scene-title')).toHaveText(`${name}的方案`);
  await expect(link).toContainText(`已关联客户：${name}`, { timeout: 30_000 });
  await expect(card.getByRole('button', { name: /所在城市/ })).toContainText('浙江省 杭州市');

  // The client list (top bar) marks the scheme's client and counts its scheme.
  await banner.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '客户列表' }).click();
  const list = page.getByRole('dialog', { name: '客户列表' });
  const listed = list.getByRole('row', { name: new RegExp(name) });
  await expect(listed).toContainText('当前方案');
  await expect(listed.getByRole('cell').nth(3)).toHaveText('1');
  await page.screenshot({ path: `${SHOTS}/client-list.png` });
  await listed.getByRole('button', { name: `删除客户 ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: '删除客户' });
  await expect(confirm).toContainText('它的 1 个方案会保留');
  await page.screenshot({ path: `${SHOTS}/client-delete-confirm.png` });
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(listed).toBeVisible();
});
