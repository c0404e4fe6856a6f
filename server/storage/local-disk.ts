import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
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
      const source = body instanceof Uint8Array ? Readable.from([Buffer.from(body)]) : body;
      const handle = await fs.open(tmp, 'w');
      try {
        const out = handle.createWriteStream({ autoClose: false });
        if (compress) await pipeline(source, createGzip(), out);
        else await pipeline(source, out);
        await handle.sync();
      } finally {
        await handle.close();
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
    return { info, stream: createReadStream(this.pathOf(key)) };
  }

  async read(key: string): Promise<Uint8Array | null> {
    const info = await this.stat(key);
    if (!info) return null;
    const raw = await fs.readFile(this.pathOf(key));
    return info.gzip ? new Uint8Array(gunzipSync(raw)) : new Uint8Array(raw);
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
