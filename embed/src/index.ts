import {
  DEFAULT_EMBED_TIMEOUT_MS,
  EMBED_PROTOCOL_VERSION,
  parseProductMessage,
  type EmbedError,
  type EmbedResultData,
  type HostMessage,
  type HostMessageOf,
  type HostMessageType,
  type InsertItem,
  type PlanPoint,
  type ProductEventOf,
  type ProductEventType,
  type ProductMessage,
} from '../../protocol/embed';

// @yfang/embed — the host page's side of the embed protocol (protocol/embed.ts, v1). It wraps the
// postMessage requests in promises: each request carries a requestId, the product's `result` (or
// an `error` event naming that id) settles it, and a timeout rejects it when nothing comes back.
// Messages are sent to the frame's exact origin and only messages from that origin and that frame
// are read (never '*').
//
//   const editor = await connect(iframe, { origin: 'https://design.example.com' });
//   editor.on('saved', (e) => console.log('saved scene', e.sceneId));
//   const { ids } = await editor.insertItems([{ modelId: 'M-1001', at: 'click' }]);

export type { EmbedError, InsertItem, PlanPoint, ProductEventOf, ProductEventType };
export { EMBED_PROTOCOL_VERSION };

/** A request the product refused (its code and zh/en message), or that timed out (code TIMEOUT). */
export class EmbedRequestError extends Error {
  constructor(
    readonly code: EmbedError['code'] | 'TIMEOUT' | 'DISCONNECTED',
    readonly messages: { readonly zh: string; readonly en: string },
    readonly request: HostMessageType | 'connect',
  ) {
    super(`${request}: ${code}: ${messages.en}`);
    this.name = 'EmbedRequestError';
  }
}

