// Scene save and scene list throughput and p99 latency on PostgreSQL (a throwaway local cluster
// with durable settings): save p99 < 100 ms and list p99 < 50 ms at 50 clients. Measured with one
// server process and with one per core (SERVER_PROCESSES, the way to use a machine's cores on
// PostgreSQL), each with the CPU it cost and the bound that cost puts on this machine.
import os from 'node:os';
import { findPgBin } from '../server/pg-harness';
import { startDurableCluster } from './pg-cluster';
import { bigUploadRows, boundRows, CONNECTIONS, cpuRows, floorRows, measureServer, PACE_S, postgresPids } from './server-load';
import type { Benchmark, BenchRow } from './types';

const SAVE_P99_MS = 100;
const LIST_P99_MS = 50;

/**
 * Server processes per configuration: 1, and BENCH_SERVER_PROCESSES (default: one per core). A
 * smoke run starts the one with several (the cluster's primary and its workers) only.
 */
function configurations(smoke: boolean): number[] {
  const many = Number(process.env.BENCH_SERVER_PROCESSES ?? os.availableParallelism());
  if (smoke) return [Math.max(2, many)];
  return many > 1 ? [1, many] : [1];
}

const bench: Benchmark = {
  id: 'server-postgres',
  title: `server on PostgreSQL: scene save (upload 100 KB gzip + PUT; one-wall delta PUT) and scene list, ${CONNECTIONS} clients`,
  async run({ smoke }) {
    const given = process.env.BENCH_DATABASE_URL?.trim();
    const bin = given ? null : findPgBin();
    if (!given && !bin) throw new Error('no PostgreSQL binaries (/usr/lib/postgresql/*/bin) and BENCH_DATABASE_URL is not set');
    const cluster = given ? { url: given, stop: async () => {} } : await startDurableCluster(bin!);
    try {
      const port = Number(/[?&]port=([0-9]+)/.exec(cluster.url)?.[1] ?? new URL(cluster.url).port);
      const withDb = !given;
      const rows: BenchRow[] = [];
      for (const processes of configurations(smoke)) {
        const n = await measureServer(
          { DATABASE_URL: cluster.url, SERVER_PROCESSES: String(processes) },
          { dbPids: () => (given ? [] : postgresPids(port)), smoke },
        );
        const p = `PostgreSQL, ${processes} server process${processes > 1 ? 'es' : ''}`;
        rows.push(
          { name: `${p}: save throughput (${n.connections} clients)`, value: n.savesPerS, unit: 'saves/s', target: '', met: null },
          { name: `${p}: save p50`, value: n.saveP50, unit: 'ms', target: '', met: null },
          { name: `${p}: save p99 (full file)`, value: n.saveP99, unit: 'ms', target: '', met: null },
          { name: `${p}: save failures`, value: n.saveFailures, unit: 'count', target: '0', met: n.saveFailures === 0 },
          ...cpuRows(p, 'save', 'save', n.saveCpu, withDb),
          ...boundRows(p, 'save', 'save', n.saveCpu, withDb, n.connections),
          { name: `${p}: delta save (one wall moved) body`, value: n.deltaBytes, unit: 'B', target: '', met: null },
          { name: `${p}: delta save throughput (${n.connections} clients)`, value: n.deltasPerS, unit: 'saves/s', target: '', met: null },
          { name: `${p}: delta save p50`, value: n.deltaP50, unit: 'ms', target: '', met: null },
          { name: `${p}: delta save p99 (closed loop: each client saves again the moment it is answered)`, value: n.deltaP99, unit: 'ms', target: `< ${SAVE_P99_MS} ms`, met: n.deltaP99 < SAVE_P99_MS },
          { name: `${p}: delta save failures`, value: n.deltaFailures, unit: 'count', target: '0', met: n.deltaFailures === 0 },
          ...cpuRows(p, 'delta save', 'save', n.deltaCpu, withDb),
          ...boundRows(p, 'delta save', 'save', n.deltaCpu, withDb, n.connections),
          { name: `${p}: list throughput (${n.connections} clients)`, value: n.listsPerS, unit: 'req/s', target: '', met: null },
          { name: `${p}: list p50`, value: n.listP50, unit: 'ms', target: '', met: null },
          { name: `${p}: list p99 (closed loop)`, value: n.listP99, unit: 'ms', target: `< ${LIST_P99_MS} ms`, met: n.listP99 < LIST_P99_MS },
          { name: `${p}: list failures`, value: n.listFailures, unit: 'count', target: '0', met: n.listFailures === 0 },
          ...cpuRows(p, 'list', 'list', n.listCpu, withDb),
          ...boundRows(p, 'list', 'list', n.listCpu, withDb, n.connections),
          ...floorRows(p, n, withDb),
          ...bigUploadRows(p, n),
          // 50 designers at work: each saves a one-wall edit (or lists) once every PACE_S seconds.
          { name: `${p}: delta save p50 at designer pace (${n.connections} clients, one save each per ${PACE_S} s)`, value: n.pacedDeltaP50, unit: 'ms', target: '', met: null },
          { name: `${p}: delta save p99 at designer pace`, value: n.pacedDeltaP99, unit: 'ms', target: `< ${SAVE_P99_MS} ms`, met: n.pacedDeltaP99 < SAVE_P99_MS },
          { name: `${p}: delta saves / failures at designer pace`, value: n.pacedDeltaFailures, unit: `failed of ${n.pacedDeltas + n.pacedDeltaFailures}`, target: '0', met: n.pacedDeltaFailures === 0 },
          { name: `${p}: list p50 at designer pace (one list each per ${PACE_S} s)`, value: n.pacedListP50, unit: 'ms', target: '', met: null },
          { name: `${p}: list p99 at designer pace`, value: n.pacedListP99, unit: 'ms', target: `< ${LIST_P99_MS} ms`, met: n.pacedListP99 < LIST_P99_MS },
          { name: `${p}: list failures at designer pace`, value: n.pacedListFailures, unit: 'count', target: '0', met: n.pacedListFailures === 0 },
        );
      }
      return rows;
    } finally {
      await cluster.stop();
    }
  },
};
export default bench;
