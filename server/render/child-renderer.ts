// A Renderer that renders in a child process (renderer-host.ts): a crash of the renderer (or of a
// headless browser it drives) kills that process, never the server. If the process dies, the
// render in progress fails and the next render starts a fresh process.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Renderer, RenderOptions, RenderRequest, RenderResult } from '../../protocol/render';

export type HostRequest = { type: 'render'; id: number; request: RenderRequest } | { type: 'abort'; id: number } | { type: 'warm' } | { type: 'close' };
export type HostReply =
  | { type: 'ready' }
  | { type: 'progress'; id: number; fraction: number }
  | { type: 'result'; id: number; result: RenderResult }
  | { type: 'error'; id: number; message: string };

const HOST = path.join(path.dirname(fileURLToPath(import.meta.url)), 'renderer-host.ts');

export interface ChildRendererOptions {
  /** the built UI the headless renderer loads the kernel from */
  distDir: string;
  /** a module whose startRenderer() replaces the headless renderer (RENDERER_MODULE) */
  rendererModule: string | null;
  /** the server the headless renderer fetches catalogue models and pictures from */
  assetOrigin?: string;
  /** more environment for the child (tests) */
  env?: Record<string, string>;
}

interface Pending {
  resolve: (r: RenderResult) => void;
  reject: (e: Error) => void;
  onProgress?: (fraction: number) => void;
}

export class ChildRenderer implements Renderer {
  private child: ChildProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly options: ChildRendererOptions) {}

  /** the render process's id (tests kill it to play a crash) */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  private process(): ChildProcess {
    if (this.child) return this.child;
    const env: NodeJS.ProcessEnv = { ...process.env, RENDER_DIST_DIR: this.options.distDir, ...this.options.env };
    if (this.options.assetOrigin) env.RENDER_ASSET_ORIGIN = this.options.assetOrigin;
    if (this.options.rendererModule) env.RENDERER_MODULE = this.options.rendererModule;
    else delete env.RENDERER_MODULE;
    const child = fork(HOST, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (reply: HostReply) => {
      if (reply.type === 'ready') return;
      const p = this.pending.get(reply.id);
      if (!p) return;
      if (reply.type === 'progress') p.onProgress?.(reply.fraction);
      else {
        this.pending.delete(reply.id);
        if (reply.type === 'result') p.resolve(reply.result);
        else p.reject(new Error(reply.message));
      }
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      const error = new Error(`the render process exited (${signal ?? `code ${code}`})`);
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    });
    child.on('error', () => {}); // an 'exit' follows
    this.child = child;
    return child;
  }

  render(request: RenderRequest, options: RenderOptions): Promise<RenderResult> {
    const child = this.process();
    const id = this.nextId++;
    return new Promise<RenderResult>((resolve, reject) => {
      if (options.signal.aborted) return reject(new Error('aborted'));
      this.pending.set(id, { resolve, reject, onProgress: options.onProgress });
      options.signal.addEventListener('abort', () => child.connected && child.send({ type: 'abort', id } satisfies HostRequest), { once: true });
      child.send({ type: 'render', id, request } satisfies HostRequest);
    });
  }

  /** Starts the render process now and lets it prepare its renderer; renders sent meanwhile wait there. */
  async warm(): Promise<void> {
    const child = this.process();
    child.send({ type: 'warm' } satisfies HostRequest);
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      if (child.connected) child.send({ type: 'close' } satisfies HostRequest);
      else child.kill('SIGKILL');
    });
  }
}
