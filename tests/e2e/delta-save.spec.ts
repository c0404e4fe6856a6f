import { expect, test, type Page } from '@playwright/test';
import { fillLogin } from './support/login';

// Issue 16: a save of a small edit sends only the delta against the version it is based on
// (docs/scenes.md "Delta saves"), and the scene opens again with the edit from its file address.
// Its own account, so no other spec's session is revoked by this one's login.
const ACCOUNT = { project: 'deson', account: 'custmgr', password: 'Custom@2026' } as const;

function topBarButton(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name, exact: true });
}

function rooms(page: Page) {
  return page.getByRole('complementary', { name: '设计面板' }).getByRole('region', { name: /^房间/ });
}

test('the second save of a scene sends a delta, and the scene opens with the edit', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/${ACCOUNT.project}/login`);
  await fillLogin(page, { account: ACCOUNT.account, password: ACCOUNT.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // The first save uploads the whole file (POST /meta20/x/scene with its address).
  const save = topBarButton(page, '保存');
  await expect(save).toBeEnabled({ timeout: 30_000 });
  await save.click();
  const dialog = page.getByRole('dialog', { name: '保存方案' });
  const name = `增量方案 ${Date.now()}`;
  await dialog.getByLabel('方案名称').fill(name);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page).toHaveURL(/[?&]sceneId=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('sceneId'));
  await expect(page.getByText('保存成功')).toHaveCount(0, { timeout: 15_000 });

  // A small edit: the room gets a name.
  await rooms(page).getByRole('listitem').first().getByRole('button').first().click();
  const properties = page.getByTestId('room-properties');
  await properties.getByLabel('名称').fill('主卧');
  await properties.getByLabel('名称').press('Enter');
  await expect(rooms(page)).toContainText('主卧');

  // The second save is one PUT carrying the delta, no scene file upload.
  const uploads: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/meta20/x/scene/upload?kind=scene')) uploads.push(req.url());
  });
  const put = page.waitForRequest((req) => req.method() === 'PUT' && new URL(req.url()).pathname === `/meta20/x/scene/${id}`);
  await save.click();
  const body = (await put).postDataJSON() as { baseVersion: number; delta?: { format: string; base: string }; file?: string };
  expect(body.baseVersion).toBe(1);
  expect(body.file).toBeUndefined();
  expect(body.delta).toMatchObject({ format: 'yfang-scene-delta' });
  await expect(page.getByText('保存成功')).toBeVisible();
  expect(uploads).toEqual([]);

  // A fresh page loads version 2 from its file address (written from the delta on this first read).
  const file = page.waitForResponse((res) => res.url().includes('/files/scenes/') && res.request().method() === 'GET');
  await page.goto(`/?sceneId=${id}`);
  expect((await file).status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(`^${name}`));
  await expect(rooms(page)).toContainText('主卧');
  await expect(page.getByText('有未保存的修改')).toHaveCount(0);
});
