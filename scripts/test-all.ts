// The one test command (`npm test`): every check the project has, in the order a failure is cheapest
// to find. A failing step does not stop the run, so one report shows everything that is wrong.
//
//   npm test                         all steps
//   npm test -- --only unit,kernel   a subset, in the usual order
//   npm test -- --skip e2e           everything but some steps
//   npm test -- --list               the step names
//
// A step that runs longer than TEST_STEP_TIMEOUT_MIN minutes (default 35) is stopped and counted
// as failed, so one hung suite cannot keep the summary from being printed.

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Step {
  readonly name: string;
  readonly title: string;
  readonly cmd: string;
  readonly args: readonly string[];
  /**
   * Steps next to each other with the same group run at the same time, their output held back and
   * printed whole when each ends. Only for steps that keep one core busy (tsc, eslint): on a
   * 2-core CI machine the pair takes the time of the longer one.
   */
  readonly group?: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);

const STEPS: readonly Step[] = [
  { name: 'typecheck', title: 'Type check (tsc, per thread)', cmd: 'npm', args: ['run', '--silent', 'typecheck'], group: 'static' },
  { name: 'lint', title: 'Lint (eslint)', cmd: bin('eslint'), args: ['.'], group: 'static' },
  { name: 'unit', title: 'Unit tests (vitest unit)', cmd: bin('vitest'), args: ['run', '--project', 'unit'] },
  { name: 'kernel', title: 'Kernel tests (vitest kernel)', cmd: bin('vitest'), args: ['run', '--project', 'kernel'] },
  { name: 'server', title: 'Server tests (vitest server)', cmd: bin('vitest'), args: ['run', '--project', 'server'] },
  { name: 'build', title: 'Production build (vite build)', cmd: bin('vite'), args: ['build'] },
  { name: 'build-check', title: 'Build output check (vitest build)', cmd: bin('vitest'), args: ['run', '--project', 'build'] },
  // After the build: the bundle benchmark serves dist/ instead of building again.
  { name: 'bench', title: 'Benchmarks, smoke run (every benchmark on tiny sizes)', cmd: 'npm', args: ['run', '--silent', 'bench', '--', '--smoke'] },
  { name: 'e2e', title: 'End-to-end tests (playwright, chromium)', cmd: bin('playwright'), args: ['test'] },
];

interface Result {
  readonly step: Step;
  readonly ok: boolean;
  readonly code: number | null;
  readonly ms: number;
  readonly timedOut: boolean;
}

// A net for a hung step, not a target: e2e runs about 22 min on a 2-core machine (2026-11-27), and CI allows 90 for all.
const STEP_TIMEOUT_MS = Number(process.env.TEST_STEP_TIMEOUT_MIN ?? 35) * 60_000;

function parseList(argv: readonly string[], flag: string): string[] | null {
  const out: string[] = [];
  let seen = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === flag) {
      seen = true;
      out.push(...(argv[++i] ?? '').split(','));
    } else if (a.startsWith(`${flag}=`)) {
      seen = true;
      out.push(...a.slice(flag.length + 1).split(','));
    }
  }
  return seen ? out.map((s) => s.trim()).filter(Boolean) : null;
}

