// Helpers of the catalogue suites: an app with file storage in a temp folder, signed-in callers
// and a small PNG reader that checks what the server draws.
import { Readable } from 'node:stream';
import { crc32, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApiClient, createMemoryTokenStore, type ApiClient } from '../../api/client';
import { login } from '../../api/session';
import { createApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { silentLogger } from '../../server/logger';
import type { FileStorage, PutOptions, StoredObjectInfo } from '../../server/storage/types';
import { envelope, type Backend, type EnvelopeBody } from './helpers';

export type TestApp = ReturnType<typeof createApp>;

/**
 * FileStorage in memory, counting writes. The catalogue only needs the interface; keeping the
 * disk out of these suites keeps them about the catalogue (the disk store has its own tests).
 */
export class MemoryStorage implements FileStorage {
  readonly objects = new Map<string, { bytes: Uint8Array; info: StoredObjectInfo }>();
  puts = 0;

  async put(key: string, body: Uint8Array | Readable, options: PutOptions): Promise<StoredObjectInfo> {
    const chunks: Uint8Array[] = [];
    if (body instanceof Uint8Array) chunks.push(body);
    else for await (const chunk of body) chunks.push(chunk as Uint8Array);
    const bytes = new Uint8Array(Buffer.concat(chunks));
    const info: StoredObjectInfo = { key, size: bytes.length, contentType: options.contentType, gzip: options.gzip ?? false };
    this.objects.set(key, { bytes, info });
    this.puts++;
    return info;
  }
  async openRead(key: string) {
    const o = this.objects.get(key);
    return o ? { info: o.info, stream: Readable.from([Buffer.from(o.bytes)]) } : null;
  }
  async read(key: string) {
    return this.objects.get(key)?.bytes ?? null;
  }
  async stat(key: string) {
    return this.objects.get(key)?.info ?? null;
  }
  async delete(key: string) {
    this.objects.delete(key);
  }
  async copy(fromKey: string, toKey: string) {
    const o = this.objects.get(fromKey);
    if (!o) return null;
    const info = { ...o.info, key: toKey };
    this.objects.set(toKey, { bytes: o.bytes, info });
    return info;
  }
}

/** Migrated and seeded database (demo accounts and the catalogue) with the app on top. */
export async function openCatalogueApp(backend: Backend) {
  const testDb = await backend.openSeeded();
  const storage = new MemoryStorage();
  const config = defaultConfig({ distDir: '/nonexistent-dist-for-tests', dataDir: '/nonexistent-data-for-tests' });
  const app = createApp({ db: testDb.db, config, logger: silentLogger, storage });
  return { ...testDb, app, storage };
}

/**
 * For one describe block: a catalogue app on `backend` and an api/ client signed in as yfang's
 * designer, opened before the block's tests and closed after them. Read them inside tests.
 */
export function designerClientFixture(backend: Backend): { readonly app: () => TestApp; readonly client: () => ApiClient } {
  let app: TestApp | null = null;
  let client: ApiClient | null = null;
  let dispose: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    const opened = await openCatalogueApp(backend);
    app = opened.app;
    dispose = () => opened.dispose();
    client = apiClientFor(opened.app);
    await login(client, { project: 'yfang', account: 'designer', password: 'Design@2026' });
  });
  afterAll(async () => {
    await dispose?.();
  });
  const opened = <T>(value: T | null): T => {
    if (value === null) throw new Error('the catalogue app is not open yet (read it inside a test)');
    return value;
  };
  return { app: () => opened(app), client: () => opened(client) };
}

/** An api/ client whose requests go to `app` in-process (no socket), signed in with login() as the caller needs. */
export function apiClientFor(app: TestApp): ApiClient {
  return createApiClient({
    baseURL: 'http://catalogue.test/api',
    tokenStore: createMemoryTokenStore(),
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => app.request(input instanceof Request ? input : String(input), init)) as typeof fetch,
  });
}

export interface Reply<T = unknown> {
  status: number;
  body: EnvelopeBody & { retdata: T };
}

export interface Caller {
  token: string;
  get<T = unknown>(path: string, query?: Record<string, string | number>): Promise<Reply<T>>;
  post<T = unknown>(path: string, body: unknown): Promise<Reply<T>>;
  patch<T = unknown>(path: string, body: unknown): Promise<Reply<T>>;
  del<T = unknown>(path: string, query?: Record<string, string | number>): Promise<Reply<T>>;
}

function withQuery(p: string, query?: Record<string, string | number>): string {
  if (!query) return p;
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `${p}?${qs}`;
}

export async function signIn(app: TestApp, project: string, account: string, password: string): Promise<Caller> {
  const res = await app.request('/api/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'login', project, account, password }),
  });
  expect(res.status, `login ${project}/${account}`).toBe(200);
  const token = ((await envelope(res)).retdata as { token: string }).token;
  const call = async <T>(method: string, p: string, body?: unknown): Promise<Reply<T>> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await app.request(p, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as EnvelopeBody & { retdata: T } };
  };
  return {
    token,
    get: (p, q) => call('GET', withQuery(p, q)),
    post: (p, b) => call('POST', p, b),
    patch: (p, b) => call('PATCH', p, b),
    del: (p, q) => call('DELETE', withQuery(p, q)),
  };
}

export interface PngInfo {
  width: number;
  height: number;
  colourType: number;
  /** inflated image data: one filter byte and width*3 bytes per row */
  raw: Uint8Array;
}

/** Reads a PNG the way a decoder would: signature, chunk CRCs, IHDR, and the inflated IDAT size. */
export function readPng(bytes: Uint8Array): PngInfo {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let colourType = -1;
  const idat: Uint8Array[] = [];
  let sawEnd = false;
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    expect(view.getUint32(offset + 8 + length), `CRC of ${type}`).toBe(crc32(bytes.subarray(offset + 4, offset + 8 + length)));
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      expect(data[8], 'bit depth').toBe(8);
      colourType = data[9]!;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') sawEnd = true;
    offset += 12 + length;
  }
  expect(sawEnd).toBe(true);
  const joined = Buffer.concat(idat);
  const raw = new Uint8Array(inflateSync(joined));
  expect(raw.length).toBe((width * 3 + 1) * height);
  return { width, height, colourType, raw };
}
