import fs from 'node:fs';
import path from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import { expect, test, type Page } from '@playwright/test';
import { fillLogin } from './support/login';
import { settled, shoot, view } from './support/canvas';
import { differingFraction, fractionWhere } from './support/pixels';
import { isWallColour } from './support/scene-colours';

// Uploading one's own model in the Product panel's 个人库: a real GLB (the Khronos BoxTextured
// sample, written as GLB) goes up with a progress bar, its card appears with the cover the
// server drew from it (the textured cube), and a click places it in the room (the model count
// grows and the 3D view changes). A file that is no model is refused with the server's message,
// shown in the panel. One account has one live session, so this spec signs in with an account
// no other spec uses. Shots of the panel are saved under test-results/model-upload/ to look at.

const ACCOUNT = { project: 'BCLS', account: 'admin', password: 'Admin@2026' } as const;
const SHOTS = path.join('test-results', 'model-upload');

async function boxTexturedGlb(): Promise<Buffer> {
  const io = new NodeIO();
  const json = JSON.parse(fs.readFileSync(path.join('tests', 'fixtures', 'gltf', 'BoxTextured.gltf'), 'utf8')) as never;
  const doc: Document = await io.readJSON({ json, resources: {} });
  return Buffer.from(await io.writeBinary(doc));
}

async function signedIn(page: Page) {
  await page.goto(`/${ACCOUNT.project}/login`);
  await fillLogin(page, { account: ACCOUNT.account, password: ACCOUNT.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

test('upload a GLB to 个人库, see its card and cover, place it; a bad file is refused with its message', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await signedIn(page);
  const canvas = view(page);
  await expect(async () => {
    expect(fractionWhere(await shoot(canvas), isWallColour)).toBeGreaterThan(0.05);
  }).toPass({ timeout: 45_000, intervals: [250, 500, 1000] });
  const bare = await settled(canvas);

  const rail = page.getByRole('navigation', { name: '主菜单' });
  await rail.getByRole('button', { name: '产品' }).click();
  const panel = page.getByRole('complementary', { name: '产品' });
  await expect(panel).toBeVisible();
  await panel.getByRole('group', { name: '产品库' }).getByRole('button', { name: '个人库' }).click();
  await expect(panel.getByText('个人库还没有模型，点击“上传模型”添加')).toBeVisible();
  const bar = panel.getByRole('region', { name: '上传模型' });
  await expect(bar.getByRole('button', { name: '上传模型' })).toBeVisible();

  // A bad file: the server's refusal stays in the panel until dismissed; nothing is added.
  const input = bar.getByTestId('model-upload-input');
  await input.setInputFiles({ name: 'chair.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from('this is not a model') });
  const refusal = bar.getByRole('alert');
  await expect(refusal).toContainText('不支持的模型文件：chair.glb');
  await panel.screenshot({ path: path.join(SHOTS, 'refused.png') });
  await refusal.getByRole('button', { name: '关闭提示' }).click();
  await expect(refusal).toHaveCount(0);

  // The real GLB: its card appears in 个人库 with the drawn cover.
  await input.setInputFiles({ name: 'Textured box.glb', mimeType: 'model/gltf-binary', buffer: await boxTexturedGlb() });
  await expect(page.getByText('已上传：Textured box')).toBeVisible({ timeout: 30_000 });
  const cards = panel.getByRole('list', { name: '产品' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.locator('.tp-card__name')).toHaveText('Textured box');
  await expect(card.locator('.tp-card__meta').last()).toHaveText('1000×1000×1000 mm');
  const cover = card.locator('img');
  await expect(cover).toHaveAttribute('src', /^\/files\/catalogue\/private\/[0-9a-f]{32}\/models\/v1\/up-[0-9a-f]{16}\.png$/);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  await expect(card.getByRole('button', { name: '删除 Textured box' })).toBeVisible();
  await panel.screenshot({ path: path.join(SHOTS, 'uploaded.png') });

  // Placing it: the model count grows and the 3D view shows the cube.
  await card.getByRole('button', { name: '放置 Textured box' }).click();
  await expect(page.getByText('已放置：Textured box')).toBeVisible();
  await expect(panel).toHaveAttribute('data-models', '1');
  await settled(canvas, (img) => expect(differingFraction(bare, img), 'the box shows').toBeGreaterThan(0.005));
  await canvas.screenshot({ path: path.join(SHOTS, 'placed-3d.png') });

  // It is the user's own: not in the shared library nor the brand's. This account is a project
  // admin, so 品牌库 offers its upload bar too (a designer's does not: tests/server/model-upload).
  const libraries = panel.getByRole('group', { name: '产品库' });
  await libraries.getByRole('button', { name: '公共库' }).click();
  await expect(panel.getByRole('list', { name: '产品' }).locator('.tp-card__name', { hasText: 'Textured box' })).toHaveCount(0);
  await expect(panel.getByRole('region', { name: '上传模型' })).toHaveCount(0);
  await libraries.getByRole('button', { name: '品牌库' }).click();
  await expect(panel.getByRole('region', { name: '上传模型' })).toContainText('上传到品牌库，全项目可见');
  await expect(panel.getByRole('list', { name: '产品' }).locator('.tp-card__name', { hasText: 'Textured box' })).toHaveCount(0);
});
