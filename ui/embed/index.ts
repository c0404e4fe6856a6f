import { subscribe } from 'valtio/vanilla';
import { version as appVersion } from '../../package.json';
import { EMBED_ORIGINS_PATH, embedOriginsDataSchema } from '../../protocol/embed';
import { sendEventLogs } from '../../api';
import { api } from '../app/api';
import { kernelState } from '../kernel';
import { onSceneSaved } from '../scene/controller';
import { liveEmbedActions } from './actions';
import { setFrameResizer } from './frame';
import { createEmbedListener, type EmbedListener, type EmbedLogEvent } from './listener';

// The embedded editor (issue 19, protocol/embed.ts): when the workspace runs inside a partner's
// frame, a host page on the tenant's allow-list drives it by postMessage and hears what the
// designer does. Outside a frame nothing here runs.

const EVENT_LOG_APPID = 'design';

/** Whether this page is inside a frame (a partner's page holds it). */
export function isEmbedded(win: Window = window): boolean {
  try {
    return win.parent !== win;
  } catch {
    return true;
  }
}

/** The tenant's allowed host origins (GET /api/embed/origins); none when the server has no answer. */
async function fetchOrigins(): Promise<readonly string[]> {
  const data = await api.get<unknown>(EMBED_ORIGINS_PATH, undefined, { silent: true });
  const parsed = embedOriginsDataSchema.safeParse(data);
  return parsed.success ? parsed.data.origins : [];
}

/** The frame's parent origin as the browser knows it (Chrome: location.ancestorOrigins). */
function parentOrigin(): string | null {
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  return ancestors && ancestors.length > 0 ? ancestors.item(0) : null;
}

/** Refused origins go to the event log once each per visit: a page cannot flood the log through us. */
const loggedOrigins = new Set<string>();

function logEmbed(event: EmbedLogEvent): void {
  switch (event.kind) {
    case 'ignored':
      console.warn('[embed] message ignored', event.reason, event.origin);
      if (loggedOrigins.has(event.origin) || loggedOrigins.size > 50) return;
      loggedOrigins.add(event.origin);
      sendEventLogs(api, EVENT_LOG_APPID, [
        { event: 'embed_message_ignored', content: { origin: event.origin.slice(0, 200), reason: event.reason }, appid: EVENT_LOG_APPID, env: import.meta.env.MODE, version: appVersion },
      ]).catch(() => undefined);
      return;
    case 'invalid':
      console.warn('[embed] malformed message', event.origin, event.error.code, event.error.message.en);
      return;
    case 'failed':
      console.error('[embed] request failed', event.request, event.cause);
      return;
  }
}

let current: EmbedListener | null = null;

/** The listener of the workspace now on screen (tests and the screenshot script reach it). */
export function embedListener(): EmbedListener | null {
  return current;
}

/**
 * Starts the listener for the workspace's lifetime (HomeScreen): `ready` once the kernel is up,
 * then `saved` and `selectionChanged` as they happen. Returns the function that stops it.
 */
export function attachEmbed(): () => void {
  if (!isEmbedded()) return () => undefined;
  let listener: EmbedListener | null = null;
  listener = createEmbedListener({
    window,
    parent: window.parent,
    origins: fetchOrigins,
    parentOrigin: parentOrigin(),
    actions: liveEmbedActions((type, ids, requestId) => listener?.emit(type, { ids: [...ids], ...(requestId === undefined ? {} : { requestId }) })),
    log: logEmbed,
  });
  current = listener;
  const live = listener;
  let stopped = false;
  // The mirror changes on every frame drawn; only a change of the selection is news to the host.
  let selection = JSON.stringify(kernelState.selection);
  let announced = false;
  const onKernel = () => {
    if (!announced && kernelState.status === 'ready') {
      announced = true;
      void live.allowed.then(() => {
        if (!stopped) live.ready();
      });
    }
    const now = JSON.stringify(kernelState.selection);
    if (now === selection) return;
    selection = now;
    if (announced) live.emit('selectionChanged', { ids: [...kernelState.selection] });
  };
  setFrameResizer((width, height) => live.emit('resize', { width, height }));
  const cleanups: (() => void)[] = [
    onSceneSaved((scene) => live.emit('saved', { sceneId: scene.id, name: scene.name })),
    subscribe(kernelState, onKernel),
    () => setFrameResizer(null),
  ];
  onKernel();
  return () => {
    stopped = true;
    cleanups.forEach((fn) => fn());
    live.stop();
    if (current === live) current = null;
  };
}
