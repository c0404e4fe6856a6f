import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { parseHostMessage } from '../../protocol/embed';
import type { DemoLogEntry } from '../../scripts/embed-demo/page';

// Issue 19, docs/embedding.md: the demo partner page (scripts/embed-demo, started by
// playwright.config.ts on another port, so another origin, than the editor) frames the built
// editor and drives it through @yfang/embed. Every request and its answer, the events reaching the
// host, a third origin ignored, malformed and 1,000 random messages answered with errors and
// changing nothing, the frame resized, closed and opened again. One page for the whole file: the
// designer signs in once inside the frame. Its own account (yfang/reviewer), used by no other spec.

const ACCOUNT = { project: 'yfang', account: 'reviewer', password: 'Review@2026' } as const;
const EDITOR_PORT = Number(process.env.E2E_PORT ?? 8765);
const HOST_PORT = Number(process.env.E2E_EMBED_HOST_PORT ?? EDITOR_PORT + 10);
const EDITOR = `http://localhost:${EDITOR_PORT}`;
const HOST = `http://localhost:${HOST_PORT}`;
/** A third origin (and another site), on no allow-list: its pages are answered by page.route, no server needed. */
const STRANGER = `http://127.0.0.1:${HOST_PORT + 10}`;
const SHOTS = path.join('test-results', 'embedding');

const SOFA = 'yf-sofa-3-track-block-linen';
const TABLE = 'yf-coffee-table-1200-oak';
const PLANT = 'yf-plant-monstera';
const SAMPLE_ROOM_FILE = '/files/catalogue/model-rooms/yfang-01.scene.json';

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
const consoleLines: string[] = [];

function frame(): FrameLocator {
  return page.frameLocator('#frame-box iframe');
}

function canvas(): Locator {
  return frame().locator('canvas[aria-label="三维视图"]');
}

function productPanel(): Locator {
  return frame().getByRole('complementary', { name: '产品' });
}

/** The demo page's log entries from index `from` on. */
function entriesSince(from: number): Promise<DemoLogEntry[]> {
  return page.evaluate((n) => window.embedDemo!.log.slice(n), from);
}

function logLength(): Promise<number> {
  return page.evaluate(() => window.embedDemo!.log.length);
}

async function waitForEntry(from: number, match: (e: DemoLogEntry) => boolean, timeout = 30_000): Promise<DemoLogEntry> {
  let found: DemoLogEntry | undefined;
  await expect
    .poll(
      async () => {
        found = (await entriesSince(from)).find(match);
        return found !== undefined;
      },
      { timeout },
    )
    .toBe(true);
  return found!;
}

interface ResultBody {
  request: string;
  ok: boolean;
  data?: Record<string, unknown>;
  code?: string;
}

/** Clicks a demo button and answers the request's result as the host logged it. */
async function press(button: string, request: string, timeout = 30_000): Promise<ResultBody> {
  const from = await logLength();
  await page.locator(`#${button}`).click();
  const entry = await waitForEntry(from, (e) => e.kind === 'result' && (e.body as ResultBody).request === request, timeout);
  return entry.body as ResultBody;
}

async function fill(id: string, value: string): Promise<void> {
  await page.locator(`#${id}`).fill(value);
}

/** Posts raw messages from the host page to the editor's frame, with its exact origin. */
async function postRaw(messages: unknown[]): Promise<void> {
  await page.evaluate(
    ({ list, origin }) => {
      const target = window.embedDemo!.frame()!.contentWindow!;
      for (const message of list) target.postMessage(message, origin);
    },
    { list: messages, origin: EDITOR },
  );
}

async function expectModels(count: number): Promise<void> {
  await expect(productPanel()).toHaveAttribute('data-models', String(count), { timeout: 30_000 });
}

async function expectUnchanged(models: number): Promise<void> {
  await expectModels(models);
  await expect(frame().getByText('有未保存的修改')).toHaveCount(0);
}

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 1400, height: 1100 }, locale: 'zh-CN' });
  page = await context.newPage();
  page.on('console', (m) => consoleLines.push(`${m.type()} ${m.text()}`));
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await context?.close();
});

