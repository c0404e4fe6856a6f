// Scene uploads over a real socket (server/main.ts as a process): the route reads the
// IncomingMessage itself rather than the Request's web stream, and a file refused part way leaves
// the rest of its body unread. The refusal must still reach the client, and the client's next
// request (on a kept-alive connection) must not land on a connection the server is dropping.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENE_FILE_FORMAT } from '../../protocol/scene-file';
import { spawnServer, type SpawnedServer } from './spawn-server';

describe('scene upload over a socket', () => {
  let dataDir: string;
  let server: SpawnedServer;
  let base: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-upload-socket-'));
    server = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    base = `http://127.0.0.1:${await server.ready}`;
    const login = await fetch(`${base}/api/session`, {
      method: 'POST',
      body: JSON.stringify({ action: 'login', project: 'yfang', account: 'designer', password: 'Design@2026' }),
    });
    auth = { Authorization: `Bearer ${((await login.json()) as { retdata: { token: string } }).retdata.token}` };
  });

  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exit;
    rmSync(dataDir, { recursive: true, force: true });
  });

  // node:http rather than fetch, whose answers do not show the Connection header.
  const upload = (body: Uint8Array) =>
    new Promise<{ status: number; connection: string | undefined; body: { data: { reason?: string; contentRecords?: number } } }>((resolve, reject) => {
      const req = http.request(`${base}/meta20/x/scene/upload?kind=scene`, { method: 'POST', headers: { ...auth, 'Content-Length': body.byteLength } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(Buffer.concat(chunks).toString()) }));
        res.on('error', reject);
      });
      // The server may stop reading and close before the whole body is written.
      req.on('error', () => {});
      req.end(body);
    });

  it('refuses bad files early, says the connection closes, and serves the next request', async () => {
    // Megabytes after the first bad byte: the server stops reading at once.
    const broken = Buffer.concat([Buffer.from('[1,2,3'), Buffer.alloc(8 * 1024 * 1024, 0x20)]);
    const notGzip = Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.alloc(3 * 1024 * 1024, 7)]);
    // The gzip of the broken file is a few KB, most likely read whole before its inflated bytes
    // fail (the connection then stays open): either answer is right for it.
    for (const [body, reason, connection] of [
      [broken, 'a scene file is one JSON object', 'close'],
      [gzipSync(broken), 'a scene file is one JSON object', null],
      [notGzip, 'not valid gzip', 'close'],
    ] as const) {
      const refused = await upload(body);
      expect(refused.status).toBe(400);
      expect(refused.body.data.reason).toContain(reason);
      if (connection) expect(refused.connection).toBe(connection);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }

    const records = [
      { id: 'meta', type: 'meta', name: 'x' },
      { id: 'w1', type: 'wall' },
    ];
    const good = await upload(gzipSync(JSON.stringify({ format: SCENE_FILE_FORMAT, schema: {}, meta: {}, records })));
    expect(good.status).toBe(200);
    expect(good.body.data.contentRecords).toBe(1);
    expect(good.connection).not.toBe('close');
  });
});
