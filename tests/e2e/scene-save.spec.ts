import { expect, request, test, type Page } from '@playwright/test';
import { fillLogin } from './support/login';

// core.md §4 scene lifecycle against the real server: a new scene is saved (the title changes from
// 未保存方案 to its name), opens again from /?sceneId=<id>, lists its manual save in the restore
// dialog, refuses to overwrite a newer version (412 → save as a copy), and is auto saved when the
// account signs in elsewhere. One account has one live session, so these specs use accounts no
// other spec signs in with (yfang/member; yfang_corp/member for the forced logout).

const MEMBER = { project: 'yfang', account: 'member', password: 'Member@2026' } as const;
const CORP_MEMBER = { project: 'yfang_corp', account: 'member', password: 'Member@2026' } as const;

async function signIn(page: Page, who: { project: string; account: string; password: string }): Promise<void> {
  await page.goto(`/${who.project}/login`);
  await fillLogin(page, { account: who.account, password: who.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

function topBarButton(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name, exact: true });
}

/** Saves the scene on screen for the first time under `name`; answers its id. */
async function saveNew(page: Page, name: string): Promise<number> {
  const save = topBarButton(page, '保存');
  await expect(save).toBeEnabled({ timeout: 30_000 });
  await expect(page).toHaveTitle(/^未保存方案/);
  await save.click();
  const dialog = page.getByRole('dialog', { name: '保存方案' });
  await dialog.getByLabel('方案名称').fill(name);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/[?&]sceneId=\d+/);
  return Number(new URL(page.url()).searchParams.get('sceneId'));
}

function roomList(page: Page) {
  return page.getByRole('region', { name: /房间/ }).getByRole('listitem');
}

test.describe('scene save and open', () => {
  test('a new scene is saved, titled by its name, and opens again from ?sceneId', async ({ page }) => {
    await signIn(page, MEMBER);
    await expect(page.getByTestId('scene-title')).toHaveText('未保存方案');
    const name = `客厅方案 ${Date.now()}`;
    const id = await saveNew(page, name);
    expect(id).toBeGreaterThan(0);
    await expect(page).toHaveTitle(new RegExp(`^${name}`));
    await expect(page.getByTestId('scene-title')).toHaveText(name);

    // A fresh page: the kernel starts with its default room, then the stored file replaces it.
    const file = page.waitForResponse((res) => res.url().includes('/files/scenes/') && res.request().method() === 'GET');
    await page.goto(`/?sceneId=${id}`);
    expect((await file).status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^${name}`));
    await expect(page.getByTestId('scene-title')).toHaveText(name);
    await expect(roomList(page)).toHaveCount(1);
    await expect(roomList(page).first()).toContainText('m²');
    await expect(page.getByText('有未保存的修改')).toHaveCount(0);
  });

  test('the restore dialog lists the manual save; timed backups are empty', async ({ page }) => {
    await signIn(page, MEMBER);
    await saveNew(page, `历史方案 ${Date.now()}`);
    await topBarButton(page, '历史版本').click();
    const dialog = page.getByRole('dialog', { name: '恢复历史版本' });
    await expect(dialog.getByRole('tab', { name: '手动保存' })).toHaveAttribute('aria-selected', 'true');
    const entries = dialog.getByRole('radiogroup', { name: '手动保存' }).getByRole('radio');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('第 1 版');
    await expect(entries.first()).toContainText('当前版本');

    await dialog.getByRole('button', { name: '恢复', exact: true }).click();
    await expect(page.getByText('请选择一条记录进行恢复')).toBeVisible();

    await dialog.getByRole('tab', { name: '定时备份' }).click();
    await expect(dialog.getByText('暂无保存记录')).toBeVisible();
    await dialog.getByRole('tab', { name: '手动保存' }).click();
    await entries.first().click();
    await expect(entries.first()).toHaveAttribute('aria-checked', 'true');
    await dialog.getByRole('button', { name: '恢复', exact: true }).click();
    await expect(page.getByText('已恢复到所选版本')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('a save based on a stale version is refused (412) and can be kept as a copy', async ({ page, context }) => {
    await signIn(page, MEMBER);
    const name = `冲突方案 ${Date.now()}`;
    const id = await saveNew(page, name);

    // The same scene saved meanwhile from another tab.
    const other = await context.newPage();
    await other.goto(`/?sceneId=${id}`);
    await expect(other).toHaveTitle(new RegExp(`^${name}`));
    await expect(topBarButton(other, '保存')).toBeEnabled();
    // Ctrl+S saves a stored scene at once (and keeps the browser's "save page as" away).
    await other.keyboard.press('Control+s');
    await expect(other.getByText('保存成功')).toBeVisible();
    await other.close();

    await topBarButton(page, '保存').click();
    const question = page.getByRole('alertdialog', { name: '方案已在其他地方更新' });
    await expect(question).toContainText('当前为第 2 版');
    await question.getByRole('button', { name: '另存为副本' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveTitle(new RegExp(`^${name} 副本`));
    await expect(page).not.toHaveURL(new RegExp(`sceneId=${id}(&|$)`));
  });
});

test('the timed backup runs after the default interval and ends quietly when nothing changed', async ({ page }) => {
  await page.clock.install();
  await signIn(page, MEMBER);
  await saveNew(page, `备份方案 ${Date.now()}`);
  const backup = page.waitForRequest((req) => req.url().includes('/store-scene-backup'), { timeout: 5_000 }).catch(() => null);
  // core.md §9: the first wait is the default backup interval, 300000 ms.
  await page.clock.fastForward(300_000);
  await expect(page.getByText('场景无变化，备份任务结束')).toBeVisible();
  // Nothing changed since the save: no backup was sent.
  expect(await backup).toBeNull();
});

test('signing in elsewhere auto saves the changed open scene once, then shows the login screen', async ({ page, baseURL }) => {
  await signIn(page, CORP_MEMBER);
  const id = await saveNew(page, `自动保存 ${Date.now()}`);
  // core.md §4: only unsaved work is auto saved, so the saved scene is changed once more.
  const rooms = page.getByRole('complementary', { name: '设计面板' }).getByRole('region', { name: /^房间/ }).getByRole('listitem');
  await rooms.first().getByRole('combobox', { name: '房间类型' }).click();
  await page.getByRole('option', { name: '书房', exact: true }).click();
  await expect(rooms.first()).toContainText('书房');

  // The same account signs in on another device: this browser's session is revoked.
  const elsewhere = await request.newContext({ baseURL });
  const login = await elsewhere.post('/api/session', { data: { action: 'login', ...CORP_MEMBER } });
  const token = ((await login.json()) as { retdata: { token: string } }).retdata.token;

  const autoSave = page.waitForRequest((req) => req.url().endsWith('/api/client/utility') && req.method() === 'POST');
  await topBarButton(page, '我的方案').click();
  expect((await autoSave).postDataJSON()).toMatchObject({ action: 'auto_save_scene', fromSceneId: id });
  await expect(page.getByText('您的账号正在其他设备或不同浏览器登录访问')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname.endsWith('/login'));
  await expect(page.getByText('已为您自动保存当前方案')).toBeVisible();

  const list = await elsewhere.get(`/meta20/x/scene/get-auto-save-list-by-scene-id?sceneId=${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await list.json()) as { data: { total: number } }).data.total).toBe(1);
  await elsewhere.dispose();
});