test('the partner page frames the editor from another origin; the designer signs in inside and ready reaches the host', async () => {
  test.setTimeout(120_000);
  // The editor's page of tenant yfang may be framed by the demo host, and only by it.
  const policy = (await page.request.get(`${EDITOR}/?project=yfang`)).headers()['content-security-policy'] ?? '';
  expect(policy).toContain(`frame-ancestors 'self' ${HOST}`);

  await page.goto(`${HOST}/`);
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'waiting');
  const f = frame();
  await f.getByLabel('账号', { exact: true }).fill(ACCOUNT.account);
  await f.getByLabel('密码', { exact: true }).fill(ACCOUNT.password);
  await f.getByRole('checkbox', { name: '我已阅读并同意《平台用户协议》和《平台隐私政策》' }).check();
  await f.getByRole('button', { name: '登录', exact: true }).click();
  await expect(canvas()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const ready = (await entriesSince(0)).find((e) => e.kind === 'ready');
  expect(ready?.body).toEqual({ version: 1, capabilities: ['close', 'insertItems', 'quickRoom', 'cloneItem', 'loadScene', 'closeWindow'] });

  // Inside a frame the login cookie is SameSite=None; Secure (and partitioned).
  const token = (await context.cookies(EDITOR)).find((c) => c.name === 'token');
  expect(token, 'the framed login cookie').toBeDefined();
  expect(token!.sameSite).toBe('None');
  expect(token!.secure).toBe(true);
  const rail = frame().getByRole('navigation', { name: '主菜单' });
  await rail.getByRole('button', { name: '产品' }).click();
  await expectModels(0);
});

test('a page of an origin not on the allow-list cannot frame the editor', async () => {
  const other = await context.newPage();
  try {
    await other.route(`${STRANGER}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><iframe src="${EDITOR}/?project=yfang" width="800" height="600"></iframe>` }),
    );
    await other.goto(`${STRANGER}/framer`);
    await other.waitForLoadState('load');
    await other.waitForTimeout(1000);
    await expect(other.frameLocator('iframe').getByRole('button', { name: '登录', exact: true })).toHaveCount(0);
    const framed = other.frames().find((fr) => fr !== other.mainFrame());
    expect(framed?.url() ?? '').not.toContain('/login');
  } finally {
    await other.close();
  }
});

let insertedIds: string[] = [];

