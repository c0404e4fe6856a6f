// What an uploaded file really is, decided from its first bytes (never from the name or the
// Content-Type the client sent). Only these kinds are stored; nothing that a browser would run
// (HTML, SVG, scripts, executables) is on the list.

export interface FileKind {
  readonly id: 'png' | 'jpeg' | 'gif' | 'webp' | 'pdf' | 'json' | 'zip' | 'glb';
  /** for messages */
  readonly label: string;
  /** extensions a file of this kind may carry; the first is used when the name has none */
  readonly extensions: readonly string[];
  /** content type by extension; '*' for the rest */
  readonly contentTypes: Readonly<Record<string, string>>;
  /** stored gzip (text compresses; images and archives are compressed already) */
  readonly gzip: boolean;
}

const KINDS: Record<FileKind['id'], FileKind> = {
  png: { id: 'png', label: 'PNG', extensions: ['png'], contentTypes: { '*': 'image/png' }, gzip: false },
  jpeg: { id: 'jpeg', label: 'JPEG', extensions: ['jpg', 'jpeg'], contentTypes: { '*': 'image/jpeg' }, gzip: false },
  gif: { id: 'gif', label: 'GIF', extensions: ['gif'], contentTypes: { '*': 'image/gif' }, gzip: false },
  webp: { id: 'webp', label: 'WebP', extensions: ['webp'], contentTypes: { '*': 'image/webp' }, gzip: false },
  pdf: { id: 'pdf', label: 'PDF', extensions: ['pdf'], contentTypes: { '*': 'application/pdf' }, gzip: false },
  json: { id: 'json', label: 'JSON', extensions: ['json'], contentTypes: { '*': 'application/json' }, gzip: true },
  zip: {
    id: 'zip',
    label: 'ZIP',
    extensions: ['zip', 'xlsx'],
    contentTypes: { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '*': 'application/zip' },
    gzip: false,
  },
  glb: { id: 'glb', label: 'GLB', extensions: ['glb'], contentTypes: { '*': 'model/gltf-binary' }, gzip: false },
};

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

const ascii = (s: string): number[] => [...s].map((ch) => ch.charCodeAt(0));

function looksLikeJson(bytes: Uint8Array): boolean {
  let i = 0;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) i = 3;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  if (bytes[i] !== 0x7b && bytes[i] !== 0x5b) return false;
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes));
    return true;
  } catch {
    return false;
  }
}

/** The kind of the content, or null when it is none of the allowed kinds. */
export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return KINDS.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return KINDS.jpeg;
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return KINDS.gif;
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return KINDS.webp;
  if (startsWith(bytes, ascii('%PDF-'))) return KINDS.pdf;
  // local file header, or the end record of an empty archive
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return KINDS.zip;
  // binary glTF: magic "glTF", then version 2 as a little-endian uint32
  if (startsWith(bytes, ascii('glTF')) && startsWith(bytes, [2, 0, 0, 0], 4)) return KINDS.glb;
  if (looksLikeJson(bytes)) return KINDS.json;
  return null;
}

/** Lower-case extension of a file name ('' when none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function contentTypeFor(kind: FileKind, extension: string): string {
  return kind.contentTypes[extension] ?? kind.contentTypes['*']!;
}
