// A render process (docs/rendering.md): the child a render worker loop starts (child-renderer.ts)
// to keep the renderer (a headless browser) out of the server's own process. It keeps one
// Renderer and reuses it; a render that fails closes it, and the next render starts a new one.
// RENDERER_MODULE names a module whose startRenderer() replaces the headless renderer (tests, e2e).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startHeadlessRenderer } from './headless';
import { createLogger, type LogLevel } from '../logger';
import type { Renderer, RenderRequest } from '../../protocol/render';
import type { HostReply, HostRequest } from './child-renderer';

const distDir = process.env.RENDER_DIST_DIR ?? path.resolve('dist');
const rendererModule = process.env.RENDERER_MODULE?.trim() || null;
// without it models stay boxes: the headless page has no server of its own to fetch them from
const assetOrigin = process.env.RENDER_ASSET_ORIGIN?.trim() || undefined;

async function startRenderer(): Promise<Renderer> {
  if (!rendererModule) return startHeadlessRenderer({ distDir, ...(assetOrigin ? { assetOrigin } : {}) });
  const mod = (await import(pathToFileURL(path.resolve(rendererModule)).href)) as { startRenderer?: (o: { distDir: string }) => Promise<Renderer> };
  if (typeof mod.startRenderer !== 'function') throw new Error(`RENDERER_MODULE ${rendererModule} exports no startRenderer()`);
  return mod.startRenderer({ distDir });
}

const LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error', 'silent'];
const level = (process.env.LOG_LEVEL ?? 'info').toLowerCase();
// the server's LOG_LEVEL, inherited
const logger = createLogger({ level: LEVELS.includes(level) ? (level as LogLevel) : 'info', base: { renderProcess: process.pid } });

let renderer: Renderer | null = null;
const running = new Map<number, AbortController>();
/** the warm-up in progress: renders wait for it, it holds the one renderer */
let warming: Promise<void> = Promise.resolve();

function warm(): void {
  warming = (async () => {
    const started = performance.now();
    try {
      renderer ??= await startRenderer();
      if (!renderer.warm) return;
      await renderer.warm();
      logger.info('renderer warm', { ms: Math.round(performance.now() - started) });
    } catch (e) {
      // the first render starts a fresh renderer and says what fails
      const failed = renderer;
      renderer = null;
      await failed?.close().catch(() => {});
      logger.warn('renderer warm-up failed', { error: e instanceof Error ? e.message : String(e) });
    }
  })();
}

function send(reply: HostReply): void {
  process.send?.(reply);
}

async function render(id: number, request: RenderRequest): Promise<void> {
  const abort = new AbortController();
  running.set(id, abort);
  try {
    await warming;
    renderer ??= await startRenderer();
    const result = await renderer.render(request, { signal: abort.signal, onProgress: (fraction) => send({ type: 'progress', id, fraction }) });
    send({ type: 'result', id, result });
  } catch (e) {
    const failed = renderer;
    renderer = null;
    await failed?.close().catch(() => {});
    send({ type: 'error', id, message: e instanceof Error ? e.message : String(e) });
  } finally {
    running.delete(id);
  }
}

process.on('message', (message: HostRequest) => {
  if (message.type === 'render') void render(message.id, message.request);
  else if (message.type === 'abort') running.get(message.id)?.abort();
  else if (message.type === 'warm') warm();
  else if (message.type === 'close') {
    void (async () => {
      await renderer?.close().catch(() => {});
      process.exit(0);
    })();
  }
});
// the parent went away: nothing left to render for
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
