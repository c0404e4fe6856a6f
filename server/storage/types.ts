import type { Readable } from 'node:stream';

// Where scene files, previews, room-info files and uploads live. One interface, so a cloud object
// store can replace the local disk without touching the routes.

export interface StoredObjectInfo {
  readonly key: string;
  readonly size: number;
  readonly contentType: string;
  /** content is gzip on disk; readers decide whether to inflate or pass it through */
  readonly gzip: boolean;
}

export interface PutOptions {
  readonly contentType: string;
  /** store gzip-compressed (scene JSON); already-compressed formats (PNG, JPEG) are stored as they are */
  readonly gzip?: boolean;
  /**
   * the body is already gzip (a client that compressed its scene file): stored as it is and
   * recorded as gzip, so it is neither compressed twice nor inflated on the way in
   */
  readonly preCompressed?: boolean;
}

export interface FileStorage {
  /**
   * Writes atomically: readers see the old object or the whole new one, never a partial file. A
   * streamed body that fails (throws) part way leaves nothing under the key.
   */
  put(key: string, body: Uint8Array | AsyncIterable<Uint8Array>, options: PutOptions): Promise<StoredObjectInfo>;
  /** Streams the stored bytes (still gzip if stored gzip); null when missing. */
  openRead(key: string): Promise<{ info: StoredObjectInfo; stream: Readable } | null>;
  /** Whole content, inflated when stored gzip. For small objects and tests. */
  read(key: string): Promise<Uint8Array | null>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** Copies the stored bytes (and their content type and gzip flag) to a new key, atomically like put. */
  copy(fromKey: string, toKey: string): Promise<StoredObjectInfo | null>;
}

/** Object keys are server-made (`scenes/<project>/<id>/<uuid>.json`), never raw user input. */
export const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9_./-]{0,255}$/;
