// npm run dev: the API server (restarted on change by node --watch) and Vite's dev server together.
// Open http://localhost:5173; Vite proxies the API paths to the server (vite.config.ts).
// Ctrl+C stops both; if either one exits, the other is stopped too.
//
//   API_PORT   API server port (default 8081; vite.config.ts reads the same variable)
//   VITE_PORT  Vite port (default 5173)
//   EMBED_DEMO_PORT  the demo host page framing the UI (default 8082, http://localhost:8082,
//              docs/embedding.md); EMBED_ORIGINS defaults to yfang=<that origin>

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '8081';
const vitePort = process.env.VITE_PORT ?? '5173';
const embedDemoPort = process.env.EMBED_DEMO_PORT ?? '8082';

// Vite serves the UI in development; point the server's static UI at an empty folder so a stale
// dist/ can never answer in place of the live sources.
const noDist = fs.mkdtempSync(path.join(os.tmpdir(), 'yf-dev-no-dist-'));

const colour = process.stdout.isTTY && !process.env.NO_COLOR;
const tag = (name: string, code: number): string => (colour ? `\x1b[${code}m[${name}]\x1b[0m` : `[${name}]`);

interface Proc {
  readonly name: string;
  readonly child: ChildProcess;
}

function start(name: string, code: number, cmd: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  // Own process group, so stopping it also stops what it started (node --watch restarts its child).
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = tag(name, code);
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    const out = stream === child.stderr ? process.stderr : process.stdout;
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`${prefix} ${line}\n`));
  }
  child.on('error', (e) => console.error(`${prefix} could not start: ${e.message}`));
  return { name, child };
}

const procs: Proc[] = [
  start('api', 36, process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    // development mode (demo accounts) even where the shell exports NODE_ENV=production
    NODE_ENV: 'development',
    PORT: apiPort,
    DIST_DIR: noDist,
    // the demo host page may drive the editor of the yfang demo accounts
    EMBED_ORIGINS: process.env.EMBED_ORIGINS ?? `yfang=http://localhost:${embedDemoPort}`,
  }),
  start('vite', 35, path.join(root, 'node_modules', '.bin', 'vite'), ['--port', vitePort, '--strictPort'], {
    API_PORT: apiPort,
    FORCE_COLOR: colour ? '1' : '0',
  }),
  start('embed', 33, process.execPath, ['--import', 'tsx', 'scripts/embed-demo/server.ts'], {
    EDITOR_URL: `http://localhost:${vitePort}`,
    EMBED_DEMO_PORT: embedDemoPort,
  }),
];

let stopping = false;

function kill(p: Proc, signal: NodeJS.Signals): void {
  if (p.child.exitCode !== null || p.child.signalCode !== null || p.child.pid === undefined) return;
  try {
    process.kill(-p.child.pid, signal);
  } catch {
    // already gone
  }
}

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const p of procs) kill(p, 'SIGTERM');
  const force = setTimeout(() => {
    for (const p of procs) kill(p, 'SIGKILL');
  }, 5000);
  force.unref();
  let left = procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null).length;
  const finish = (): void => {
    fs.rmSync(noDist, { recursive: true, force: true });
    process.exit(code);
  };
  if (left === 0) finish();
  for (const p of procs) {
    p.child.once('exit', () => {
      if (--left === 0) finish();
    });
  }
}

for (const p of procs) {
  p.child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${tag(p.name, 31)} exited (${signal ?? `code ${code}`}); stopping the rest`);
    stopAll(code === 0 ? 0 : 1);
  });
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
process.on('SIGHUP', () => stopAll(0));
console.log(`dev: UI http://localhost:${vitePort}  (API on :${apiPort}, proxied by Vite); demo host page http://localhost:${embedDemoPort}`);
