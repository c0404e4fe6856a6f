// The demo host page (docs/embedding.md §5): a partner's page with the design tool in an iframe,
// driven through @yfang/embed. Every button sends one request; the log shows what went out, each
// result and every event. Served on its own origin by server.ts, bundled there with vite.
import { connect, EmbedRequestError, type EmbeddedEditor, type InsertItem, type ProductEventType } from '../../embed/src/index';

interface DemoConfig {
  /** the editor's address to frame, with ?project= */
  readonly editorUrl: string;
}

export interface DemoLogEntry {
  readonly dir: 'out' | 'in';
  /** request type, 'result', or the event type */
  readonly kind: string;
  readonly body: unknown;
}

/** What the e2e test and the browser console reach. */
export interface EmbedDemo {
  readonly editorOrigin: string;
  editor(): EmbeddedEditor | null;
  frame(): HTMLIFrameElement | null;
  readonly log: DemoLogEntry[];
}

declare global {
  interface Window {
    embedDemo?: EmbedDemo;
  }
}

const EVENTS: readonly ProductEventType[] = ['resize', 'inserted', 'cloned', 'saved', 'selectionChanged', 'error'];
/** The designer may have to sign in inside the frame first: `ready` can take a while. */
const READY_TIMEOUT_MS = 30 * 60_000;

const config = JSON.parse(document.getElementById('demo-config')?.textContent ?? '{}') as DemoConfig;
const editorOrigin = new URL(config.editorUrl).origin;
const entries: DemoLogEntry[] = [];
let editor: EmbeddedEditor | null = null;
let frame: HTMLIFrameElement | null = null;

function el<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`demo page: #${id} is missing`);
  return found as T;
}

function setStatus(state: 'waiting' | 'ready' | 'closed', text: string): void {
  const status = el('status');
  status.dataset.state = state;
  status.textContent = text;
}

function log(dir: DemoLogEntry['dir'], kind: string, body: unknown): void {
  entries.push({ dir, kind, body });
  const item = document.createElement('li');
  item.dataset.dir = dir;
  item.dataset.kind = kind;
  const time = new Date().toLocaleTimeString('zh-CN', { hour12: false });
  item.textContent = `${time} ${dir === 'out' ? '→' : '←'} ${kind} ${JSON.stringify(body)}`;
  const list = el('log');
  list.append(item);
  // A long run (100 inserts, a fuzz) must not grow the page without end.
  while (list.childElementCount > 500) list.firstElementChild?.remove();
  list.scrollTop = list.scrollHeight;
}

function sizeFrame(width: number | null, height: number | null): void {
  if (!frame) return;
  frame.style.width = width ? `${width}px` : '100%';
  if (height) frame.style.height = `${height}px`;
}

function openFrame(): void {
  const box = el('frame-box');
  box.replaceChildren();
  frame = document.createElement('iframe');
  frame.title = '云方设计 · Design tool';
  frame.src = config.editorUrl;
  // No allow="fullscreen": the editor's full screen (F11) then asks this page to resize the frame.
  box.append(frame);
  el('reopen').hidden = true;
  setStatus('waiting', '等待设计工具就绪（请在框内登录）· Waiting for the design tool (sign in inside)');
  connect(frame, { origin: editorOrigin, timeoutMs: READY_TIMEOUT_MS }).then(
    (connected) => {
      editor = connected;
      log('in', 'ready', { version: connected.version, capabilities: connected.capabilities });
      setStatus('ready', `已连接 · Connected (v${connected.version})`);
      for (const type of EVENTS) connected.on(type, (event) => log('in', type, event));
      // The product asks for another frame size: the host decides, here it simply agrees.
      connected.on('resize', (event) => sizeFrame(event.width, event.height));
    },
    (e: unknown) => {
      log('in', 'error', { connect: String(e) });
      setStatus('closed', '未连接 · Not connected');
    },
  );
}

/** Sends one request through the module and logs it and its outcome. */
async function request<T>(kind: string, body: unknown, send: (editor: EmbeddedEditor) => Promise<T>): Promise<T | null> {
  log('out', kind, body);
  if (!editor) {
    log('in', 'error', { request: kind, code: 'NOT_CONNECTED' });
    return null;
  }
  try {
    const data = await send(editor);
    log('in', 'result', { request: kind, ok: true, data });
    return data;
  } catch (e) {
    const failure = e instanceof EmbedRequestError ? { code: e.code, message: e.messages } : { message: String(e) };
    log('in', 'result', { request: kind, ok: false, ...failure });
    return null;
  }
}

function numberOf(id: string): number | null {
  const raw = el<HTMLInputElement>(id).value.trim();
  return raw === '' ? null : Number(raw);
}

function insertItems(at: InsertItem['at'] | undefined): void {
  const ids = el<HTMLInputElement>('model-ids')
    .value.split(/[\s,]+/)
    .filter((id) => id !== '');
  const copies = Math.max(1, Math.min(500, numberOf('model-copies') ?? 1));
  const items: InsertItem[] = [];
  for (let i = 0; i < copies; i++) for (const modelId of ids) items.push(at === undefined ? { modelId } : { modelId, at });
  void request('insertItems', { items: items.length > 4 ? `${items.length} items` : items }, (e) => e.insertItems(items));
}

el('insert-at').onclick = () => insertItems({ x: numberOf('at-x') ?? 0, y: numberOf('at-y') ?? 0 });
el('insert-click').onclick = () => insertItems('click');
el('insert-auto').onclick = () => insertItems(undefined);
el('insert-data').onclick = () => {
  const url = el<HTMLInputElement>('model-url').value.trim();
  const item: InsertItem = { model: { url, size: { x: 800, y: 800, z: 800 }, name: url.split('/').pop() || 'model' }, at: 'click' };
  void request('insertItems', { items: [item] }, (e) => e.insertItems([item]));
};
el('quick-room').onclick = () => void request('quickRoom', {}, (e) => e.quickRoom());
el('clone').onclick = () => {
  const id = el<HTMLInputElement>('clone-id').value.trim();
  void request('cloneItem', id ? { id } : {}, (e) => e.cloneItem(id ? { id } : {}));
};
el('load-id').onclick = () => {
  const sceneId = numberOf('scene-id') ?? 0;
  void request('loadScene', { sceneId }, (e) => e.loadScene({ sceneId }));
};
el('load-url').onclick = () => {
  const url = el<HTMLInputElement>('scene-url').value.trim();
  void request('loadScene', { url }, (e) => e.loadScene({ url }));
};
el('close').onclick = () => void request('close', {}, (e) => e.close());
el('close-window').onclick = async () => {
  const answer = await request('closeWindow', {}, (e) => e.closeWindow());
  if (answer === null) return;
  // The product kept the unsaved work: now the frame may go.
  editor?.disconnect();
  editor = null;
  frame?.remove();
  frame = null;
  el('reopen').hidden = false;
  setStatus('closed', '设计工具已关闭 · The design tool is closed');
};
el('reopen').onclick = () => openFrame();
el('frame-size').onclick = () => sizeFrame(numberOf('frame-w'), numberOf('frame-h'));
el('clear-log').onclick = () => el('log').replaceChildren();

window.embedDemo = { editorOrigin, editor: () => editor, frame: () => frame, log: entries };
openFrame();