/** The frame's window and the page's, as far as the module needs them (a fake in tests). */
export interface FrameLike {
  readonly contentWindow: { postMessage(message: unknown, targetOrigin: string): void } | null;
}
export interface HostWindowLike {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface ConnectOptions {
  /** the design tool's origin, exactly ('https://design.example.com'); messages go only there */
  readonly origin: string;
  /** ms to wait for each result (default 60000) and for `ready` (default the same) */
  readonly timeoutMs?: number;
  /** the page's window (default: window) */
  readonly window?: HostWindowLike;
}

type Listener<T extends ProductEventType> = (event: ProductEventOf<T>) => void;

export interface EmbeddedEditor {
  /** what the product said in `ready` */
  readonly version: number;
  readonly capabilities: readonly string[];
  close(): Promise<EmbedResultData['close']>;
  insertItems(items: readonly InsertItem[]): Promise<EmbedResultData['insertItems']>;
  quickRoom(): Promise<EmbedResultData['quickRoom']>;
  cloneItem(options?: { id?: string; offset?: PlanPoint }): Promise<EmbedResultData['cloneItem']>;
  loadScene(target: { sceneId: number } | { url: string }): Promise<EmbedResultData['loadScene']>;
  closeWindow(): Promise<EmbedResultData['closeWindow']>;
  /** Listens to an event (resize, inserted, cloned, saved, selectionChanged, error); returns the unsubscribe. */
  on<T extends ProductEventType>(type: T, listener: Listener<T>): () => void;
  /** Stops listening; pending requests reject with DISCONNECTED. */
  disconnect(): void;
}

interface Pending {
  readonly request: HostMessageType;
  resolve(data: Record<string, unknown>): void;
  reject(error: EmbedRequestError): void;
  readonly timer: ReturnType<typeof setTimeout>;
}

function isExactOrigin(origin: string): boolean {
  return /^https?:\/\/[^/\s*]+$/.test(origin);
}

const TIMEOUT_TEXT = { zh: '设计工具未在规定时间内响应', en: 'The design tool did not answer in time' };
const DISCONNECTED_TEXT = { zh: '连接已断开', en: 'Disconnected' };

/**
 * Waits for the frame's `ready` (send nothing before it: the editor is still loading) and resolves
 * with the editor's handle. Rejects with TIMEOUT when `ready` does not come in time.
 */
export function connect(frame: FrameLike, options: ConnectOptions): Promise<EmbeddedEditor> {
  const { origin } = options;
  if (!isExactOrigin(origin)) return Promise.reject(new TypeError(`connect: origin must be an exact origin like https://host[:port], not ${origin}`));
  const win = options.window ?? (window as HostWindowLike);
  const timeoutMs = options.timeoutMs ?? DEFAULT_EMBED_TIMEOUT_MS;
  const pending = new Map<string, Pending>();
  const listeners = new Map<ProductEventType, Set<(event: ProductMessage) => void>>();
  let counter = 0;
  let connected = false;
  let readyEvent: ProductEventOf<'ready'> | null = null;
  let onReady: ((event: ProductEventOf<'ready'>) => void) | null = null;

  function fromFrame(event: MessageEvent): ProductMessage | null {
    // Exact origin and the frame's own window: another frame of the same site does not speak for it.
    if (event.origin !== origin || !frame.contentWindow || event.source !== (frame.contentWindow as unknown)) return null;
    return parseProductMessage(event.data);
  }

  function settle(requestId: string | undefined, outcome: { ok: true; data: Record<string, unknown> } | { ok: false; error: EmbedError }): void {
    if (requestId === undefined) return;
    const entry = pending.get(requestId);
    if (!entry) return;
    pending.delete(requestId);
    clearTimeout(entry.timer);
    if (outcome.ok) entry.resolve(outcome.data);
    else entry.reject(new EmbedRequestError(outcome.error.code, outcome.error.message, entry.request));
  }

  const onMessage = (event: MessageEvent) => {
    const message = fromFrame(event);
    if (!message) return;
    if (message.type === 'result') {
      settle(message.requestId, message.ok ? { ok: true, data: message.data } : { ok: false, error: message.error });
      return;
    }
    if (message.type === 'ready') {
      readyEvent = message;
      onReady?.(message);
    }
    // An error event naming a request (a malformed one) settles it too.
    if (message.type === 'error') settle(message.requestId, { ok: false, error: message.error });
    listeners.get(message.type)?.forEach((listener) => {
      try {
        listener(message);
      } catch (e) {
        console.error('[@yfang/embed] listener failed', e);
      }
    });
  };
  win.addEventListener('message', onMessage);

  function send<T extends HostMessageType>(type: T, fields: Omit<HostMessageOf<T>, 'v' | 'type' | 'requestId'>): Promise<EmbedResultData[T]> {
    if (!connected) return Promise.reject(new EmbedRequestError('DISCONNECTED', DISCONNECTED_TEXT, type));
    const target = frame.contentWindow;
    if (!target) return Promise.reject(new EmbedRequestError('DISCONNECTED', DISCONNECTED_TEXT, type));
    counter += 1;
    const requestId = `r${counter}-${Math.floor(Math.random() * 1e9).toString(36)}`;
    const message = { v: EMBED_PROTOCOL_VERSION, type, requestId, ...fields } as HostMessage;
    return new Promise<EmbedResultData[T]>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(requestId);
        reject(new EmbedRequestError('TIMEOUT', TIMEOUT_TEXT, type));
      }, timeoutMs);
      pending.set(requestId, { request: type, resolve: (data) => resolve(data as unknown as EmbedResultData[T]), reject, timer });
      target.postMessage(message, origin);
    });
  }

  function disconnect(): void {
    connected = false;
    win.removeEventListener('message', onMessage);
    for (const entry of pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(new EmbedRequestError('DISCONNECTED', DISCONNECTED_TEXT, entry.request));
    }
    pending.clear();
  }

  return new Promise<EmbeddedEditor>((resolve, reject) => {
    const timer = setTimeout(() => {
      onReady = null;
      disconnect();
      reject(new EmbedRequestError('TIMEOUT', TIMEOUT_TEXT, 'connect'));
    }, timeoutMs);
    const done = (ready: ProductEventOf<'ready'>) => {
      clearTimeout(timer);
      onReady = null;
      connected = true;
      resolve({
        version: ready.version,
        capabilities: ready.capabilities,
        close: () => send('close', {}),
        insertItems: (items) => send('insertItems', { items: [...items] }),
        quickRoom: () => send('quickRoom', {}),
        cloneItem: (opts = {}) => send('cloneItem', { ...(opts.id === undefined ? {} : { id: opts.id }), ...(opts.offset === undefined ? {} : { offset: opts.offset }) }),
        loadScene: (target) => send('loadScene', 'sceneId' in target ? { sceneId: target.sceneId } : { url: target.url }),
        closeWindow: () => send('closeWindow', {}),
        on: (type, listener) => {
          let set = listeners.get(type);
          if (!set) listeners.set(type, (set = new Set()));
          const wrapped = listener as (event: ProductMessage) => void;
          set.add(wrapped);
          return () => void set.delete(wrapped);
        },
        disconnect,
      });
    };
    if (readyEvent) done(readyEvent);
    else onReady = done;
  });
}
