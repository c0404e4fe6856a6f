import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../api';
import type { AlbumImage } from '../../protocol/album';
import { serverAlbumSource } from '../../ui/album/source';
import { albumZip, fetchImages, schemeFileName, zipEntryNames } from '../../ui/album/zip';

// The album's two halves that need no browser: the pictures listed from the two services (one of
// which may be missing) and the zip a download makes.

function image(id: string, kind: AlbumImage['kind'], createdAt: string): AlbumImage {
  return { id, sceneId: '7', kind, url: `/files/${id}.jpg`, thumbUrl: `/files/${id}.thumb.jpg`, width: 1920, height: 1080, createdAt, label: '' };
}

type Answer = { status: number; body: unknown };

/** An API client over a fake server answering by path; it records what was asked. */
function clientWith(answers: Record<string, Answer>) {
  const asked: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://host');
    asked.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    const answer = answers[url.pathname] ?? { status: 404, body: { retcode: 404, retmsg: 'Not Found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { client: createApiClient({ baseURL: 'http://host/api', fetch: fetchFn }), asked };
}

const ok = (list: AlbumImage[]): Answer => ({ status: 200, body: { retcode: 0, retdata: list } });

describe('album source', () => {
  it('merges renders and panoramas newest first', async () => {
    const { client, asked } = clientWith({
      '/api/render/album': ok([image('r1', 'render', '2026-11-20T10:00:00Z'), image('r2', 'render', '2026-11-22T10:00:00Z')]),
      '/api/panos': ok([image('p1', 'pano', '2026-11-21T10:00:00Z'), image('p2', 'pano', '2026-11-23T08:00:00Z')]),
    });
    const list = await serverAlbumSource(client).list('7');
    expect(list.map((i) => i.id)).toEqual(['p2', 'r2', 'p1', 'r1']);
    expect(asked.sort()).toEqual(['GET /api/panos?sceneId=7', 'GET /api/render/album?sceneId=7']);
  });

  it('takes a missing endpoint (404) as none of that kind', async () => {
    const renders = clientWith({ '/api/render/album': ok([image('r1', 'render', '2026-11-20T10:00:00Z'), image('r2', 'render', '2026-11-22T10:00:00Z')]) });
    expect((await serverAlbumSource(renders.client).list('7')).map((i) => i.id)).toEqual(['r2', 'r1']);
    const panos = clientWith({ '/api/panos': ok([image('p1', 'pano', '2026-11-21T10:00:00Z')]) });
    expect((await serverAlbumSource(panos.client).list('7')).map((i) => i.id)).toEqual(['p1']);
  });

  it('fails when both are missing or one fails otherwise', async () => {
    await expect(serverAlbumSource(clientWith({}).client).list('7')).rejects.toMatchObject({ status: 404 });
    const broken = clientWith({
      '/api/render/album': ok([image('r1', 'render', '2026-11-20T10:00:00Z')]),
      '/api/panos': { status: 500, body: { retcode: 500, retmsg: 'boom' } },
    });
    await expect(serverAlbumSource(broken.client).list('7')).rejects.toMatchObject({ status: 500 });
  });

  it('deletes each kind where it is listed', async () => {
    const { client, asked } = clientWith({
      '/api/render/jobs/r%201': { status: 200, body: { retcode: 0, retdata: null } },
      '/api/panos/p1': { status: 200, body: { retcode: 0, retdata: null } },
    });
    const source = serverAlbumSource(client);
    await source.remove(image('r 1', 'render', '2026-11-20T10:00:00Z'));
    await source.remove(image('p1', 'pano', '2026-11-20T10:00:00Z'));
    expect(asked).toEqual(['DELETE /api/render/jobs/r%201', 'DELETE /api/panos/p1']);
    await expect(source.remove(image('gone', 'pano', '2026-11-20T10:00:00Z'))).rejects.toMatchObject({ status: 404 });
  });
});

describe('album zip', () => {
  const jpeg = (n: number): Uint8Array => Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 300 }, (_, i) => (i * n) & 0xff), 0xff, 0xd9]);

  it('names the files by their place in the selection and keeps their bytes', () => {
    const pictures = [jpeg(3), jpeg(5), jpeg(7)];
    const files = unzipSync(albumZip(pictures));
    expect(Object.keys(files).sort()).toEqual(['1.jpg', '2.jpg', '3.jpg']);
    pictures.forEach((bytes, i) => expect(files[`${i + 1}.jpg`]).toEqual(bytes));
    expect(zipEntryNames(12).slice(9)).toEqual(['10.jpg', '11.jpg', '12.jpg']);
  });

  it('fetches every picture in order and fails when one cannot be had', async () => {
    const served: Record<string, Uint8Array> = { '/a.jpg': jpeg(2), '/b.jpg': jpeg(9) };
    const fetcher = (async (input: RequestInfo | URL) => {
      const body = served[String(input)];
      return body ? new Response(body as BlobPart) : new Response('no', { status: 404 });
    }) as typeof fetch;
    const got = await fetchImages(['/b.jpg', '/a.jpg'], fetcher);
    expect(got).toEqual([served['/b.jpg'], served['/a.jpg']]);
    await expect(fetchImages(['/a.jpg', '/missing.jpg'], fetcher)).rejects.toThrow('404 /missing.jpg');
  });

  it('names the zip after the scheme', () => {
    expect(schemeFileName('三居室 / 现代', 'zip')).toBe('三居室 现代.zip');
    expect(schemeFileName('  ', 'pdf')).toBe('album.pdf');
  });
});
