import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';

// pdfjs-dist, loaded only when a PDF is first shown: the library (~400 kB) and its worker are
// chunks of their own, never in the workspace's bundle. The worker is bundled by Vite (?worker)
// rather than copied as shipped (?url): pdfjs ships syntax newer than the Chrome 80 the build
// targets, and only a bundled chunk is lowered. One worker serves every document (workerPort).

type Pdfjs = typeof import('pdfjs-dist');
let loading: Promise<Pdfjs> | null = null;

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.mjs?worker')])
    .then(([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerPort = new worker.default();
      return pdfjs;
    })
    .catch((e: unknown) => {
      // A failed chunk load (a new deployment, a dropped connection) may work the next time.
      loading = null;
      throw e;
    });
  return loading;
}

/** Where a PDF comes from: an address (the server's, or a blob: of a PDF made here) or its bytes. */
export type PdfSource = { readonly url: string } | { readonly data: Uint8Array };

export async function openPdf(source: PdfSource): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  // pdfjs transfers the bytes to its worker: it gets a copy, so the caller's stay usable.
  const params = 'url' in source ? { url: source.url, withCredentials: true } : { data: source.data.slice() };
  return pdfjs.getDocument(params).promise;
}

/** catalogues.md §4 page turner: the page is kept between 1 and the total. */
export function clampPage(page: number, total: number): number {
  if (total < 1) return 1;
  return Math.min(Math.max(1, Math.round(page)), total);
}

/** The scale at which a page fits a box (CSS px), never above `max`. */
export function fitScale(pageWidth: number, pageHeight: number, boxWidth: number, boxHeight: number, max = 4): number {
  if (pageWidth <= 0 || pageHeight <= 0 || boxWidth <= 0 || boxHeight <= 0) return 1;
  return Math.min(boxWidth / pageWidth, boxHeight / pageHeight, max);
}

/** The page drawn as a PNG at `scale` (1: 72 dpi; the download uses 2.5 for print-like detail). */
export async function pagePng(page: PDFPageProxy, scale: number): Promise<Uint8Array> {
  const viewport = page.getViewport({ scale });
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(viewport.width);
  canvas.height = Math.ceil(viewport.height);
  await page.render({ canvas, viewport, background: '#ffffff' }).promise;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('canvas.toBlob gave no image');
  return new Uint8Array(await blob.arrayBuffer());
}
