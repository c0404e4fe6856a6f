import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { makePanorama, pickPanoramaPoint, saveNew } from './support/scheme';
import { openWorkspace } from './support/workspace';

// Issue 20, cloud rendering: a designer with cloudRender saves a scheme, opens 渲染, sees the
// coupons left per resolution and mode, submits a 540P still, watches the job go through its
// states to done, opens the picture full size, and finds it in the scene's album; the coupon count
// went down by one. The server renders with RENDERER_MODULE (playwright.config.ts: the test
// renderer by default; E2E_RENDERER_MODULE= with nothing after it runs the real path tracer, whose
// 540P takes longer, hence the long wait). One account has one live session: this spec alone
// signs in as deson/admin. Then the album (更多 → 图册) with real data: the still and a panorama of
// the room, newest first, both downloaded as one zip and read back, and the still deleted there.
// Last a high-quality panorama of the room made as a render job (生成全景 → 云渲染).

const WHO = { project: 'deson', account: 'admin', password: 'Admin@2026' } as const;
const SHOTS = process.env.RENDER_SHOTS_DIR ?? '';

async function shot(target: Page | Locator, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('render a 540P still, see it in the album beside a panorama, download both as a zip, delete it', async ({ page }) => {
  test.setTimeout(600_000);
  const canvas = await openWorkspace(page, WHO);
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
    retdata: { id: string; kind: string; url: string; thumbUrl: string; width: number; height: number; label: string }[];
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
  await dialog.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(dialog).toBeHidden();

  // a panorama of the room, its point picked on the plan
  await canvas.focus();
  await page.keyboard.press('Control+2');
  await page.waitForTimeout(1500);
  const pano = await makePanorama(page, 0.5, 0.5);

  // the album: the panorama (newer) before the still, each a 100 x 100 thumbnail
  const renderId = album.retdata[0]!.id;
  await page.getByRole('banner').getByRole('button', { name: '更多', exact: true }).click();
  await page.getByRole('menuitem', { name: '图册' }).click();
  const albumDialog = page.getByRole('dialog', { name: '图册' });
  const items = albumDialog.getByTestId('album-item');
  await expect(items).toHaveCount(2);
  expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual([pano.id, renderId]);
  await expect.poll(() => items.locator('img').evaluateAll((els) => els.map((e) => (e as HTMLImageElement).naturalWidth))).toEqual([100, 100]);
  await shot(albumDialog, 'album-real');

  // both downloaded as one zip: 1.jpg the panorama, 2.jpg the still, byte for byte what the server serves
  await items.nth(0).getByRole('checkbox').check();
  await items.nth(1).getByRole('checkbox').check();
  const zipped = page.waitForEvent('download');
  await albumDialog.getByRole('button', { name: '下载 (2)' }).click();
  const files = unzipSync(new Uint8Array(fs.readFileSync((await (await zipped).path())!)));
  expect(Object.keys(files).sort()).toEqual(['1.jpg', '2.jpg']);
  const served = async (url: string) => Buffer.from(await (await page.request.get(url)).body());
  expect(Buffer.from(files['1.jpg']!).equals(await served(`/api/panos/${pano.id}/image`))).toBe(true);
  expect(Buffer.from(files['2.jpg']!).equals(await served(album.retdata[0]!.url))).toBe(true);

  // the still deleted from the album: gone from the list, the job and its picture too
  await items.nth(1).hover();
  await items.nth(1).getByRole('button', { name: /^删除/ }).click();
  await page.getByRole('alertdialog', { name: '删除图片' }).getByRole('button', { name: '删除' }).click();
  await expect(items).toHaveCount(1);
  const after = (await (await page.request.get(`/api/render/album?sceneId=${sceneId}`, { headers: auth })).json()) as { retdata: unknown[] };
  expect(after.retdata).toHaveLength(0);
  expect((await page.request.get(album.retdata[0]!.url)).status()).toBe(404);
  await albumDialog.getByRole('button', { name: '关闭对话框' }).click();
  await expect(albumDialog).toBeHidden();

  // a high-quality panorama of the same point as a render job: a 1080P coupon for 2K, the dialog
  // follows the job to the stored panorama, 2048 x 1024 as the renderer made it
  const panoDialog = await pickPanoramaPoint(page, 0.5, 0.5);
  await panoDialog.getByTestId('pano-cloud-choice').check();
  await expect(panoDialog.getByText('将消耗 1 张 1080P 立即渲染券（剩余 2 张）')).toBeVisible();
  await shot(panoDialog, 'pano-cloud-setup');
  await panoDialog.getByTestId('pano-make').click();
  await expect(panoDialog.getByTestId('pano-cloud')).toBeVisible();
  const cloudResult = panoDialog.getByTestId('pano-result');
  await expect(cloudResult).toBeVisible({ timeout: 540_000 });
  const cloudPanoId = (await cloudResult.getAttribute('data-pano-id'))!;
  expect(cloudPanoId).not.toBe(pano.id);
  const size = await page.evaluate(async (url) => {
    const bitmap = await createImageBitmap(await (await fetch(url)).blob());
    return [bitmap.width, bitmap.height];
  }, `/api/panos/${cloudPanoId}/image`);
  expect(size).toEqual([2048, 1024]);
  await shot(panoDialog, 'pano-cloud-done');
  await panoDialog.getByRole('button', { name: '关闭对话框' }).click();
  // the job in 渲染's list under its panorama's name; the panorama in the album, not as a still
  await renderButton.click();
  const panoJob = dialog.getByTestId('render-job').first();
  await expect(panoJob).toContainText('全景 2K');
  await expect(panoJob).toContainText('已完成');
  await expect(dialog.locator('[data-resolution="1080P"]')).toContainText('剩 1 张');
  await shot(dialog, 'render-dialog-pano-job');
  const albumNow = (await (await page.request.get(`/api/render/album?sceneId=${sceneId}`, { headers: auth })).json()) as { retdata: unknown[] };
  expect(albumNow.retdata).toHaveLength(0);
  const panosNow = (await (await page.request.get(`/api/panos?sceneId=${sceneId}`, { headers: auth })).json()) as { retdata: { id: string }[] };
  expect(panosNow.retdata.map((p) => p.id)).toEqual([pano.id, cloudPanoId]);
});
