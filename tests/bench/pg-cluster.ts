// A throwaway PostgreSQL cluster for the server benchmarks. Unlike the test harness
// (tests/server/pg-harness.ts) it keeps PostgreSQL's durable defaults (fsync, synchronous_commit,
// full_page_writes on), so the numbers are what a real deployment on this disk would see.
import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface BenchCluster {
  /** over the Unix socket (how a server on the same machine connects); BENCH_PG_TCP=1 for loopback TCP */
  url: string;
  stop(): Promise<void>;
}

export async function startDurableCluster(bin: string): Promise<BenchCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'yfang-bench-pg-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    chownSync(dir, Number(uid.trim()), Number(gid.trim()));
  }
  const pgRun = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: dir }) : run(path.join(bin, tool), args, { cwd: dir });
  const stop = async () => {
    await pgRun('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await pgRun('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-instructions']);
    const port = await freePort();
    const options = [`-p ${port}`, '-c listen_addresses=127.0.0.1', `-c unix_socket_directories=${dir}`, '-c max_connections=200'].join(' ');
    await pgRun('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('create database yfang_bench');
    await admin.end();
    const url =
      process.env.BENCH_PG_TCP === '1'
        ? `postgres://postgres@127.0.0.1:${port}/yfang_bench`
        : `postgres://postgres@localhost/yfang_bench?host=${encodeURIComponent(dir)}&port=${port}`;
    return { url, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
