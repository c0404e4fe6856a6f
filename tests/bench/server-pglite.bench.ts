// Scene save and scene list throughput and p99 latency with the embedded PGlite (one process, one
// connection): informational, see tests/bench/README.md for how far it goes.
import { bigUploadRows, boundRows, CONNECTIONS, cpuRows, floorRows, measureServer } from './server-load';
import type { Benchmark } from './types';

const bench: Benchmark = {
  id: 'server-pglite',
  title: `server on PGlite: scene save (upload 100 KB gzip + PUT; one-wall delta PUT) and scene list, ${CONNECTIONS} clients`,
  async run({ smoke }) {
    const n = await measureServer({ DATABASE_URL: undefined, SERVER_PROCESSES: undefined }, { smoke, cases: ['save', 'delta', 'list', 'floor', 'bigUploads'] });
    const see = 'see README';
    return [
      { name: 'PGlite scene file size (gzip)', value: n.fileBytes, unit: 'B', target: '', met: null },
      { name: `PGlite save throughput (${n.connections} clients)`, value: n.savesPerS, unit: 'saves/s', target: see, met: null },
      { name: 'PGlite save p50', value: n.saveP50, unit: 'ms', target: see, met: null },
      { name: 'PGlite save p99', value: n.saveP99, unit: 'ms', target: see, met: null },
      { name: 'PGlite save failures', value: n.saveFailures, unit: 'count', target: '0', met: n.saveFailures === 0 },
      ...cpuRows('PGlite', 'save', 'save', n.saveCpu, false),
      ...boundRows('PGlite', 'save', 'save', n.saveCpu, false, n.connections),
      { name: `PGlite delta save (one wall moved) throughput (${n.connections} clients)`, value: n.deltasPerS, unit: 'saves/s', target: see, met: null },
      { name: 'PGlite delta save p50', value: n.deltaP50, unit: 'ms', target: see, met: null },
      { name: 'PGlite delta save p99', value: n.deltaP99, unit: 'ms', target: see, met: null },
      { name: 'PGlite delta save failures', value: n.deltaFailures, unit: 'count', target: '0', met: n.deltaFailures === 0 },
      ...cpuRows('PGlite', 'delta save', 'save', n.deltaCpu, false),
      { name: `PGlite list throughput (${n.connections} clients)`, value: n.listsPerS, unit: 'req/s', target: see, met: null },
      { name: 'PGlite list p50', value: n.listP50, unit: 'ms', target: see, met: null },
      { name: 'PGlite list p99', value: n.listP99, unit: 'ms', target: see, met: null },
      { name: 'PGlite list failures', value: n.listFailures, unit: 'count', target: '0', met: n.listFailures === 0 },
      ...cpuRows('PGlite', 'list', 'list', n.listCpu, false),
      ...boundRows('PGlite', 'list', 'list', n.listCpu, false, n.connections),
      ...floorRows('PGlite', n, false),
      ...bigUploadRows('PGlite', n),
    ];
  },
};
export default bench;