test('quick room, insert by id at a point and where the designer clicks, clone: each answered, inserted, cloned and selectionChanged reach the host', async () => {
  test.setTimeout(120_000);
  const room = await press('quick-room', 'quickRoom');
  expect(room.ok).toBe(true);
  expect(typeof room.data?.roomId).toBe('string');
  expect(room.data?.wallIds).toHaveLength(4);
  await expectModels(0);

  await fill('model-ids', `${SOFA}, ${TABLE}`);
  await fill('model-copies', '1');
  await fill('at-x', '3000');
  await fill('at-y', '2500');
  const from = await logLength();
  const inserted = await press('insert-at', 'insertItems');
  expect(inserted.ok).toBe(true);
  insertedIds = inserted.data?.ids as string[];
  expect(insertedIds).toHaveLength(2);
  const event = await waitForEntry(from, (e) => e.kind === 'inserted');
  expect((event.body as { ids: string[] }).ids).toEqual(insertedIds);
  const selection = await waitForEntry(from, (e) => e.kind === 'selectionChanged' && (e.body as { ids: string[] }).ids.length === 2);
  expect((selection.body as { ids: string[] }).ids).toEqual(insertedIds);
  await expectModels(2);

  // At a click: nothing lands until the designer clicks in the view.
  await fill('model-ids', PLANT);
  const beforeClick = await logLength();
  await page.locator('#insert-click').click();
  await expect(frame().getByText(/请在视图中点击放置/)).toBeVisible();
  expect((await entriesSince(beforeClick)).some((e) => e.kind === 'result')).toBe(false);
  const box = (await canvas().boundingBox())!;
  await canvas().click({ position: { x: box.width * 0.45, y: box.height * 0.55 } });
  const clicked = await waitForEntry(beforeClick, (e) => e.kind === 'result');
  expect(clicked.body).toMatchObject({ request: 'insertItems', ok: true });
  expect((clicked.body as ResultBody).data?.ids).toHaveLength(1);
  await expectModels(3);

  // Clone the selection (the plant just placed), then the sofa by its record id.
  const cloneFrom = await logLength();
  const cloned = await press('clone', 'cloneItem');
  expect(cloned.ok).toBe(true);
  const clonedEvent = await waitForEntry(cloneFrom, (e) => e.kind === 'cloned');
  expect((clonedEvent.body as { ids: string[] }).ids).toEqual(cloned.data?.ids);
  await expectModels(4);
  await fill('clone-id', insertedIds[0]!);
  expect((await press('clone', 'cloneItem')).ok).toBe(true);
  await expectModels(5);
  await fill('clone-id', 'no-such-model');
  expect(await press('clone', 'cloneItem')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  await fill('clone-id', '');
  await expectModels(5);
  await page.screenshot({ path: path.join(SHOTS, 'host-page.png') });
});

let savedId = 0;
let savedName = '';

test('saved reaches the host; close, load by scene id and by file address are answered', async () => {
  test.setTimeout(150_000);
  const from = await logLength();
  const save = frame().getByRole('banner').getByRole('button', { name: '保存', exact: true });
  await save.click();
  const dialog = frame().getByRole('dialog', { name: '保存方案' });
  savedName = `嵌入方案 ${Date.now()}`;
  await dialog.getByLabel('方案名称').fill(savedName);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  const saved = await waitForEntry(from, (e) => e.kind === 'saved');
  savedId = (saved.body as { sceneId: number }).sceneId;
  expect(saved.body).toMatchObject({ name: savedName });
  expect(savedId).toBeGreaterThan(0);

  expect(await press('close', 'close')).toMatchObject({ ok: true, data: { closed: true } });
  await expect(frame().getByTestId('scene-title')).toHaveText('未保存方案');
  await expectModels(0);

  await fill('scene-id', String(savedId));
  expect(await press('load-id', 'loadScene', 60_000)).toMatchObject({ ok: true, data: { sceneId: savedId } });
  await expect(frame().getByTestId('scene-title')).toContainText(savedName);
  await expectModels(5);

  await fill('scene-url', SAMPLE_ROOM_FILE);
  expect(await press('load-url', 'loadScene', 60_000)).toMatchObject({ ok: true, data: { sceneId: null } });
  await expect(frame().getByTestId('scene-title')).toHaveText('未保存方案');
  await expect(productPanel()).not.toHaveAttribute('data-models', '0', { timeout: 30_000 });

  // A scheme of nobody's: refused, the scene stays.
  await fill('scene-id', '999999999');
  expect(await press('load-id', 'loadScene', 60_000)).toMatchObject({ ok: false, code: 'NOT_FOUND' });

  // Back to the saved scheme for the checks below: saved, so any change shows as unsaved.
  await fill('scene-id', String(savedId));
  expect(await press('load-id', 'loadScene', 60_000)).toMatchObject({ ok: true });
  await expect(frame().getByTestId('scene-title')).toContainText(savedName);
  await expectUnchanged(5);
});

test('a message from a third origin is ignored and logged; nothing changes and the host hears nothing', async () => {
  const from = await logLength();
  await page.route(`${STRANGER}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><body><script>
        const editor = parent.frames[0];
        for (const m of [{ v: 1, type: 'quickRoom', requestId: 'stranger-1' }, { v: 1, type: 'close', requestId: 'stranger-2' }]) {
          editor.postMessage(m, ${JSON.stringify(EDITOR)});
        }
        document.body.textContent = 'sent';
      </script>`,
    }),
  );
  await page.evaluate((src) => {
    const intruder = document.createElement('iframe');
    intruder.id = 'stranger';
    intruder.src = src;
    document.body.append(intruder);
  }, `${STRANGER}/ad`);
  await expect(page.frameLocator('#stranger').locator('body')).toHaveText('sent');
  await expect.poll(() => consoleLines.filter((l) => l.includes('[embed] message ignored') && l.includes(STRANGER)).length).toBeGreaterThanOrEqual(2);
  await page.waitForTimeout(1000);
  expect(await entriesSince(from)).toEqual([]);
  await expectUnchanged(5);
  await expect(frame().getByTestId('scene-title')).toContainText(savedName);
  await page.evaluate(() => document.getElementById('stranger')?.remove());
});

