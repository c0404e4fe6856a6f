// The app served over real sockets in the test process (as main.ts serves it), with a logger that
// keeps its lines, and a node:http client on one kept-alive connection that streams bodies the way
// a client does: it writes until the server answers, then stops (the answer says close) or writes
// the rest (the answer keeps the connection).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app';
import { defaultConfig, type ServerConfig } from '../../server/config';
import type { Db } from '../../server/db/types';
import { createLogger, type LogFields } from '../../server/logger';
import { MemoryStorage } from './catalogue-helpers';
import type { Backend } from './helpers';

export interface LogLine extends LogFields {
  level: string;
  msg: string;
}

export interface ServedApp {
  db: Db;
  port: number;
  logs: LogLine[];
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

export async function serveTestApp(backend: Backend, overrides: Partial<ServerConfig> = {}): Promise<ServedApp> {
  const testDb = await backend.openSeeded();
  const logs: LogLine[] = [];
  const logger = createLogger({ level: 'info', write: (line) => logs.push(JSON.parse(line) as LogLine) });
  const config = defaultConfig({ distDir: '/nonexistent-dist-for-tests', dataDir: '/nonexistent-data-for-tests', ...overrides });
  const app = createApp({ db: testDb.db, config, logger, storage: new MemoryStorage() });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  const port = (server.address() as AddressInfo).port;
  return {
    db: testDb.db,
    port,
    logs,
    app,
    async close() {
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await testDb.dispose();
    },
  };
}

export interface Answer {
  status: number;
  connection: string | undefined;
  text: string;
  /** the client's port of the connection that carried it: the same port means the same connection */
  localPort: number;
  /** bytes of the body written before the request ended or was given up */
  sent: number;
}

export interface SendOptions {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** the whole body, sent at once */
  body?: Uint8Array;
  /**
   * or a body of `size` bytes of `fill`, written in 64 KiB chunks: with Content-Length when
   * `declare`, else chunked
   */
  stream?: { size: number; fill: number; declare: boolean };
}

const CHUNK = 64 * 1024;
const ANSWER_TIMEOUT_MS = 15_000;

/**
 * One request on `agent`. Rejects when no answer came (the connection was dropped); an error
 * writing the body after the answer came is not a failure (the server may stop reading).
 */
export function send(agent: http.Agent, port: number, o: SendOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...o.headers };
    if (o.body) headers['Content-Length'] = o.body.byteLength;
    if (o.stream?.declare) headers['Content-Length'] = o.stream.size;
    let answered = false;
    let settled = false;
    let sent = 0;
    let stopWriting = false;
    const req = http.request({ host: '127.0.0.1', port, path: o.path, method: o.method, headers, agent }, (res) => {
      answered = true;
      const keep = res.headers.connection?.toLowerCase() !== 'close';
      if (!keep) stopWriting = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const localPort = req.socket?.localPort ?? 0;
      res.on('end', () => {
        if (settled) return;
        settled = true;
        if (!keep && !req.writableEnded) req.destroy();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text: Buffer.concat(chunks).toString(), localPort, sent });
      });
      res.on('close', () => {
        if (!settled) reject(new Error(`${o.method} ${o.path}: the answer broke off`));
      });
    });
    req.on('error', (e) => {
      if (!answered) reject(new Error(`${o.method} ${o.path}: no answer (${e.message})`));
    });
    // a server that neither answers nor closes fails the request, not the whole suite by its timeout
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      req.destroy();
      reject(new Error(`${o.method} ${o.path}: no answer in ${ANSWER_TIMEOUT_MS} ms`));
    }, ANSWER_TIMEOUT_MS);
    req.on('close', () => clearTimeout(timer));
    if (!o.stream) {
      if (o.body) sent = o.body.byteLength;
      req.end(o.body);
      return;
    }
    const { size, fill } = o.stream;
    const chunk = Buffer.alloc(CHUNK, fill);
    const pump = (): void => {
      while (!stopWriting && !req.destroyed && sent < size) {
        const part = Math.min(CHUNK, size - sent);
        sent += part;
        if (!req.write(part === CHUNK ? chunk : chunk.subarray(0, part))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!stopWriting && !req.destroyed) req.end();
    };
    pump();
  });
}
