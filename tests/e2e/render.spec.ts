import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import { openWorkspace } from './support/workspace';

// Issue 20, cloud rendering: a designer with cloudRender saves a scheme, opens 渲染, sees the
// coupons left per resolution and mode, submits a 540P still, watches the job go through its
// states to done, opens the picture full size, and finds it in the scene's album; the coupon count
// went down by one. The server renders with RENDERER_MODULE (playwright.config.ts: the test
// renderer by default; E2E_RENDERER_MODULE= with nothing after it runs the real path tracer, whose
// 540P takes longer, hence the long wait). One account has one live session: this spec alone
// signs in as deson/admin.

const WHO = { project: 'deson', account: 'admin', password: 'Admin@2026' } as const;
const SHOTS = process.env.RENDER_SHOTS_DIR ?? '';

async function shot(target: Page | Locator, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function saveNew(page: Page, name: string): Promise<void> {
  const save = page.getByRole('banner').getByRole('button', { name: '保存', exact: true });
  await expect(save).toBeEnabled({ timeout: 30_000 });
  await save.click();
  const dialog = page.getByRole('dialog', { name: '保存方案' });
  await dialog.getByLabel('方案名称').fill(name);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('render a 540P still of a saved scheme and see it in the album', async ({ page }) => {
  test.setTimeout(600_000);
  await openWorkspace(page, WHO);
  const renderButton = page.getByRole('navigation', { name: '主菜单' }).locator('[data-menu="Render"]');

  // A scheme never saved has nothing to render yet.
  await renderButton.click();
  await expect(page.getByText('请先保存场景')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '云渲染' })).toHaveCount(0);

  await saveNew(page, `渲染方案 ${Date.now()}`);
  const listed = page.waitForRequest((r) => r.url().includes('/api/render/jobs?sceneId='));
  await renderButton.click();
  const sceneId = new URL((await listed).url()).searchParams.get('sceneId');
  expect(sceneId).toMatch(/^\d+$/);
  const dialog = page.getByRole('dialog', { name: '云渲染' });
  await expect(dialog.getByText('还没有渲染任务', { exact: false })).toBeVisible();
  const r540 = dialog.locator('[data-resolution="540P"]');
  await expect(r540).toContainText('剩 5 张');
  // 720P leisure: the seed gives none, so it cannot be submitted
  await dialog.getByRole('radio', { name: /闲时渲染/ }).click();
  await dialog.locator('[data-resolution="720P"]').click();
  await expect(dialog.getByText('720P 闲时渲染券已用完')).toBeVisible();
  await expect(dialog.getByTestId('render-submit')).toBeDisabled();
  await shot(dialog, 'render-dialog-empty');

  await dialog.getByRole('radio', { name: /立即渲染/ }).click();
  await r540.click();
  await expect(dialog.getByText('将消耗 1 张 540P 立即渲染券（剩余 5 张）')).toBeVisible();
  await dialog.getByTestId('render-submit').click();
  await expect(page.getByText('渲染任务已提交')).toBeVisible();
  await expect(r540).toContainText('剩 4 张');
  const job = dialog.getByTestId('render-job').first();
  await expect(job).toHaveAttribute('data-state', /queued|rendering|done/);
  await shot(dialog, 'render-dialog-running');
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 540_000 });
  await expect(job).toContainText('已完成');
  const thumb = job.locator('img');
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(100);
  await shot(dialog, 'render-dialog-done');

  // full size
  await job.getByRole('button', { name: /查看大图/ }).click();
  const full = dialog.locator('figure img');
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(960);
  await shot(page, 'render-full');
  await dialog.getByRole('button', { name: '返回任务列表' }).click();

  // the scene's album lists it; its files are served to this user (the login cookie, as an <img> sends it)
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  const auth = { Authorization: `Bearer ${token}` };
  const album = (await (await page.request.get(`/api/render/album?sceneId=${sceneId}`, { headers: auth })).json()) as {
    retdata: { kind: string; url: string; thumbUrl: string; width: number; height: number; label: string }[];
  };
  expect(album.retdata).toHaveLength(1);
  expect(album.retdata[0]).toMatchObject({ kind: 'render', width: 960, height: 540, label: '540P' });
  const picture = await page.request.get(album.retdata[0]!.url);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/jpeg');
  // the profile's coupon count went down by one
  const profile = (await (await page.request.get('/account2/x/user/profile?include=member', { headers: auth })).json()) as {
    data: { member_info: { immediateRenderNum: number } };
  };
  expect(profile.data.member_info.immediateRenderNum).toBe(9);
});