test('malformed messages are answered with an error event naming why, and change nothing', async () => {
  const bad: [unknown, string, string | undefined][] = [
    ['hello', 'BAD_MESSAGE', undefined],
    [42, 'BAD_MESSAGE', undefined],
    [null, 'BAD_MESSAGE', undefined],
    [[{ v: 1, type: 'quickRoom' }], 'BAD_MESSAGE', undefined],
    [{}, 'UNSUPPORTED_VERSION', undefined],
    [{ v: 2, type: 'quickRoom', requestId: 'm1' }, 'UNSUPPORTED_VERSION', 'm1'],
    [{ v: 1, type: 'explode', requestId: 'm2' }, 'UNKNOWN_TYPE', 'm2'],
    [{ v: 1, type: 'insertItems', requestId: 'm3', items: [] }, 'BAD_MESSAGE', 'm3'],
    [{ v: 1, type: 'insertItems', requestId: 'm4', items: [{ modelId: 5 }] }, 'BAD_MESSAGE', 'm4'],
    [{ v: 1, type: 'insertItems', requestId: 'm5', items: [{ modelId: SOFA, at: { x: 1e9, y: 0 } }] }, 'BAD_MESSAGE', 'm5'],
    [{ v: 1, type: 'quickRoom', requestId: 'm6', extra: true }, 'BAD_MESSAGE', 'm6'],
    [{ v: 1, type: 'loadScene', requestId: 'm7', sceneId: -1 }, 'BAD_MESSAGE', 'm7'],
    [{ v: 1, type: 'loadScene', requestId: 'm8', url: 'javascript:alert(1)' }, 'BAD_MESSAGE', 'm8'],
    [{ v: 1, type: 'cloneItem', requestId: 'm9', id: 'bad id <b>' }, 'BAD_MESSAGE', 'm9'],
    [{ v: 1, type: 'close', requestId: 'x'.repeat(65) }, 'BAD_MESSAGE', undefined],
  ];
  const from = await logLength();
  await postRaw(bad.map(([m]) => m));
  await expect.poll(async () => (await entriesSince(from)).filter((e) => e.kind === 'error').length).toBe(bad.length);
  const errors = (await entriesSince(from)).filter((e) => e.kind === 'error').map((e) => e.body as { requestId?: string; error: { code: string; message: { zh: string; en: string } } });
  // Answers come in the order sent.
  errors.forEach((body, i) => {
    const [, code, requestId] = bad[i]!;
    expect(body.error.code, JSON.stringify(bad[i]![0]).slice(0, 80)).toBe(code);
    expect(body.requestId).toBe(requestId);
    expect(body.error.message.zh).not.toBe('');
    expect(body.error.message.en).not.toBe('');
  });
  expect(errors[8]!.error.message.en).toContain('items.0');
  expect((await entriesSince(from)).filter((e) => e.kind === 'result')).toEqual([]);
  await expectUnchanged(5);
});

/** Deterministic randomness, so a failing fuzz run can be replayed. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 1,000 messages, each one the protocol refuses: random values, and requests with one thing wrong. */
function fuzzMessages(count: number, seed: number): unknown[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const types = ['close', 'insertItems', 'quickRoom', 'cloneItem', 'loadScene', 'closeWindow', 'ready', 'result', '', 'INSERTITEMS', '__proto__'];
  const value = (depth: number): unknown => {
    switch (Math.floor(random() * (depth > 2 ? 6 : 9))) {
      case 0:
        return Math.floor(random() * 2e6) - 1e6;
      case 1:
        return pick([NaN, Infinity, -0, 1e308, 0.5]);
      case 2:
        return pick(['', 'x', '<script>', 'yf-sofa-3-track-block-linen', 'click', '../../etc/passwd', 'ä'.repeat(300)]);
      case 3:
        return pick([true, false, null]);
      case 4:
        return undefined;
      case 5:
        return pick([SOFA, 'javascript:alert(1)', '/files/../x']);
      case 6:
        return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      default: {
        const o: Record<string, unknown> = {};
        for (let i = Math.floor(random() * 4); i > 0; i--) o[pick(['v', 'type', 'items', 'at', 'x', 'y', 'modelId', 'id', 'sceneId', 'url', 'requestId', 'constructor', 'prototype'])] = value(depth + 1);
        return o;
      }
    }
  };
  const messages: unknown[] = [];
  while (messages.length < count) {
    let m: unknown;
    if (random() < 0.3) m = value(0);
    else {
      const o: Record<string, unknown> = { v: random() < 0.8 ? 1 : value(2), type: pick(types) };
      if (random() < 0.5) o.requestId = `f${messages.length}`;
      for (let i = Math.floor(random() * 4); i > 0; i--) o[pick(['items', 'id', 'offset', 'sceneId', 'url', 'extra', 'at'])] = value(1);
      m = o;
    }
    // Only refused messages: one the protocol takes would change the scene on purpose.
    if (parseHostMessage(m).ok) continue;
    messages.push(m);
  }
  return messages;
}

