import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createGzip, gunzip, gzip } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { SAFE_KEY, type FileStorage, type PutOptions, type StoredObjectInfo } from './types';

// Local-disk storage: each object is a data file plus a small JSON sidecar with its content type.
// Writes go to a temp file, are fsynced and renamed into place, so a crash never leaves half a file
// under a key that a database row already points to. put() answers only after the renames are
// durable (the directory fsynced); puts into one directory at the same time share that fsync.

interface Sidecar {
  contentType: string;
  gzip: boolean;
  size: number;
}

export class LocalDiskStorage implements FileStorage {
  /** Directories known to exist: a save would otherwise ask the file system on every put. */
  private readonly dirs = new Set<string>();
  private readonly dirSyncs = new DirSyncs();

  constructor(private readonly root: string) {}

  private async ensureDir(dir: string): Promise<void> {
    if (this.dirs.has(dir)) return;
    await fs.mkdir(dir, { recursive: true });
    this.dirs.add(dir);
  }

  /** Opens a new temp file; a directory removed behind the cache's back is made again. */
  private async openTemp(tmp: string): Promise<FileHandle> {
    const dir = path.dirname(tmp);
    await this.ensureDir(dir);
    try {
      return await fs.open(tmp, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      this.dirs.delete(dir);
      await this.ensureDir(dir);
      return fs.open(tmp, 'wx');
    }
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new Error(`unsafe storage key: ${key}`);
    }
    return path.join(this.root, key);
  }

  async put(key: string, body: Uint8Array | AsyncIterable<Uint8Array>, options: PutOptions): Promise<StoredObjectInfo> {
    const target = this.pathOf(key);
    const tmp = `${target}.${randomUUID()}.tmp`;
    const compress = (options.gzip ?? false) && !options.preCompressed;
    const gzip = compress || (options.preCompressed ?? false);
    try {
      // One descriptor from open to fsync, and the size counted on the way: each file system call
      // is a trip through the thread pool, and a save makes several puts.
      const handle = await this.openTemp(tmp);
      let size = 0;
      try {
        if (body instanceof Uint8Array) {
          const bytes = compress ? await gzipAsync(body) : body;
          await handle.writeFile(bytes);
          size = bytes.byteLength;
        } else {
          let source: AsyncIterable<Uint8Array> = body;
          let upstream: Readable | null = null;
          if (compress) {
            const input = body instanceof Readable ? body : Readable.from(body, { objectMode: false });
            const deflate = createGzip();
            input.on('error', (e) => deflate.destroy(e));
            upstream = input;
            source = input.pipe(deflate);
          }
          try {
            // Leaving the loop early (a failed write) ends the body's iteration, which stops a
            // stream; a body that throws has ended itself.
            for await (const chunk of source) {
              await writeAll(handle, chunk);
              size += chunk.byteLength;
            }
          } catch (e) {
            upstream?.destroy();
            throw e;
          }
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      const sidecar: Sidecar = { contentType: options.contentType, gzip, size };
      await this.writeFileAtomic(`${target}.meta.json`, JSON.stringify(sidecar));
      await fs.rename(tmp, target);
      await this.dirSyncs.sync(path.dirname(target));
      return { key, size, contentType: options.contentType, gzip };
    } catch (e) {
      await fs.rm(tmp, { force: true });
      throw e;
    }
  }

  private async writeFileAtomic(file: string, content: string): Promise<void> {
    const tmp = `${file}.${randomUUID()}.tmp`;
    const handle = await this.openTemp(tmp);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, file);
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

async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}

/**
 * Group commit of directory fsyncs. A rename is durable once its directory is fsynced, and one
 * fsync covers every rename made before it started: a caller whose rename is done joins the next
 * fsync of that directory (never one already running, which may have started before its rename),
 * and all the callers that gathered meanwhile share it.
 */
class DirSyncs {
  private readonly state = new Map<string, { running: Promise<void>; next: Promise<void> | null }>();

  sync(dir: string): Promise<void> {
    const current = this.state.get(dir);
    if (!current) {
      const running = syncDir(dir).finally(() => this.settle(dir));
      this.state.set(dir, { running, next: null });
      return running;
    }
    current.next ??= current.running.then(
      () => syncDir(dir),
      () => syncDir(dir),
    );
    return current.next;
  }

  private settle(dir: string): void {
    const current = this.state.get(dir);
    if (!current) return;
    if (current.next) {
      const running = current.next.finally(() => this.settle(dir));
      this.state.set(dir, { running, next: null });
    } else {
      this.state.delete(dir);
    }
  }
}

async function syncDir(dir: string): Promise<void> {
  // Directory fsync makes the rename itself durable; some filesystems refuse it, which is harmless.
  let handle;
  try {
    handle = await fs.open(dir, 'r');
  } catch {
    return;
  }
  try {
    await handle.sync();
  } catch {
    /* not supported here */
  } finally {
    await handle.close();
  }
}
