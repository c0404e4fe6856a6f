import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip, gunzip, gzip } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { SAFE_KEY, type FileStorage, type PutOptions, type StoredObjectInfo } from './types';

// Local-disk storage: each object is a data file plus a small JSON sidecar with its content type.
// Writes go to a temp file, are fsynced and renamed into place, so a crash never leaves half a file
// under a key that a database row already points to.

interface Sidecar {
  contentType: string;
  gzip: boolean;
  size: number;
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new Error(`unsafe storage key: ${key}`);
    }
    return path.join(this.root, key);
  }

  async put(key: string, body: Uint8Array | Readable, options: PutOptions): Promise<StoredObjectInfo> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.tmp`;
    const compress = (options.gzip ?? false) && !options.preCompressed;
    const gzip = compress || (options.preCompressed ?? false);
    try {
      if (body instanceof Uint8Array) {
        await writeFileSynced(tmp, compress ? await gzipAsync(body) : body);
      } else {
        // A write stream that closes its own descriptor: with autoClose off, pipeline() would wait
        // for a 'close' that never comes. The data is fsynced through a second descriptor after.
        const out = createWriteStream(tmp, { flags: 'wx' });
        if (compress) await pipeline(body, createGzip(), out);
        else await pipeline(body, out);
        await syncFile(tmp);
      }
      const size = (await fs.stat(tmp)).size;
      const sidecar: Sidecar = { contentType: options.contentType, gzip, size };
      await writeFileAtomic(`${target}.meta.json`, JSON.stringify(sidecar));
      await fs.rename(tmp, target);
      await syncDir(path.dirname(target));
      return { key, size, contentType: options.contentType, gzip };
    } catch (e) {
      await fs.rm(tmp, { force: true });
      throw e;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    const target = this.pathOf(key);
    try {
      const sidecar = JSON.parse(await fs.readFile(`${target}.meta.json`, 'utf8')) as Sidecar;
      const size = (await fs.stat(target)).size;
      return { key, size, contentType: sidecar.contentType, gzip: sidecar.gzip };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async openRead(key: string): Promise<{ info: StoredObjectInfo; stream: Readable } | null> {
    const info = await this.stat(key);
    if (!info) return null;
    // Opened now, not lazily by the stream: a file deleted (or replaced) while the answer is still
    // being sent keeps streaming from the open descriptor instead of failing halfway.
    let handle;
    try {
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    const size = (await handle.stat()).size;
    return { info: { ...info, size }, stream: handle.createReadStream() };
  }

  async read(key: string): Promise<Uint8Array | null> {
    const info = await this.stat(key);
    if (!info) return null;
    const raw = await fs.readFile(this.pathOf(key));
    return info.gzip ? new Uint8Array(await gunzipAsync(raw)) : new Uint8Array(raw);
  }

  async copy(fromKey: string, toKey: string): Promise<StoredObjectInfo | null> {
    const opened = await this.openRead(fromKey);
    if (!opened) return null;
    const { contentType, gzip } = opened.info;
    return this.put(toKey, opened.stream, { contentType, gzip, preCompressed: gzip });
  }

  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.rm(target, { force: true });
    await fs.rm(`${target}.meta.json`, { force: true });
  }
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

async function writeFileSynced(file: string, content: Uint8Array | string): Promise<void> {
  const handle = await fs.open(file, 'wx');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeFileAtomic(file: string, content: string): Promise<void> {
  const tmp = `${file}.${randomUUID()}.tmp`;
  const handle = await fs.open(tmp, 'w');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
}

async function syncDir(dir: string): Promise<void> {
  // Directory fsync makes the rename itself durable; some filesystems refuse it, which is harmless.
  try {
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    /* not supported here */
  }
}
