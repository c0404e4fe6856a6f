// What a refusal leaves on the connection. A route that answers before it has read the whole body
// (a 413, a 401 before the body mattered, a bad file stopped part way) leaves the rest of the body
// on the socket, and a kept-alive client sends its next request behind it. Either the server reads
// that remainder before answering (small ones), or the answer says `Connection: close` and the
// client opens a new connection for its next request. Never both unsaid and unread: that is how a
// client's next request met a socket the server was dropping (ECONNRESET).
//
// Also here: telling an aborted request (the client went away) from a failed one.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';

/**
 * The most of an unread remainder the server reads (and throws away) to keep a connection; past
 * it the answer closes the connection instead. A refused JSON body overshoots its limit by a
 * chunk or two; a client that sends megabytes past a refusal pays a new connection.
 */
export const DRAIN_MAX_BYTES = 1024 * 1024;
/** How long the server waits for that remainder before it closes the connection instead. */
export const DRAIN_MAX_MS = 2000;

/**
 * After an answer that closes the connection, how long the server goes on reading (and dropping)
 * what the client still sends before it closes the socket for good. Closing at once with unread
 * bytes makes the kernel reset the connection, and a client still writing its body may then see
 * the reset (EPIPE, ECONNRESET) before it has read the answer.
 */
export const LINGER_MS = 2000;

/** The request body stopped because the client went away (socket closed before the body ended). */
export class ClientGoneError extends Error {
  constructor() {
    super('the client closed the connection before the request body ended');
    this.name = 'ClientGoneError';
  }
}

/** The Node request under @hono/node-server; null under app.request() (tests) or other runtimes. */
export function nodeIncoming(c: Context<AppEnv>): IncomingMessage | null {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof Readable ? (incoming as IncomingMessage) : null;
}

/** Body bytes a reader took off each request, so the unread remainder is known from Content-Length. */
const consumed = new WeakMap<IncomingMessage, number>();

export function noteConsumed(incoming: IncomingMessage, bytes: number): void {
  consumed.set(incoming, bytes);
}

/** True once the client has gone away (its socket closed, or the request's signal aborted). */
export function clientGone(c: Context<AppEnv>): boolean {
  // Under Node the socket tells (and reading the signal there would build an AbortController
  // for every request); app.request() in tests has only the signal.
  const incoming = nodeIncoming(c);
  if (incoming) return incoming.socket?.destroyed ?? false;
  return c.req.raw.signal.aborted;
}

/** Errors a body stream or fetch throws when its request was aborted. */
export function isAbortError(err: unknown): boolean {
  if (err instanceof ClientGoneError) return true;
  if (typeof err !== 'object' || err === null) return false;
  const { name, code, message } = err as { name?: unknown; code?: unknown; message?: unknown };
  return (
    name === 'AbortError' ||
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ABORT_ERR' ||
    message === 'aborted'
  );
}

/**
 * Reads and drops up to `maxBytes` of what is left of the body, for at most `maxMs`: true when the
 * body ended within both (the connection can carry the next request), false otherwise.
 */
function drain(incoming: IncomingMessage, maxBytes: number, maxMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let read = 0;
    const finish = (ended: boolean): void => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onFail);
      incoming.off('close', onFail);
      if (!ended) incoming.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer): void => {
      read += chunk.byteLength;
      if (read > maxBytes) finish(false);
    };
    const onEnd = (): void => finish(true);
    const onFail = (): void => finish(false);
    const timer = setTimeout(onFail, maxMs);
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onFail);
    incoming.once('close', onFail);
    incoming.resume();
  });
}

function closeAfter(c: Context<AppEnv>): void {
  try {
    c.res.headers.set('Connection', 'close');
  } catch {
    // an answer with immutable headers (a fetched Response): copy it
    const headers = new Headers(c.res.headers);
    headers.set('Connection', 'close');
    c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
  }
}

/**
 * A lingering close: once Node has written the answer it calls socket.destroySoon(); this socket's
 * does a half close instead (FIN after the answer), keeps dropping what the client still sends,
 * and closes when the client does or LINGER_MS later.
 */
function lingerAfter(incoming: IncomingMessage): void {
  const socket = incoming.socket as (Socket & { destroySoon?: () => void }) | null;
  if (!socket || socket.destroyed) return;
  if (incoming.listenerCount('data') + incoming.listenerCount('readable') === 0) {
    incoming.on('data', () => {});
    incoming.resume();
  }
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/**
 * After the route has answered: drains a small unread remainder of the body (so the connection
 * stays open) or marks the answer `Connection: close`. Nothing to do when the body was read to its
 * end, when the whole of it has arrived already (Node drops it from memory), or when the client
 * has gone.
 */
export function bodyRemainder(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const incoming = nodeIncoming(c);
    if (!incoming || incoming.readableEnded || incoming.destroyed || !incoming.socket || incoming.socket.destroyed) return;
    if (c.res.headers.get('Connection')?.toLowerCase() === 'close') return lingerAfter(incoming);
    // Another reader (a web stream over the request, a route's own iterator) still holds the body:
    // reading beside it would lose bytes, and the adapter's pauses would stall a drain.
    const held = incoming.listenerCount('data') + incoming.listenerCount('readable') > 0;
    if (!held && incoming.complete) return;
    const declared = Number(incoming.headers['content-length'] ?? NaN);
    const left = Number.isFinite(declared) ? declared - (consumed.get(incoming) ?? 0) : DRAIN_MAX_BYTES;
    if (held || left > DRAIN_MAX_BYTES || !(await drain(incoming, DRAIN_MAX_BYTES, DRAIN_MAX_MS))) {
      closeAfter(c);
      lingerAfter(incoming);
    }
  };
}
