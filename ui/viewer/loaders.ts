import { getSceneByShareCode, isApiError } from '../../api';
import { api } from '../app/api';
import { userTokenStore } from '../auth/storage';
import { sceneSourceOf } from './source';

// The two ways a viewer gets its scene (one viewer, two loaders): a share code (/scene-share) or a
// scene file address (/onlyShowScene?src=). Each answers the file's bytes and the scheme's name,
// or why there is nothing to show. Requests are silent: the viewer says what went wrong itself.

export type ViewerFailure =
  /** /onlyShowScene: src fails the URL rule ('scene link is wrong') */
  | 'bad-link'
  /** the share code is missing, unknown or revoked (one answer for all, as the server gives) */
  | 'not-shared'
  /** the file could not be fetched or was empty ('cannot get scene file') */
  | 'no-file';

export type ViewerSource = { readonly ok: true; readonly name: string; readonly bytes: Uint8Array } | { readonly ok: false; readonly reason: ViewerFailure };

export type ViewerLoader = (signal: AbortSignal) => Promise<ViewerSource>;

/**
 * GET of a scene file. The login (token and cookie) goes along only to this site: a src on
 * another site is fetched without credentials, so no session ever leaves for it.
 */
async function fetchSceneBytes(url: string, sameOrigin: boolean, signal: AbortSignal): Promise<Uint8Array | null> {
  const headers: Record<string, string> = {};
  const token = sameOrigin ? userTokenStore.get() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const res = await fetch(url, { headers, credentials: sameOrigin ? 'include' : 'omit', signal });
    if (res.status !== 200) return null;
    const bytes = new Uint8Array(await res.arrayBuffer());
    return bytes.byteLength > 0 ? bytes : null;
  } catch {
    return null;
  }
}

/** /scene-share?shareCode=: the scheme the code opens (no login needed). */
export function shareCodeLoader(code: string | null): ViewerLoader {
  return async (signal) => {
    if (!code) return { ok: false, reason: 'not-shared' };
    let scene;
    try {
      scene = await getSceneByShareCode(api, code, { signal, silent: true });
    } catch (e) {
      // 404 (unknown or revoked) and 400 (a malformed code) both mean the link does not open anything.
      const status = isApiError(e) ? e.status : null;
      return { ok: false, reason: status === 404 || status === 400 ? 'not-shared' : 'no-file' };
    }
    if (!scene.file) return { ok: false, reason: 'no-file' };
    const source = sceneSourceOf(scene.file, window.location.origin);
    const bytes = source.ok ? await fetchSceneBytes(source.url, source.sameOrigin, signal) : null;
    return bytes ? { ok: true, name: scene.name, bytes } : { ok: false, reason: 'no-file' };
  };
}

/** /onlyShowScene?src=: the scene file at src (checked by the URL rule first). */
export function sceneFileLoader(src: string | null): ViewerLoader {
  return async (signal) => {
    const source = sceneSourceOf(src, window.location.origin);
    if (!source.ok) return { ok: false, reason: 'bad-link' };
    const bytes = await fetchSceneBytes(source.url, source.sameOrigin, signal);
    return bytes ? { ok: true, name: '', bytes } : { ok: false, reason: 'no-file' };
  };
}
