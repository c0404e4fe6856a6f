import { expect, type Page } from '@playwright/test';

// The login form as a user sees it. Accessible names are fixed by the issue, so the specs find
// fields the way a screen reader would (labels and roles), never by CSS class.

/** The demo account the server seeds on a fresh data folder. */
export const DEMO = { project: 'yfang', account: 'designer', password: 'Design@2026' } as const;

export const AGREEMENT_LABEL = '我已阅读并同意《平台用户协议》和《平台隐私政策》';

export interface LoginInput {
  readonly account: string;
  readonly password: string;
  readonly agree: boolean;
  readonly project?: string;
}

/** Picks the brand (project) when the form shows a selector that offers it. */
async function chooseProject(page: Page, project: string): Promise<void> {
  const selector = page.getByRole('combobox', { name: /项目|品牌|Project|Brand/i });
  if ((await selector.count()) === 0) return;
  const first = selector.first();
  const tag = await first.evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'select') {
    await first.selectOption(project);
    return;
  }
  await first.click();
  await page.getByRole('option', { name: new RegExp(`^${project}$|\\(${project}\\)|${project}`, 'i') }).first().click();
}

export async function fillLogin(page: Page, input: LoginInput): Promise<void> {
  if (input.project) await chooseProject(page, input.project);
  await page.getByLabel('账号', { exact: true }).fill(input.account);
  await page.getByLabel('密码', { exact: true }).fill(input.password);
  const agreement = page.getByRole('checkbox', { name: AGREEMENT_LABEL });
  if (input.agree) await agreement.check();
  else await agreement.uncheck();
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Logs in with the demo account from /login and waits for the workspace route. */
export async function loginAsDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, { ...DEMO, agree: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
}
