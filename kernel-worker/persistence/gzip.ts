import { gunzipSync, gzipSync } from 'fflate';

// Gzip for scene files. fflate writes the current time into the header unless told otherwise, and
// inflates without checking the trailer; a scene file must be byte-stable (save -> load -> save)
// and a damaged download must be refused, so both are handled here.

export const GZIP_MAGIC = [0x1f, 0x8b] as const;

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

export function gzipBytes(data: Uint8Array): Uint8Array {
  // mtime 0 = "no time stamp" (RFC 1952), so equal scenes compress to equal bytes.
  return gzipSync(data, { level: 6, mtime: 0 });
}

export class GzipError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'GzipError';
  }
}

/** Inflates a single-member gzip and checks its CRC-32 and length, so corruption is caught here. */
export function gunzipChecked(bytes: Uint8Array): Uint8Array {
  if (!isGzip(bytes)) throw new GzipError('not gzip data');
  if (bytes.length < 18) throw new GzipError(`gzip data cut short (${bytes.length} bytes)`);
  let out: Uint8Array;
  try {
    out = gunzipSync(bytes);
  } catch (e) {
    throw new GzipError(`gzip data is damaged: ${e instanceof Error ? e.message : String(e)}`);
  }
  const n = bytes.length;
  const trailerCrc = (bytes[n - 8]! | (bytes[n - 7]! << 8) | (bytes[n - 6]! << 16) | (bytes[n - 5]! << 24)) >>> 0;
  const trailerSize = (bytes[n - 4]! | (bytes[n - 3]! << 8) | (bytes[n - 2]! << 16) | (bytes[n - 1]! << 24)) >>> 0;
  if (trailerSize !== out.length >>> 0) {
    throw new GzipError(`gzip data is damaged: length ${out.length} does not match the trailer's ${trailerSize}`);
  }
  const crc = crc32(out);
  if (crc !== trailerCrc) {
    throw new GzipError(`gzip data is damaged: CRC-32 ${hex(crc)} does not match the trailer's ${hex(trailerCrc)}`);
  }
  return out;
}

function hex(n: number): string {
  return n.toString(16).padStart(8, '0');
}

let table: Uint32Array | null = null;

function crcTable(): Uint32Array {
  if (table) return table;
  table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[i] = c >>> 0;
  }
  return table;
}

export function crc32(data: Uint8Array): number {
  const t = crcTable();
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = t[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
