import type { ApiClient, RequestOptions } from './client';
import type { AlbumImage } from '../protocol/album';
import type { RenderCouponType, RenderCoupons, RenderJob, RenderSubmit } from '../protocol/render-jobs';

// Cloud render jobs (docs/rendering.md): /api/render, { retcode, retmsg, retdata }. A submission
// spends one coupon of its resolution and mode; a job that fails (or is cancelled before it
// starts) gives it back. Pictures are same-origin addresses (/files/renders/...).

export type { AlbumImage } from '../protocol/album';
export type { RenderCamera } from '../protocol/render';
export * from '../protocol/render-jobs';

const PATH = '/api/render';

export interface RenderCouponsAnswer extends RenderCoupons {
  readonly types: readonly RenderCouponType[];
}

export function getRenderCoupons(client: ApiClient, options: RequestOptions = {}): Promise<RenderCouponsAnswer> {
  return client.get<RenderCouponsAnswer>(`${PATH}/coupons`, undefined, options);
}

export function submitRender(client: ApiClient, submit: RenderSubmit, options: RequestOptions = {}): Promise<RenderJob> {
  return client.post<RenderJob>(`${PATH}/jobs`, submit, options);
}

export function listRenderJobs(client: ApiClient, sceneId: number, options: RequestOptions = {}): Promise<RenderJob[]> {
  return client.get<RenderJob[]>(`${PATH}/jobs`, { sceneId }, options);
}

export function getRenderJob(client: ApiClient, id: string, options: RequestOptions = {}): Promise<RenderJob> {
  return client.get<RenderJob>(`${PATH}/jobs/${encodeURIComponent(id)}`, undefined, options);
}

export function cancelRender(client: ApiClient, id: string, options: RequestOptions = {}): Promise<RenderJob> {
  return client.post<RenderJob>(`${PATH}/jobs/${encodeURIComponent(id)}/cancel`, undefined, options);
}

export function deleteRender(client: ApiClient, id: string, options: RequestOptions = {}): Promise<null> {
  return client.delete<null>(`${PATH}/jobs/${encodeURIComponent(id)}`, undefined, options);
}

/** The scene's finished renders as album pictures (newest first). */
export function getRenderAlbum(client: ApiClient, sceneId: number, options: RequestOptions = {}): Promise<AlbumImage[]> {
  return client.get<AlbumImage[]>(`${PATH}/album`, { sceneId }, options);
}