function selectSteps(argv: readonly string[]): Step[] {
  const known = new Set(STEPS.map((s) => s.name));
  const only = parseList(argv, '--only');
  const skip = parseList(argv, '--skip') ?? [];
  const unknown = [...(only ?? []), ...skip].filter((n) => !known.has(n));
  if (unknown.length > 0) {
    console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${[...known].join(', ')}`);
    process.exit(2);
  }
  return STEPS.filter((s) => (only === null || only.includes(s.name)) && !skip.includes(s.name));
}

function formatMs(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

const colour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string): string => (colour ? `\x1b[${code}m${text}\x1b[0m` : text);

function header(step: Step, index: number, total: number): void {
  const line = '='.repeat(78);
  console.log(`\n${paint(36, line)}\n${paint(1, `[${index}/${total}] ${step.name}: ${step.title}`)}`);
  console.log(paint(2, `$ ${[path.relative(root, step.cmd) || step.cmd, ...step.args].join(' ')}`));
  console.log(paint(36, line));
}

const running = new Set<ReturnType<typeof spawn>>();

/** Signals the step's whole process group (vitest and playwright start workers of their own). */
function signalStep(child: ReturnType<typeof spawn>, sig: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, sig);
  } catch {
    child.kill(sig);
  }
}

interface StepRun extends Result {
  /** what the step printed, when it ran beside another (else it went straight to the terminal) */
  readonly output: string;
}

function runStep(step: Step, holdOutput: boolean): Promise<StepRun> {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      // No stdin: a background process group that reads the terminal would be stopped by SIGTTIN.
      stdio: ['ignore', holdOutput ? 'pipe' : 'inherit', holdOutput ? 'pipe' : 'inherit'],
      // Own process group, so a timeout or Ctrl+C stops the step's workers too.
      detached: process.platform !== 'win32',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (colour ? '1' : '0') },
    });
    running.add(child);
    child.stdout?.on('data', (c: Buffer) => chunks.push(c));
    child.stderr?.on('data', (c: Buffer) => chunks.push(c));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n${step.name} ran longer than ${formatMs(STEP_TIMEOUT_MS)}: stopping it`);
      signalStep(child, 'SIGTERM');
      setTimeout(() => signalStep(child, 'SIGKILL'), 10_000).unref();
    }, STEP_TIMEOUT_MS);
    const done = (code: number | null): void => {
      clearTimeout(timer);
      running.delete(child);
      const output = Buffer.concat(chunks).toString('utf8');
      resolve({ step, ok: code === 0 && !timedOut, code, ms: Date.now() - started, timedOut, output });
    };
    child.on('error', (err) => {
      console.error(`Could not start ${step.cmd}: ${err.message}`);
      done(null);
    });
    // 'close', not 'exit': held output is complete only once the pipes have closed.
    child.on('close', (code, signal) => done(signal ? null : code));
  });
}

function summary(results: readonly Result[], wallMs: number): void {
  const nameWidth = Math.max(4, ...results.map((r) => r.step.name.length));
  console.log(`\n${'='.repeat(78)}\nSummary`);
  console.log(`${'step'.padEnd(nameWidth)}  result  ${'time'.padStart(12)}`);
  console.log(`${'-'.repeat(nameWidth)}  ------  ${'-'.repeat(12)}`);
  for (const r of results) {
    const status = r.ok ? paint(32, 'pass  ') : paint(31, 'FAIL  ');
    const code = r.ok ? '' : r.timedOut ? '  (timed out)' : `  (exit ${r.code ?? 'signal'})`;
    console.log(`${r.step.name.padEnd(nameWidth)}  ${status}  ${formatMs(r.ms).padStart(12)}${code}`);
  }
  const passed = results.filter((r) => r.ok).length;
  console.log(`${'-'.repeat(nameWidth)}  ------  ${'-'.repeat(12)}`);
  // Wall-clock time, not the sum: steps of one group overlap.
  console.log(`${'total'.padEnd(nameWidth)}          ${formatMs(wallMs).padStart(12)}\n`);
  // The last line is read by machines: keep it exactly `N passed, N failed`.
  console.log(`${passed} passed, ${results.length - passed} failed`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--list')) {
    for (const s of STEPS) console.log(`${s.name.padEnd(12)} ${s.title}`);
    return;
  }
  const steps = selectSteps(argv);
  const startedAt = Date.now();
  const results: Result[] = [];
  let interrupted = false;
  const onSignal = (sig: NodeJS.Signals): void => {
    interrupted = true;
    for (const child of running) signalStep(child, sig);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const report = (r: StepRun): void => {
    const verdict = r.ok ? paint(32, 'passed') : paint(31, r.timedOut ? 'FAILED (timed out)' : `FAILED (exit ${r.code ?? 'signal'})`);
    console.log(`\n--- ${r.step.name} ${verdict} in ${formatMs(r.ms)}`);
  };
  for (let i = 0; i < steps.length && !interrupted; ) {
    const group = steps[i]!.group;
    let end = i + 1;
    while (group !== undefined && end < steps.length && steps[end]!.group === group) end++;
    const batch = steps.slice(i, end);
    if (batch.length === 1) {
      header(batch[0]!, i + 1, steps.length);
      const r = await runStep(batch[0]!, false);
      results.push(r);
      report(r);
    } else {
      console.log(paint(2, `\n(${batch.map((s) => s.name).join(', ')} run side by side; each one's output follows when it ends)`));
      const runs = await Promise.all(batch.map((s) => runStep(s, true)));
      for (const [k, r] of runs.entries()) {
        header(r.step, i + k + 1, steps.length);
        process.stdout.write(r.output);
        results.push(r);
        report(r);
      }
    }
    i = end;
  }
  summary(results, Date.now() - startedAt);
  process.exitCode = interrupted || results.some((r) => !r.ok) ? 1 : 0;
}

await main();
