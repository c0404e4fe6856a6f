// server/main.ts as a child process on a free port: for the crash test and the server benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface SpawnedServer {
  child: ChildProcess;
  /** resolves with the port once the server listens; rejects when it exits first */
  ready: Promise<number>;
  /** resolves with the exit code (null after a signal) */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** `nodeArgs` go before the script (e.g. --cpu-prof for profiling a benchmark). */
export function spawnServer(env: Record<string, string | undefined>, nodeArgs: readonly string[] = []): SpawnedServer {
  // Development mode whatever the caller's shell says: the tests and benchmarks log in as the demo
  // accounts, which a production start (NODE_ENV=production) does not seed.
  const full: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete full[k];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Server listening on http:\/\/localhost:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exit.then(({ code, signal }) => reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`)));
  });
  // A rejection nobody awaits (the server was killed on purpose) must not fail the run.
  ready.catch(() => {});
  return { child, ready, exit, output: () => out };
}