test('1,000 random messages from the host: each answered with an error, no crash, the scene unchanged, the editor still answers', async () => {
  test.setTimeout(180_000);
  const messages = fuzzMessages(1000, 19);
  const from = await logLength();
  const errorsBefore = consoleLines.filter((l) => l.includes('[embed] message not handled')).length;
  await postRaw(messages);
  await expect.poll(async () => (await entriesSince(from)).filter((e) => e.kind === 'error').length, { timeout: 120_000 }).toBe(1000);
  expect((await entriesSince(from)).filter((e) => e.kind === 'result')).toEqual([]);
  expect(consoleLines.filter((l) => l.includes('[embed] message not handled')).length).toBe(errorsBefore);
  await expectUnchanged(5);
  await expect(frame().getByTestId('scene-title')).toContainText(savedName);
  // Still listening: a request after the storm is answered (refused: no such record).
  await fill('clone-id', 'no-such-model');
  expect(await press('clone', 'cloneItem')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  await fill('clone-id', '');
  await expectUnchanged(5);
});

test('resize: full screen inside the frame asks the host to resize it, and back; the host sizes the frame and the editor follows', async () => {
  const iframe = page.locator('#frame-box iframe');
  const start = (await iframe.boundingBox())!;
  const from = await logLength();
  await canvas().click({ position: { x: 20, y: 20 } });
  await canvas().press('F11');
  const grow = await waitForEntry(from, (e) => e.kind === 'resize');
  const asked = grow.body as { width: number; height: number };
  expect(asked.width).toBeGreaterThan(start.width);
  await expect.poll(async () => Math.round((await iframe.boundingBox())!.height)).toBe(asked.height);
  const back = await logLength();
  await canvas().press('F11');
  const shrink = await waitForEntry(back, (e) => e.kind === 'resize');
  expect(shrink.body).toMatchObject({ width: Math.round(start.width), height: Math.round(start.height) });
  await expect.poll(async () => Math.round((await iframe.boundingBox())!.height)).toBe(Math.round(start.height));

  const before = (await canvas().boundingBox())!;
  await fill('frame-w', '900');
  await fill('frame-h', '600');
  await page.locator('#frame-size').click();
  await expect.poll(async () => Math.round((await iframe.boundingBox())!.width)).toBe(900);
  expect(Math.round((await iframe.boundingBox())!.height)).toBe(600);
  await expect.poll(async () => (await canvas().boundingBox())!.width).toBeLessThan(before.width - 50);
  await page.screenshot({ path: path.join(SHOTS, 'host-page-resized.png') });
  await fill('frame-w', '');
  await fill('frame-h', '720');
  await page.locator('#frame-size').click();
});

test('close window: answered before the host removes the frame; opened again, the editor is ready without a new sign-in', async () => {
  test.setTimeout(120_000);
  const answer = await press('close-window', 'closeWindow');
  expect(answer.ok).toBe(true);
  expect(typeof answer.data?.keptOffline).toBe('boolean');
  await expect(page.locator('#frame-box iframe')).toHaveCount(0);
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'closed');
  const from = await logLength();
  await page.locator('#reopen').click();
  await waitForEntry(from, (e) => e.kind === 'ready', 60_000);
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'ready');
  await expect(canvas()).toBeVisible();
});
