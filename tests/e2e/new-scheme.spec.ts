import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillLogin } from './support/login';

// Issue 16, 新建方案 and 户型入库 as a designer meets them: a new scheme from the house-type dialog
// (counts, city, building) replaces the starting room after 保存提示 with an empty, unsaved
// workspace; a room drawn there is saved and stored in the house-type library; a second new
// scheme starts from a copy of that plan. One account has one live session: deson/agent is this
// spec's own.

const ACCOUNT = { project: 'deson', account: 'agent', password: 'Agent@2026' } as const;
const SHOTS = '/tmp/shots/housetype';

function panel(page: Page): Locator {
  return page.getByRole('complementary', { name: '设计面板' });
}

function rooms(page: Page): Locator {
  return panel(page).getByRole('region', { name: /^房间/ }).getByRole('listitem');
}

function topBarButton(page: Page, name: string): Locator {
  return page.getByRole('banner').getByRole('button', { name, exact: true });
}

async function clickAt(page: Page, p: { x: number; y: number }): Promise<void> {
  await page.mouse.move(p.x, p.y, { steps: 6 });
  await page.mouse.down();
  await page.mouse.up();
}

test('新建方案 from the house-type dialog, draw, save, 户型入库, and a new scheme from the library', async ({ page }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.goto(`/${ACCOUNT.project}/login`);
  await fillLogin(page, { account: ACCOUNT.account, password: ACCOUNT.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(rooms(page)).toHaveCount(1, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/workspace.png`, animations: 'disabled' });

  // The house-type dialog: bad input is named at its box and starts nothing.
  await topBarButton(page, '新建方案').click();
  const dialog = page.getByRole('dialog', { name: '新建方案' });
  const name = `三室两厅 ${Date.now()}`;
  await dialog.getByLabel('方案名称').fill('');
  await dialog.getByLabel('卧室数量').fill('3室');
  await expect(dialog.getByLabel('卧室数量')).toHaveValue('3');
  await dialog.getByLabel('联系电话').fill('123');
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog.getByText('请输入方案名称')).toBeVisible();
  await expect(dialog.getByText('请输入 7–15 位数字的电话号码')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/new-scheme-errors.png`, animations: 'disabled' });

  await dialog.getByLabel('方案名称').fill(name);
  await dialog.getByLabel('客厅数量').fill('2');
  await dialog.getByLabel('卫生间数量').fill('1');
  await dialog.getByLabel('风格').selectOption('现代');
  await dialog.getByRole('button', { name: /所在城市/ }).click();
  const picker = page.getByRole('dialog', { name: '选择省市' });
  await picker.getByRole('button', { name: '浙江省' }).click();
  await picker.getByRole('button', { name: '杭州市' }).click();
  await expect(dialog.getByRole('button', { name: /所在城市/ })).toContainText('浙江省 杭州市');
  await dialog.getByLabel('小区/楼盘').fill('阳光花园');
  await dialog.getByLabel('客户姓名').fill('王五');
  await dialog.getByLabel('联系电话').fill('138-0000-0000');
  await expect(dialog.getByLabel('联系电话')).toHaveValue('13800000000');
  await expect(dialog.getByLabel('联系电话')).not.toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${SHOTS}/new-scheme-form.png`, animations: 'disabled' });
  await dialog.getByRole('button', { name: '创建' }).click();

  // The starting room is unsaved work: 保存提示 first; 不保存 starts the new scheme, empty.
  const prompt = page.getByRole('alertdialog', { name: '保存提示' });
  await expect(prompt).toContainText('新建方案前');
  await prompt.getByRole('button', { name: '不保存' }).click();
  await expect(rooms(page)).toHaveCount(0);
  await expect(page.getByTestId('scene-title')).toHaveText('未保存方案');
  await expect(page).toHaveTitle(/^未保存方案/);
  // The defaults are in the scheme: the client card shows them.
  const client = page.getByTestId('client-properties');
  await expect(client.getByLabel('客户姓名')).toHaveValue('王五');
  await expect(client.getByRole('button', { name: /所在城市/ })).toContainText('浙江省 杭州市');

  // An empty scheme is not saved, and no name is asked first (the refusal is on top).
  await topBarButton(page, '保存').click();
  await expect(page.getByText('场景不能为空！')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '保存方案' })).toHaveCount(0);

  // 户型入库 needs a saved scheme.
  const storeButton = panel(page).getByRole('button', { name: '户型入库' });
  await storeButton.click();
  await expect(page.getByText('请先保存场景！')).toBeVisible();

  // A room drawn with the wall tool, closed on its start point.
  await panel(page).getByRole('button', { name: '画墙' }).click();
  const box = (await page.locator('canvas[aria-label="三维视图"]').boundingBox())!;
  const p0 = { x: Math.round(box.x + box.width * 0.35), y: Math.round(box.y + box.height * 0.65) };
  const corners = [p0, { x: p0.x + 240, y: p0.y }, { x: p0.x + 240, y: p0.y - 180 }, { x: p0.x, y: p0.y - 180 }, p0];
  for (const corner of corners) await clickAt(page, corner);
  await expect(rooms(page)).toHaveCount(1);

  // Saved under the name the dialog gave it.
  await topBarButton(page, '保存').click();
  const saveDialog = page.getByRole('dialog', { name: '保存方案' });
  await expect(saveDialog.getByLabel('方案名称')).toHaveValue(name);
  await saveDialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByTestId('scene-title')).toHaveText(name);

  await storeButton.click();
  const confirm = page.getByRole('alertdialog', { name: /存入户型库/ });
  await confirm.getByRole('button', { name: '入库' }).click();
  await expect(page.getByText(`已将「${name}」存入户型库`)).toBeVisible();

  // A second new scheme from the library: the stored plan, found by its compound.
  await topBarButton(page, '新建方案').click();
  await dialog.getByRole('tab', { name: '从户型库选择' }).click();
  await dialog.getByRole('searchbox', { name: '搜索户型' }).fill('阳光');
  await dialog.getByRole('button', { name: '搜索' }).click();
  const card = dialog.getByRole('radio', { name });
  await expect(card).toContainText('3室2厅1卫');
  await expect(card).toContainText('浙江省 杭州市 · 阳光花园');
  await expect(card.locator('img')).toBeVisible();
  await card.click();
  await expect(card).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: `${SHOTS}/new-scheme-library.png`, animations: 'disabled' });
  await dialog.getByRole('button', { name: '创建' }).click();

  // The scheme on screen was saved and unchanged: no question. The copy is a new, unsaved scheme.
  await expect(page.getByRole('alertdialog', { name: '保存提示' })).toHaveCount(0);
  await expect(page.getByTestId('scene-title')).toHaveText('未保存方案');
  await expect(rooms(page)).toHaveCount(1);
  await expect(page).not.toHaveURL(/sceneId=/);
});
