import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillLogin } from './support/login';

// core.md §4 离线备份, the third tier: with the network gone, a timed backup and a save both fail,
// and both leave the work in the browser (IndexedDB). Reopened with the network back, the scene
// offers the newer copy (发现未保存的离线备份); 忽略 keeps it in 历史版本 → 离线备份, where 恢复
// brings the edit back. A scene never saved has no server backups: its timed backup is the
// browser's copy, offered at the next start. An account no other spec signs in with (fdm20cs/agent).

const AGENT = { project: 'fdm20cs', account: 'agent', password: 'Agent@2026' } as const;
const SHOTS = '/tmp/shots/offline';

function topBarButton(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name, exact: true });
}

/** An image that has loaded and has pixels (a preview, not the placeholder). */
async function expectPicture(img: Locator): Promise<void> {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

/** The kinds of the copies in this browser's IndexedDB (all scenes), oldest first. */
function storedKinds(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('yfang-offline-backups');
        // Not there yet: this look must not create it (the app creates it with its store).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('copies').objectStore('copies').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { kind: string }[]).map((c) => c.kind));
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

function rooms(page: Page) {
  return page.getByRole('complementary', { name: '设计面板' }).getByRole('region', { name: /^房间/ }).getByRole('listitem');
}

async function setRoomType(page: Page, type: string): Promise<void> {
  await rooms(page).first().getByRole('combobox', { name: '房间类型' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await expect(rooms(page).first()).toContainText(type);
}

test('work done without a network is kept in the browser and offered when the scene opens again', async ({ page }) => {
  // Two loads of the workspace, two saves and three backups: more than one page's worth of work.
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.clock.install();
  await page.goto(`/${AGENT.project}/login`);
  await fillLogin(page, { account: AGENT.account, password: AGENT.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');

  const save = topBarButton(page, '保存');
  await expect(save).toBeEnabled({ timeout: 30_000 });
  await save.click();
  const dialog = page.getByRole('dialog', { name: '保存方案' });
  await dialog.getByLabel('方案名称').fill(`离线方案 ${Date.now()}`);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/[?&]sceneId=\d+/);
  const sceneUrl = page.url();

  // The network goes: nothing reaches the API any more.
  await page.route('**/meta20/**', (route) => route.abort('internetdisconnected'));
  await setRoomType(page, '书房');
  // core.md §9: the first timed backup runs after 300000 ms; it cannot reach the server.
  await page.clock.fastForward(300_000);
  await expect(page.getByText('定时备份失败，请立即保存场景')).toBeVisible();

  await setRoomType(page, '餐厅');
  await topBarButton(page, '保存').click();
  await expect(page.getByText('无法连接服务器，当前方案已备份在本浏览器中，请在网络恢复后保存')).toBeVisible();

  // The network is back; the tab is reloaded (as after closing it): the server has the first save.
  await page.unroute('**/meta20/**');
  await page.goto(sceneUrl);
  const offer = page.getByRole('dialog', { name: '发现未保存的离线备份' });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(offer).toContainText('比服务器上保存的方案更新');
  await expectPicture(offer.locator('img'));
  await page.screenshot({ path: `${SHOTS}/offer.png` });
  // 忽略: not restored, still listed.
  await offer.getByRole('button', { name: '忽略' }).click();
  await expect(offer).toBeHidden();
  await expect(rooms(page).first()).not.toContainText('餐厅');

  await topBarButton(page, '历史版本').click();
  const history = page.getByRole('dialog', { name: '恢复历史版本' });
  await history.getByRole('tab', { name: '离线备份' }).click();
  const copies = history.getByRole('radiogroup', { name: '离线备份' }).getByRole('radio');
  await expect(copies).toHaveCount(2);
  await expect(copies.nth(0)).toContainText('保存未成功');
  await expect(copies.nth(1)).toContainText('备份未成功');
  await expect(copies.nth(0)).toContainText('基于第 1 版');
  await history.getByRole('button', { name: '恢复', exact: true }).click();
  await expect(page.getByText('请选择一条记录进行恢复')).toBeVisible();
  await expectPicture(copies.nth(0).locator('img'));
  await expectPicture(copies.nth(1).locator('img'));
  await copies.nth(0).click();
  await page.screenshot({ path: `${SHOTS}/restore-offline-tab.png` });
  await history.getByRole('button', { name: '恢复', exact: true }).click();
  await expect(history).toBeHidden();
  await expect(page.getByText('已恢复离线备份，请保存方案')).toBeVisible();
  await expect(rooms(page).first()).toContainText('餐厅');

  // With the network back, the timed backup reaches the server, and (backupMode 1, the default)
  // carries the scene's preview into 定时备份.
  await page.clock.fastForward(300_000);
  await expect(page.getByText('场景已自动备份')).toBeVisible();
  await topBarButton(page, '历史版本').click();
  await history.getByRole('tab', { name: '定时备份' }).click();
  const backups = history.getByRole('radiogroup', { name: '定时备份' }).getByRole('radio');
  await expect(backups).toHaveCount(1);
  await expectPicture(backups.first().locator('img'));
  await page.screenshot({ path: `${SHOTS}/restore-backup-tab.png` });
  await history.getByRole('button', { name: '取消' }).click();

  // Restored work is unsaved until saved; the save is a normal update of the same scene.
  await topBarButton(page, '保存').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page).toHaveURL(sceneUrl);
});

test('a scene never saved is kept in the browser by the timed backup and offered at the next start', async ({ page }) => {
  await page.clock.install();
  await page.goto(`/${AGENT.project}/login`);
  await fillLogin(page, { account: AGENT.account, password: AGENT.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(topBarButton(page, '保存')).toBeEnabled({ timeout: 30_000 });
  await expect(page).toHaveTitle(/^未保存方案/);
  await setRoomType(page, '卫生间');
  // No scene id, so no server backup: the timed backup keeps the work in the browser only.
  const backup = page.waitForRequest((req) => req.url().includes('/store-scene-backup'), { timeout: 2_000 }).catch(() => null);
  await page.clock.fastForward(300_000);
  expect(await backup).toBeNull();
  // Written by the timed backup itself (not only by leaving the page below).
  await expect.poll(() => storedKinds(page)).toEqual(['timed']);

  await page.goto('/');
  const offer = page.getByRole('dialog', { name: '发现未保存的离线备份' });
  await expect(offer).toContainText('未保存方案的离线备份', { timeout: 30_000 });
  await offer.getByRole('button', { name: '恢复' }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByText('已恢复离线备份，请保存方案')).toBeVisible();
  await expect(rooms(page).first()).toContainText('卫生间');
  await expect(page).toHaveTitle(/^未保存方案/);

  // With no server history, 历史版本 shows this browser's copies only (the restored one stays listed).
  await topBarButton(page, '历史版本').click();
  const history = page.getByRole('dialog', { name: '恢复历史版本' });
  await expect(history.getByRole('tab')).toHaveText(['离线备份']);
  await expect(history.getByRole('radiogroup', { name: '离线备份' }).getByRole('radio')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/restore-unsaved-scene.png` });
  await history.getByRole('button', { name: '取消' }).click();
  await expect(history).toBeHidden();
});
