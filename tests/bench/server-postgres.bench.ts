// Scene save and scene list throughput and p99 latency on PostgreSQL (a throwaway local cluster
// with durable settings, one server process): save p99 < 100 ms and list p99 < 50 ms at 50 clients.
import { findPgBin } from '../server/pg-harness';
import { startDurableCluster } from './pg-cluster';
import { CONNECTIONS, cpuRows, floorRows, measureServer, postgresPids } from './server-load';
import type { Benchmark } from './types';

const SAVE_P99_MS = 100;
const LIST_P99_MS = 50;

const bench: Benchmark = {
  id: 'server-postgres',
  title: `server on PostgreSQL: scene save (upload 100 KB gzip + PUT) and scene list, ${CONNECTIONS} clients`,
  async run() {
    const given = process.env.BENCH_DATABASE_URL?.trim();
    const bin = given ? null : findPgBin();
    if (!given && !bin) throw new Error('no PostgreSQL binaries (/usr/lib/postgresql/*/bin) and BENCH_DATABASE_URL is not set');
    const cluster = given ? { url: given, stop: async () => {} } : await startDurableCluster(bin!);
    try {
      const port = Number(/[?&]port=([0-9]+)/.exec(cluster.url)?.[1] ?? new URL(cluster.url).port);
      const n = await measureServer({ DATABASE_URL: cluster.url }, { dbPids: () => (given ? [] : postgresPids(port)) });
      const withDb = !given;
      return [
        { name: `PostgreSQL save throughput (${CONNECTIONS} clients)`, value: n.savesPerS, unit: 'saves/s', target: '', met: null },
        { name: 'PostgreSQL save p50', value: n.saveP50, unit: 'ms', target: '', met: null },
        { name: 'PostgreSQL save p99', value: n.saveP99, unit: 'ms', target: `< ${SAVE_P99_MS} ms`, met: n.saveP99 < SAVE_P99_MS },
        { name: 'PostgreSQL save failures', value: n.saveFailures, unit: 'count', target: '0', met: n.saveFailures === 0 },
        ...cpuRows('PostgreSQL', 'save', 'save', n.saveCpu, withDb),
        { name: `PostgreSQL list throughput (${CONNECTIONS} clients)`, value: n.listsPerS, unit: 'req/s', target: '', met: null },
        { name: 'PostgreSQL list p50', value: n.listP50, unit: 'ms', target: '', met: null },
        { name: 'PostgreSQL list p99', value: n.listP99, unit: 'ms', target: `< ${LIST_P99_MS} ms`, met: n.listP99 < LIST_P99_MS },
        { name: 'PostgreSQL list failures', value: n.listFailures, unit: 'count', target: '0', met: n.listFailures === 0 },
        ...cpuRows('PostgreSQL', 'list', 'list', n.listCpu, withDb),
        ...floorRows('PostgreSQL', n, withDb),
      ];
    } finally {
      await cluster.stop();
    }
  },
};
export default bench;
