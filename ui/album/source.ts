import { isApiError, type ApiClient } from '../../api';
import type { AlbumImage } from '../../protocol/album';

// Where the album's pictures come from: the finished renders (GET /api/render/album?sceneId=…)
// and the panoramas (GET /api/panos?sceneId=…), both AlbumImage[] in the server's envelope.
// A server that does not offer one of the two (404: that service is not deployed, or an older
// server) simply has none of that kind; any other failure is a failure of the album.

export const RENDER_ALBUM_PATH = 'render/album';
export const PANO_LIST_PATH = 'panos';
/** a render is deleted as its job (docs/rendering.md: DELETE /api/render/jobs/{id}) */
export const RENDER_JOB_PATH = 'render/jobs';

/** The album's pictures of a scene, and how to delete one. The album screen is given one. */
export interface AlbumSource {
  /** Renders and panoramas of the scene, newest first. */
  list(sceneId: string, signal?: AbortSignal): Promise<AlbumImage[]>;
  /** Deletes one picture on the server. */
  remove(image: AlbumImage): Promise<void>;
}

function isNotFound(e: unknown): boolean {
  return isApiError(e) && e.status === 404;
}

/** Newest first; pictures of the same instant keep a stable order by id. */
export function newestFirst(images: readonly AlbumImage[]): AlbumImage[] {
  return [...images].sort((a, b) => {
    const d = Date.parse(b.createdAt) - Date.parse(a.createdAt);
    return d !== 0 && !Number.isNaN(d) ? d : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/**
 * Both lists merged, newest first. A 404 of one endpoint counts as an empty list; any other
 * failure (network, 500, a 404 of both: no album service at all) rejects with that error.
 */
export async function mergeAlbumLists(renders: Promise<readonly AlbumImage[]>, panos: Promise<readonly AlbumImage[]>): Promise<AlbumImage[]> {
  const results = await Promise.allSettled([renders, panos]);
  const lists: AlbumImage[][] = [];
  let missing = 0;
  for (const r of results) {
    if (r.status === 'fulfilled') lists.push([...(Array.isArray(r.value) ? r.value : [])]);
    else if (isNotFound(r.reason)) missing += 1;
    else throw r.reason;
  }
  if (missing === results.length) throw (results[0] as PromiseRejectedResult).reason;
  return newestFirst(lists.flat());
}

/** The album source over the server's API. */
export function serverAlbumSource(client: ApiClient): AlbumSource {
  return {
    list(sceneId, signal) {
      // Silent: a 404 here is expected and not worth a notice; the album says what else failed.
      const opts = { silent: true, ...(signal ? { signal } : {}) };
      return mergeAlbumLists(
        client.get<AlbumImage[]>(RENDER_ALBUM_PATH, { sceneId }, opts),
        client.get<AlbumImage[]>(PANO_LIST_PATH, { sceneId }, opts),
      );
    },
    async remove(image) {
      // A render's picture goes with its job (DELETE /api/render/jobs/<id>); a panorama is
      // deleted where it is listed (DELETE /api/panos/<id>).
      const path = image.kind === 'pano' ? PANO_LIST_PATH : RENDER_JOB_PATH;
      await client.delete(`${path}/${encodeURIComponent(image.id)}`, undefined, { silent: true });
    },
  };
}
