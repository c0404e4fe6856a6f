import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { settled } from './support/canvas';
import { differingFraction } from './support/pixels';
import { openWorkspace } from './support/workspace';

// Furnishing by drag and drop (issue 13): a sofa dragged from the Product panel into the room in
// the 3D view and a bed into the plan, both seen in both views; a dining chair dropped, copied
// and pasted (Ctrl+C, Ctrl+V); then one undo per step takes each away again. One account has one
// live session, so this spec signs in with an account no other spec uses. It saves the furnished
// room under test-results/furnish/ to look at.

const ACCOUNT = { project: 'BCLS', account: 'custmgr', password: 'Custom@2026' } as const;
const SHOTS = path.join('test-results', 'furnish');

function productPanel(page: Page): Locator {
  return page.getByRole('complementary', { name: '产品' });
}

/** Searches the catalogue; the first card found, once every card shown is one whose name has `named` in it. */
async function search(panel: Locator, words: string, named: string): Promise<Locator> {
  await panel.getByRole('searchbox', { name: '搜索产品' }).fill(words);
  await panel.getByRole('button', { name: '搜索', exact: true }).click();
  const cards = panel.getByRole('list', { name: '产品' }).getByRole('listitem');
  await expect(async () => {
    const names = await cards.locator('.tp-card__name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain(named);
  }).toPass();
  return cards.first();
}

/** Drags a card onto the canvas point (CSS px from its top-left corner): Chromium's own HTML5 drag and drop. */
async function dropCard(card: Locator, canvas: Locator, at: { x: number; y: number }): Promise<string> {
  const name = (await card.locator('.tp-card__name').textContent()) ?? '';
  await card.locator('.tp-card__lay').dragTo(canvas, { targetPosition: at });
  return name;
}

test('drag a sofa into the 3D view and a bed into the plan, copy and paste a chair, undo each step', async ({ page }) => {
  // Software GL draws each settled picture slowly; four placements, two views and four undos.
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const canvas = await openWorkspace(page, ACCOUNT);
  const bare3d = await settled(canvas);
  const box = (await canvas.boundingBox())!;

  const rail = page.getByRole('navigation', { name: '主菜单' });
  await rail.getByRole('button', { name: '产品' }).click();
  const panel = productPanel(page);
  await expect(panel).toHaveAttribute('data-models', '0');

  // A drop beside the house changes nothing and says why.
  const sofaCard = await search(panel, '三人沙发', '三人沙发');
  await dropCard(sofaCard, canvas, { x: 12, y: 12 });
  await expect(page.getByText('请将产品拖放到房间内')).toBeVisible();
  await expect(panel).toHaveAttribute('data-models', '0');

  // The sofa dragged onto the room's floor in the 3D (bird eye) view, right of the middle where
  // the floor shows over the front wall.
  const sofaName = await dropCard(sofaCard, canvas, { x: box.width * 0.66, y: box.height * 0.48 });
  await expect(page.getByText(`已放置：${sofaName}`)).toBeVisible();
  await expect(panel).toHaveAttribute('data-models', '1');
  await expect(panel.getByTestId('model-properties')).toContainText(sofaName);
  // A click on the sky drops the selection tint before the picture is compared.
  await canvas.click({ position: { x: 20, y: 20 } });
  const sofa3d = await settled(canvas, (img) => expect(differingFraction(bare3d, img), 'the sofa shows in 3D').toBeGreaterThan(0.01));

  // The plan (Ctrl+2): the sofa's symbol is there; the bed dragged into the plan beside it.
  await canvas.focus();
  await page.keyboard.press('Control+2');
  const sofaPlan = await settled(canvas);
  await canvas.screenshot({ path: path.join(SHOTS, 'plan-sofa.png') });
  const bedCard = await search(panel, '软包床', '软包床');
  // Dragged by hand with a pause over the plan: the footprint where it would land shows first.
  const bedName = (await bedCard.locator('.tp-card__name').textContent()) ?? '';
  await bedCard.locator('.tp-card__lay').hover();
  await page.mouse.down();
  const target = { x: box.x + box.width * 0.25, y: box.y + box.height * 0.3 };
  await page.mouse.move(target.x - 40, target.y, { steps: 6 });
  await page.mouse.move(target.x, target.y, { steps: 4 });
  await settled(canvas, (img) => expect(differingFraction(sofaPlan, img), 'the footprint shows while dragging').toBeGreaterThan(0.005));
  await canvas.screenshot({ path: path.join(SHOTS, 'plan-drag-preview.png') });
  await page.mouse.up();
  await expect(page.getByText(`已放置：${bedName}`)).toBeVisible();
  await expect(panel).toHaveAttribute('data-models', '2');
  await canvas.click({ position: { x: 20, y: 20 } });
  const bothPlan = await settled(canvas, (img) => expect(differingFraction(sofaPlan, img), 'the bed shows in the plan').toBeGreaterThan(0.005));
  await canvas.screenshot({ path: path.join(SHOTS, 'plan-sofa-bed.png') });

  // Back in 3D (Ctrl+0) the bed shows beside the sofa.
  await canvas.focus();
  await page.keyboard.press('Control+0');
  await settled(canvas, (img) => expect(differingFraction(sofa3d, img), 'the bed shows in 3D').toBeGreaterThan(0.005));
  await canvas.screenshot({ path: path.join(SHOTS, 'room-3d.png') });

  // A dining chair dropped in the plan, then copied and pasted: a second chair beside it, selected.
  await canvas.focus();
  await page.keyboard.press('Control+2');
  await settled(canvas);
  const chairCard = await search(panel, '餐椅', '椅');
  const chairName = await dropCard(chairCard, canvas, { x: box.width * 0.72, y: box.height * 0.7 });
  await expect(page.getByText(`已放置：${chairName}`)).toBeVisible();
  await expect(panel).toHaveAttribute('data-models', '3');
  const oneChair = await settled(canvas);
  await canvas.focus();
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(panel).toHaveAttribute('data-models', '4');
  await expect(panel.getByTestId('model-properties')).toContainText(chairName);
  await settled(canvas, (img) => expect(differingFraction(oneChair, img), 'the pasted chair shows').toBeGreaterThan(0.001));
  await canvas.screenshot({ path: path.join(SHOTS, 'plan-furnished.png') });

  // One undo per step: the paste, the chair, the bed, the sofa.
  await canvas.focus();
  for (const left of ['3', '2', '1', '0']) {
    await page.keyboard.press('Control+z');
    // The keys stay with the view: the search box's text is not undone as well.
    await expect(canvas).toBeFocused();
    await expect(panel).toHaveAttribute('data-models', left);
  }
  await canvas.click({ position: { x: 20, y: 20 } });
  await settled(canvas, (img) => {
    expect(differingFraction(bothPlan, img), 'the bed is gone from the plan').toBeGreaterThan(0.005);
    expect(differingFraction(sofaPlan, img), 'the sofa is gone from the plan').toBeGreaterThan(0.002);
  });
});
