// Every route (read from the app, as fuzz.test.ts does) over a real kept-alive connection, with the
// bodies an abuser sends: far over any limit (with Content-Length, and chunked without one), a
// gzip bomb as a body with Content-Encoding: gzip, and a gzip bomb as a .gz file in a form. No
// answer may be a 5xx, none may go missing, and the next request on the same agent (one socket)
// must be served: a refusal either read the rest of the body or said Connection: close.
// In-process on PGlite; the refusals suite covers PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { backends } from './helpers';
import { send, serveTestApp, type SendOptions, type ServedApp } from './socket-kit';

const MiB = 1024 * 1024;
/** over every body limit of the app (the largest, inline scenes, is 64 MiB) */
const OVERSIZED = 72 * MiB;
/**
 * Inflates to 32 MiB from a few KB. Small enough to run fast; the inflated-size cap of scene files
 * is what stops larger ones.
 */
const BOMB = gzipSync(Buffer.concat([Buffer.from('{"format":"'), Buffer.alloc(32 * MiB, 0x61)]), { level: 9 });

interface Route {
  method: string;
  path: string;
}

function routesOf(app: ServedApp['app']): Route[] {
  const seen = new Map<string, Route>();
  for (const r of app.routes) {
    for (const method of r.method === 'ALL' ? ['GET', 'POST'] : [r.method]) {
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      seen.set(`${method} ${r.path}`, { method, path: r.path });
    }
  }
  return [...seen.values()];
}

/** A concrete path for a route pattern: ids 1, an action name, other segments x. */
function concrete(pattern: string): string {
  const filled = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return 'x';
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1).replace(/\{.*\}$/, '');
      if (name === 'id') return '1';
      if (name === 'action') return 'store_category';
      if (name === 'which') return 'scene';
      if (name === 'trailingSlash') return '';
      return 'x';
    })
    .join('/');
  return `${filled.replace(/\/$/, '') || '/'}?kind=scene`;
}

function multipartBomb(): { body: Buffer; contentType: string } {
  const boundary = 'fuzzsocket';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scene.json.gz"\r\nContent-Type: application/gzip\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), BOMB, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

for (const backend of backends().filter((b) => b.name === 'pglite')) {
  describe(`abusive bodies over a socket on every route (${backend.name})`, () => {
    let served: ServedApp;
    let dataDir: string;
    let userId: number;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-fuzz-socket-'));
      // small upload limits, so "over the limit" costs little to send
      served = await serveTestApp(backend, { dataDir, uploadMaxBytes: MiB, modelUploadMaxBytes: MiB });
      const [user] = await served.db.query<{ id: number }>(`select id from users where project_code = 'yfang_corp' and account = 'admin'`);
      userId = user!.id;
    });
    afterAll(async () => {
      await served?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('no 5xx, no missing answer, no dropped keep-alive connection', { timeout: 180_000 }, async () => {
      const routes = routesOf(served.app);
      expect(routes.length).toBeGreaterThan(50);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let closed = 0;
      const started = performance.now();
      const form = multipartBomb();

      try {
        for (const route of routes) {
          const url = concrete(route.path);
          // a fresh session each time: a route may have ended the last one (logout)
          const auth = { Authorization: `Bearer ${await createSession(served.db, userId, 3_600_000)}` };
          const cases: [string, SendOptions][] = [
            ['oversized, Content-Length', { method: route.method, path: url, headers: { ...auth, 'Content-Type': 'application/json' }, stream: { size: OVERSIZED, fill: 0x78, declare: true } }],
            ['oversized, chunked', { method: route.method, path: url, headers: { ...auth, 'Content-Type': 'application/json' }, stream: { size: OVERSIZED, fill: 0x78, declare: false } }],
            ['gzip bomb, Content-Encoding', { method: route.method, path: url, headers: { ...auth, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: BOMB }],
            ['gzip bomb, .gz file in a form', { method: route.method, path: url, headers: { ...auth, 'Content-Type': form.contentType }, body: form.body }],
          ];
          for (const [name, options] of cases) {
            const label = `${route.method} ${route.path} (${name})`;
            try {
              const answer = await send(agent, served.port, options);
              statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
              if (answer.connection === 'close') closed++;
              if (answer.status >= 500) failures.push(`${label}: ${answer.status} ${answer.text.slice(0, 120)}`);
            } catch (e) {
              failures.push(`${label}: ${e instanceof Error ? e.message : String(e)}`);
            }
            try {
              const next = await send(agent, served.port, { method: 'GET', path: '/healthz' });
              if (next.status !== 200) failures.push(`${label}, then /healthz: ${next.status}`);
            } catch (e) {
              failures.push(`${label}, then /healthz: dropped (${e instanceof Error ? e.message : String(e)})`);
            }
          }
        }
      } finally {
        agent.destroy();
      }

      const seconds = (performance.now() - started) / 1000;
      console.info(
        `fuzz-socket: ${routes.length * 4} abusive requests over ${routes.length} routes in ${seconds.toFixed(1)} s; ${closed} answered Connection: close; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(failures.slice(0, 20), `${failures.length} failures`).toEqual([]);
      expect(served.logs.filter((l) => l.level === 'error')).toEqual([]);
      expect(await served.db.query('select 1 as ok')).toEqual([{ ok: 1 }]);
    });
  });
}
