// A one-pass scanner for scene files (protocol/scene-file.ts SceneFile) that never holds the file:
// uploads are streamed to storage, and this looks at the bytes on their way past. It checks the
// structure (one JSON object, brackets matched, strings closed, bounded depth) and reads the three
// facts the server needs: the top-level "format", how many records there are, and how many of them
// are content. It does not check numbers and literals; the kernel validates every record on load.

/** Record types that every scene has, even an empty one: they do not make a scene non-empty. */
export const STRUCTURAL_RECORD_TYPES: ReadonlySet<string> = new Set(['meta', 'storey']);

export interface SceneScanResult {
  /** the top-level "format" value, or null when missing or not a short string */
  format: string | null;
  /** whether a top-level "records" array was present */
  hasRecords: boolean;
  records: number;
  /** records whose type is not structural: 0 means an empty scene */
  contentRecords: number;
  /** bytes scanned (the inflated size) */
  bytes: number;
}

export class SceneScanError extends Error {
  override name = 'SceneScanError';
}

const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const CAPTURE_MAX = 64;

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

type Capture = 'none' | 'topKey' | 'recordKey' | 'format' | 'recordType';

const decoder = new TextDecoder();

export class SceneScanner {
  private readonly stack: number[] = [];
  /** per open object: whether the next string is a key */
  private readonly expectKey: boolean[] = [];
  private inString = false;
  private escaped = false;
  private capture: Capture = 'none';
  private captured: number[] = [];
  private overflow = false;
  private topDone = false;
  private topKey: string | null = null;
  private recordKey: string | null = null;
  private recordType: string | null = null;
  private inRecordsArray = false;
  private format: string | null = null;
  private hasRecords = false;
  private records = 0;
  private contentRecords = 0;
  private bytes = 0;

  constructor(private readonly maxDepth: number) {}

  write(chunk: Uint8Array): void {
    this.bytes += chunk.byteLength;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) {
          this.inString = false;
          this.endCapture();
          continue;
        }
        if (this.capture !== 'none') {
          if (this.captured.length < CAPTURE_MAX) this.captured.push(b);
          else this.overflow = true;
        }
        continue;
      }
      if (isSpace(b)) continue;
      if (this.topDone) throw new SceneScanError('content after the end of the JSON object');
      const depth = this.stack.length;
      if (depth === 0 && b !== OPEN_OBJECT) throw new SceneScanError('a scene file is one JSON object');
      switch (b) {
        case QUOTE:
          this.startString(depth);
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          this.open(b, depth);
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          this.close(b, depth);
          break;
        case COLON:
          if (this.stack[depth - 1] !== OPEN_OBJECT || !this.expectKey[depth - 1]) throw new SceneScanError('unexpected ":"');
          this.expectKey[depth - 1] = false;
          break;
        case COMMA:
          if (this.stack[depth - 1] === OPEN_OBJECT) {
            this.expectKey[depth - 1] = true;
            if (depth === 1) this.topKey = null;
            if (depth === 3 && this.inRecordsArray) this.recordKey = null;
          }
          break;
        default:
          // a number or a literal; only its position is checked (inside a container)
          break;
      }
    }
  }

  private startString(depth: number): void {
    this.inString = true;
    this.captured = [];
    this.overflow = false;
    const inObject = this.stack[depth - 1] === OPEN_OBJECT;
    const isKey = inObject && this.expectKey[depth - 1] === true;
    if (isKey) {
      if (depth === 1) this.capture = 'topKey';
      else if (depth === 3 && this.inRecordsArray) this.capture = 'recordKey';
      else this.capture = 'none';
    } else if (depth === 1 && this.topKey === 'format') this.capture = 'format';
    else if (depth === 3 && this.inRecordsArray && this.recordKey === 'type') this.capture = 'recordType';
    else this.capture = 'none';
  }

  private endCapture(): void {
    if (this.capture === 'none') return;
    const text = this.overflow ? null : decoder.decode(new Uint8Array(this.captured));
    if (this.capture === 'topKey') this.topKey = text;
    else if (this.capture === 'recordKey') this.recordKey = text;
    else if (this.capture === 'format') this.format = text;
    else this.recordType = text;
    this.capture = 'none';
  }

  private open(b: number, depth: number): void {
    if (depth >= this.maxDepth) throw new SceneScanError(`nested deeper than ${this.maxDepth} levels`);
    if (this.stack[depth - 1] === OPEN_OBJECT && this.expectKey[depth - 1]) throw new SceneScanError('an object key must be a string');
    this.stack.push(b);
    this.expectKey.push(b === OPEN_OBJECT);
    const newDepth = depth + 1;
    if (newDepth === 2 && this.topKey === 'records') {
      if (b !== OPEN_ARRAY) throw new SceneScanError('"records" must be an array');
      this.inRecordsArray = true;
      this.hasRecords = true;
    } else if (newDepth === 3 && this.inRecordsArray) {
      if (b !== OPEN_OBJECT) throw new SceneScanError('every record must be an object');
      this.records++;
      this.recordKey = null;
      this.recordType = null;
    }
  }

  private close(b: number, depth: number): void {
    const top = this.stack[depth - 1];
    if (top === undefined || (b === CLOSE_OBJECT) !== (top === OPEN_OBJECT)) throw new SceneScanError('mismatched brackets');
    this.stack.pop();
    this.expectKey.pop();
    if (depth === 3 && this.inRecordsArray) {
      if (this.recordType === null || !STRUCTURAL_RECORD_TYPES.has(this.recordType)) this.contentRecords++;
    } else if (depth === 2 && this.inRecordsArray) {
      this.inRecordsArray = false;
    } else if (depth === 1) {
      this.topDone = true;
    }
  }

  /** Call after the last chunk; throws when the text ended early. */
  end(): SceneScanResult {
    if (this.inString || this.stack.length > 0 || !this.topDone) throw new SceneScanError('the file ends in the middle of the JSON');
    return {
      format: this.format,
      hasRecords: this.hasRecords,
      records: this.records,
      contentRecords: this.contentRecords,
      bytes: this.bytes,
    };
  }
}

/** Scans a whole file held in memory (tests, inline bodies). */
export function scanSceneBytes(bytes: Uint8Array, maxDepth: number): SceneScanResult {
  const scanner = new SceneScanner(maxDepth);
  scanner.write(bytes);
  return scanner.end();
}
