import type { AlbumImage } from '../protocol/album';
import type { PanoPosition, Panorama, SharedPanorama } from '../protocol/panorama';
import type { ApiClient, RequestOptions } from './client';

// Panoramas (docs/panoramas.md): /api/panos for the owner, /api/pano-share/{code} for anyone
// holding a share code.

export interface NewPanorama {
  readonly sceneId: number;
  readonly storeyId: string;
  readonly position: PanoPosition;
  /** the room's name (at most 64 characters) */
  readonly label: string;
  /** the equirectangular JPEG, 2048, 4096 or 8192 wide, 2:1 */
  readonly image: Blob;
  /** a 100 x 100 JPEG */
  readonly thumb: Blob;
}

/** Stores a panorama the kernel made (multipart upload). Past the storage quota: HTTP 507. */
export function createPanorama(client: ApiClient, pano: NewPanorama, options: RequestOptions = {}): Promise<Panorama> {
  const form = new FormData();
  form.append('sceneId', String(pano.sceneId));
  form.append('storeyId', pano.storeyId);
  form.append('x', String(pano.position.x));
  form.append('y', String(pano.position.y));
  form.append('z', String(pano.position.z));
  form.append('label', pano.label.slice(0, 64));
  form.append('image', pano.image, 'pano.jpg');
  form.append('thumb', pano.thumb, 'thumb.jpg');
  // an 8K image over a slow line takes a while
  return client.post<Panorama>('panos', form, { timeout: 300_000, ...options });
}

/** The scene's panoramas as album pictures (kind 'pano'), oldest first. */
export function listPanoramas(client: ApiClient, sceneId: number, options: RequestOptions = {}): Promise<AlbumImage[]> {
  return client.get<AlbumImage[]>('panos', { sceneId }, options);
}

/** The scene's panoramas with where each was taken (the walk). */
export function walkPanoramas(client: ApiClient, sceneId: number, options: RequestOptions = {}): Promise<Panorama[]> {
  return client.get<Panorama[]>('panos/walk', { sceneId }, options);
}

export function getPanorama(client: ApiClient, id: string, options: RequestOptions = {}): Promise<Panorama> {
  return client.get<Panorama>(`panos/${encodeURIComponent(id)}`, undefined, options);
}

export function deletePanorama(client: ApiClient, id: string, options: RequestOptions = {}): Promise<{ id: string }> {
  return client.delete<{ id: string }>(`panos/${encodeURIComponent(id)}`, undefined, options);
}

/** The panorama's share code (made on first call; the same code after). */
export function sharePanorama(client: ApiClient, id: string, options: RequestOptions = {}): Promise<{ id: string; shareCode: string }> {
  return client.post<{ id: string; shareCode: string }>(`panos/${encodeURIComponent(id)}/share`, undefined, options);
}

/** Ends the share for good: the code's links answer 404; sharing again makes a new code. */
export function revokePanorama(client: ApiClient, id: string, options: RequestOptions = {}): Promise<{ id: string; shareCode: null }> {
  return client.post<{ id: string; shareCode: null }>(`panos/${encodeURIComponent(id)}/revoke`, undefined, options);
}

/** A shared panorama and its scene's other shared ones, without a login. */
export function getSharedPanorama(client: ApiClient, code: string, options: RequestOptions = {}): Promise<SharedPanorama> {
  return client.get<SharedPanorama>(`pano-share/${encodeURIComponent(code.trim())}`, undefined, options);
}
