import { expect, type Locator, type Page } from '@playwright/test';
import { shoot, view } from './canvas';
import { fillLogin } from './login';
import { fractionWhere } from './pixels';
import { isWallColour } from './scene-colours';

export interface DemoAccount {
  readonly project: string;
  readonly account: string;
  readonly password: string;
}

/**
 * Signs `who` in on their project's login page and waits until the workspace's starting room is
 * drawn in the 3D view (software GL takes seconds on shared cores); returns the view's canvas.
 */
export async function openWorkspace(page: Page, who: DemoAccount): Promise<Locator> {
  await page.goto(`/${who.project}/login`);
  await fillLogin(page, { account: who.account, password: who.password, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const canvas = view(page);
  await expect(async () => {
    expect(fractionWhere(await shoot(canvas), isWallColour)).toBeGreaterThan(0.05);
  }).toPass({ timeout: 45_000, intervals: [250, 500, 1000] });
  return canvas;
}
