import {
  EMBED_PROTOCOL_VERSION,
  HOST_MESSAGE_TYPES,
  embedError,
  errorEvent,
  errorResult,
  okResult,
  parseHostMessage,
  type EmbedError,
  type EmbedResultData,
  type HostMessage,
  type HostMessageOf,
  type HostMessageType,
  type ProductEventOf,
  type ProductEventType,
  type ProductMessage,
} from '../../protocol/embed';

// The editor's side of the embed protocol (protocol/embed.ts), free of the DOM and the kernel so
// that unit tests drive it with a fake window: who may talk to us (the tenant's allow-list,
// fetched once), exact-origin answers, validation before anything runs, one request at a time.
// What each request does is the EmbedActions given in (actions.ts binds them to the editor).

/** A request failed for a reason the host is told in its own words (code + zh/en). */
export class EmbedFailure extends Error {
  constructor(readonly error: EmbedError) {
    super(`${error.code}: ${error.message.en}`);
    this.name = 'EmbedFailure';
  }
}

/** One handler per request type; a rejection with an EmbedFailure becomes that error, anything else FAILED. */
export type EmbedActions = { readonly [T in HostMessageType]: (message: HostMessageOf<T>) => Promise<EmbedResultData[T]> };

/** The frame's window as far as the listener needs it. */
export interface EmbedWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** The host's window (window.parent). */
export interface EmbedTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

export type EmbedLogEvent =
  /** a message from an origin not on the allow-list (or not from the parent window) */
  | { readonly kind: 'ignored'; readonly origin: string; readonly reason: 'origin' | 'source' }
  /** a message from an allowed host that was not a valid request */
  | { readonly kind: 'invalid'; readonly origin: string; readonly error: EmbedError }
  /** a request failed unexpectedly (not an EmbedFailure) */
  | { readonly kind: 'failed'; readonly request: HostMessageType; readonly cause: unknown };

export interface EmbedListenerOptions {
  readonly window: EmbedWindow;
  readonly parent: EmbedTarget;
  /** the tenant's allowed host origins (GET /api/embed/origins); a rejection means none */
  readonly origins: () => Promise<readonly string[]>;
  /** the parent's origin when the browser tells it (location.ancestorOrigins[0]); events go only there */
  readonly parentOrigin?: string | null;
  readonly actions: EmbedActions;
  readonly log: (event: EmbedLogEvent) => void;
}

export interface EmbedListener {
  /** Resolves once the allow-list is known: the origins the listener answers. */
  readonly allowed: Promise<readonly string[]>;
  /** Sends an event to the host (dropped while no allowed host is known). */
  emit<T extends ProductEventType>(type: T, fields: Omit<ProductEventOf<T>, 'v' | 'type'>): void;
  /** `ready`, with the protocol version and the request types taken. */
  ready(): void;
  /** Resolves once every request received so far has been answered. */
  idle(): Promise<void>;
  stop(): void;
}

/** An origin as the allow-list holds it: scheme, host and port, nothing else; '*' and 'null' never match. */
function isExactOrigin(origin: string): boolean {
  return /^https?:\/\/[^/\s*]+$/.test(origin);
}

export function createEmbedListener(options: EmbedListenerOptions): EmbedListener {
  const { window: win, parent, actions, log } = options;
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();

  const allowed: Promise<readonly string[]> = options
    .origins()
    .then((list) => list.filter(isExactOrigin))
    .catch(() => []);

  /** Where events go: the parent's origin when known and allowed, else every allowed origin (the browser delivers to the one that matches). */
  async function eventOrigins(): Promise<readonly string[]> {
    const list = await allowed;
    const known = options.parentOrigin;
    if (known) return list.includes(known) ? [known] : [];
    return list;
  }

  function post(message: ProductMessage, origin: string): void {
    if (stopped) return;
    try {
      parent.postMessage(message, origin);
    } catch (cause) {
      // A frame navigated away under us: nothing to tell anyone.
      console.warn('[embed] postMessage failed', cause);
    }
  }

  function emit<T extends ProductEventType>(type: T, fields: Omit<ProductEventOf<T>, 'v' | 'type'>): void {
    const message = { v: EMBED_PROTOCOL_VERSION, type, ...fields } as unknown as ProductMessage;
    void eventOrigins().then((origins) => origins.forEach((origin) => post(message, origin)));
  }

  async function run(message: HostMessage, origin: string): Promise<void> {
    const { requestId } = message;
    const handler = actions[message.type] as (m: HostMessage) => Promise<EmbedResultData[HostMessageType]>;
    try {
      const data = await handler(message);
      post(okResult(message.type, data, requestId), origin);
    } catch (e) {
      if (!(e instanceof EmbedFailure)) log({ kind: 'failed', request: message.type, cause: e });
      const error = e instanceof EmbedFailure ? e.error : embedError('FAILED');
      post(errorResult(message.type, error, requestId), origin);
    }
  }

  async function receive(event: MessageEvent): Promise<void> {
    const list = await allowed;
    if (stopped) return;
    const origin = event.origin;
    if (!list.includes(origin)) {
      log({ kind: 'ignored', origin, reason: 'origin' });
      return;
    }
    // Only the page that holds the frame drives it, not another window of an allowed origin.
    if (event.source !== (parent as unknown)) {
      log({ kind: 'ignored', origin, reason: 'source' });
      return;
    }
    const parsed = parseHostMessage(event.data);
    if (!parsed.ok) {
      log({ kind: 'invalid', origin, error: parsed.error });
      post(errorEvent(parsed.error, parsed.requestId), origin);
      return;
    }
    const message = parsed.message;
    // One request at a time, in the order sent: an insert's batch never interleaves with a scene swap.
    queue = queue.then(() => (stopped ? undefined : run(message, origin)));
    await queue;
  }

  const onMessage = (event: MessageEvent) => {
    receive(event).catch((cause: unknown) => console.error('[embed] message not handled', cause));
  };
  win.addEventListener('message', onMessage);

  return {
    allowed,
    emit,
    ready: () => emit('ready', { version: EMBED_PROTOCOL_VERSION, capabilities: [...HOST_MESSAGE_TYPES] }),
    idle: async () => {
      await allowed;
      // Messages already received may still be waiting for the allow-list before they queue.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await queue;
    },
    stop: () => {
      stopped = true;
      win.removeEventListener('message', onMessage);
    },
  };
}
