import { expect, test, type Locator, type Page } from '@playwright/test';

/** Saves the open scheme under a new name through 保存 and waits for 保存成功. */
export async function saveNew(page: Page, name: string, timeout = 30_000): Promise<void> {
  const save = page.getByRole('banner').getByRole('button', { name: '保存', exact: true });
  await expect(save).toBeEnabled({ timeout: 30_000 });
  await save.click();
  const dialog = page.getByRole('dialog', { name: '保存方案' });
  await dialog.getByLabel('方案名称').fill(name);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible({ timeout });
  await expect(dialog).toBeHidden();
}

/** Opens 生成全景, picks the point at (fx, fy) of the view and chooses 2K; returns the dialog. */
export async function pickPanoramaPoint(page: Page, fx: number, fy: number): Promise<Locator> {
  await page.getByTestId('pano-open').click();
  const dialog = page.getByRole('dialog', { name: '生成全景' });
  await expect(dialog.getByTestId('pano-make')).toBeDisabled();
  await dialog.getByTestId('pano-pick').click();
  const layer = page.getByTestId('pano-pick-layer');
  const box = (await layer.boundingBox())!;
  await layer.click({ position: { x: box.width * fx, y: box.height * fy } });
  await expect(dialog.getByText(/房间内的点：/)).toBeVisible();
  await dialog.getByRole('button', { name: '2K', exact: true }).click();
  return dialog;
}

/**
 * Opens 生成全景, picks the point at (fx, fy) of the view (the plan view: a click lands where it
 * shows), makes a 2K panorama and shares it; returns its id and share code.
 */
export async function makePanorama(page: Page, fx: number, fy: number): Promise<{ id: string; code: string }> {
  const dialog = await pickPanoramaPoint(page, fx, fy);
  const started = Date.now();
  await dialog.getByTestId('pano-make').click();
  const result = dialog.getByTestId('pano-result');
  await expect(result).toBeVisible({ timeout: 120_000 });
  test.info().annotations.push({ type: '2K panorama made and stored (ms)', description: String(Date.now() - started) });
  const id = (await result.getAttribute('data-pano-id'))!;
  await expect(dialog.getByRole('img', { name: '全景图缩略图' })).toBeVisible();
  await dialog.getByRole('button', { name: '分享', exact: true }).click();
  const link = dialog.getByTestId('pano-share-link');
  await expect(link).toHaveValue(/\/pano\?code=[A-Z2-9]{10}$/);
  await expect(dialog.getByTestId('pano-qr')).toBeVisible();
  const code = (await link.inputValue()).split('code=')[1]!;
  await dialog.getByRole('button', { name: '关闭对话框' }).click();
  await expect(dialog).toBeHidden();
  return { id, code };
}
