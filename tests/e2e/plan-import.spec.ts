import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { writeIfc, type IfcStoreySpec } from '../fixtures/ifc-writer';
import { settled, view } from './support/canvas';
import { fillLogin } from './support/login';

// Issue 18 in Chromium: 导入户型文件 in the 户型 panel reads a two-storey IFC4 file (written the
// way Revit writes one: millimetres, IfcWallStandardCase with axis and layers, doors and windows in
// openings that void their walls, named spaces) in the kernel worker with web-ifc's WASM, builds
// both storeys as one undo step, and sums up what it built; 撤销导入 takes it all away again.
// Its own account (fdm20cs/custmgr): one account has one live session. Pictures go to
// test-results/plan-import/.

const ACCOUNT = { project: 'fdm20cs', account: 'custmgr', password: 'Custom@2026' } as const;
const SHOTS = path.join('test-results', 'plan-import');

function flat(name: string, elevation: number): IfcStoreySpec {
  return {
    name,
    elevation,
    walls: [
      { start: { x: 0, y: 0 }, end: { x: 7000, y: 0 }, thickness: 240, height: 2800 },
      { start: { x: 7000, y: 0 }, end: { x: 7000, y: 5000 }, thickness: 240, height: 2800 },
      { start: { x: 7000, y: 5000 }, end: { x: 0, y: 5000 }, thickness: 240, height: 2800 },
      { start: { x: 0, y: 5000 }, end: { x: 0, y: 0 }, thickness: 240, height: 2800 },
      { start: { x: 4000, y: 0 }, end: { x: 4000, y: 5000 }, thickness: 120, height: 2800 },
    ],
    openings: [
      { wall: 4, type: 'door', offset: 1500, width: 900, height: 2100, sill: 0 },
      { wall: 0, type: 'window', offset: 2000, width: 1500, height: 1400, sill: 900 },
      { wall: 2, type: 'door', offset: 1500, width: 1000, height: 2100, sill: 0 },
    ],
    spaces: [
      { name: 'R1', longName: '客厅', outline: [{ x: 120, y: 120 }, { x: 3940, y: 120 }, { x: 3940, y: 4880 }, { x: 120, y: 4880 }], height: 2700 },
      { name: 'R2', longName: '主卧', outline: [{ x: 4060, y: 120 }, { x: 6880, y: 120 }, { x: 6880, y: 4880 }, { x: 4060, y: 4880 }], height: 2700 },
    ],
  };
}

function panel(page: Page): Locator {
  return page.getByRole('complementary', { name: '设计面板' });
}

function section(page: Page, title: RegExp): Locator {
  return panel(page).getByRole('region', { name: title });
}

test('import a two-storey IFC file, read its summary, and undo the import', async ({ page }) => {
  test.setTimeout(150_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.goto(`/${ACCOUNT.project}/login`);
  await fillLogin(page, { account: ACCOUNT.account, password: ACCOUNT.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const rooms = section(page, /^房间/).getByRole('listitem');
  await expect(rooms).toHaveCount(1, { timeout: 45_000 });

  // An empty storey takes the file's ground floor.
  const draw = section(page, /^绘制/);
  await draw.getByRole('button', { name: '清空' }).click();
  await page.getByRole('alertdialog', { name: /清空当前楼层/ }).getByRole('button', { name: '清空', exact: true }).click();
  await expect(rooms).toHaveCount(0);

  // A file that is not a plan is refused before anything is read.
  const input = page.getByLabel('户型文件');
  await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) });
  await expect(page.getByText('请选择 IFC（.ifc）或 Sweet Home 3D（.sh3d）户型文件')).toBeVisible();

  const ifc = writeIfc({ schema: 'IFC4', units: 'mm', style: 'revit', storeys: [flat('首层', 0), flat('二层', 3000)] });
  await input.setInputFiles({ name: 'duplex.ifc', mimeType: 'application/x-step', buffer: Buffer.from(ifc) });
  const summary = page.getByRole('dialog', { name: '户型已导入' });
  await expect(summary).toBeVisible({ timeout: 60_000 });
  const built = summary.getByRole('list', { name: '已导入' });
  await expect(built).toContainText('楼层：2');
  await expect(built).toContainText('门窗：6');
  await expect(built).toContainText('房间：4（其中 4 间带有文件中的名称）');
  await expect(summary).toContainText('文件中的墙体、门窗和房间已全部导入。');
  await page.screenshot({ path: path.join(SHOTS, 'summary.png') });
  await summary.getByRole('button', { name: '完成' }).click();

  // The ground floor's rooms carry the spaces' names; the second storey is there too.
  await expect(rooms).toHaveCount(2);
  await expect(rooms.filter({ hasText: '客厅' })).toHaveCount(1);
  await expect(rooms.filter({ hasText: '主卧' })).toHaveCount(1);
  const storeys = panel(page).getByRole('list', { name: '楼层列表' }).getByRole('listitem');
  await expect(storeys).toHaveCount(2);
  await expect(storeys.filter({ hasText: '二层' })).toHaveCount(1);
  await page.getByRole('button', { name: '2D', exact: true }).first().click();
  await settled(view(page));
  await page.screenshot({ path: path.join(SHOTS, 'plan.png') });

  // One undo step takes the whole import away.
  await page.getByRole('banner').getByRole('button', { name: '撤销' }).click();
  await expect(rooms).toHaveCount(0);
  await expect(storeys).toHaveCount(1);
});
