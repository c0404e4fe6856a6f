import { zipSync, type Zippable } from 'fflate';
import { safeFileName } from '../quote/download';

// The album's download (core.md §5): the chosen pictures as one zip, named by their place in the
// selection and .jpg (1.jpg, 2.jpg, …). JPEGs are already compressed, so they are stored, not
// deflated again: the zip is made in one pass at memory speed.

/** The file names of n pictures in the zip, in selection order. */
export function zipEntryNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${i + 1}.jpg`);
}

/** One zip of the pictures' bytes, in the order given. */
export function albumZip(images: readonly Uint8Array[]): Uint8Array {
  const names = zipEntryNames(images.length);
  const files: Zippable = {};
  images.forEach((bytes, i) => {
    files[names[i]!] = [bytes, { level: 0 }];
  });
  return zipSync(files);
}

/** Bytes of each address, in order; any failure (HTTP error, network) rejects. */
export async function fetchImages(urls: readonly string[], fetcher: typeof fetch = fetch, signal?: AbortSignal): Promise<Uint8Array[]> {
  return Promise.all(
    urls.map(async (url) => {
      const res = await fetcher(url, { credentials: 'include', ...(signal ? { signal } : {}) });
      if (!res.ok) throw new Error(`${res.status} ${url}`);
      return new Uint8Array(await res.arrayBuffer());
    }),
  );
}

/** A download's file name from the scheme's name (characters no file system takes dropped). */
export function schemeFileName(schemeName: string, ext: string): string {
  return `${safeFileName(schemeName) || 'album'}.${ext}`;
}
