import type { PDFDocument, PDFImage, PDFPage } from 'pdf-lib';

// The design album (设计方案图册) of a scheme as a PDF the client keeps: a cover (the tenant's
// brand, the scheme, the client, the date, the first render as its picture), the house from above
// per storey, one page per chosen render, and the quotation summary when the scheme has a quote.
//
// Text: pdf-lib's standard fonts have no Chinese, and embedding a CJK font means shipping and
// subsetting a 10-20 MB file per album. Instead each page's words and lines are drawn on a
// canvas with the page's own CJK font (the one the UI shows) at 180 dpi and laid over the page as
// one transparent PNG; photographs are embedded as their original JPEG bytes under it, so they
// keep full quality. The PDF's text is therefore not selectable; its title and author (document
// information, UTF-16) still carry the scheme and brand for file browsers and search.
// pdf-lib itself is loaded only when an album is made.

/** A4 landscape, PDF points. */
export const PAGE_W = 842;
export const PAGE_H = 595;
const MARGIN = 40;
/** Canvas pixels per PDF point for the text layer (2.5: 180 dpi). */
const PX = 2.5;

const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d6d3cd';
const ACCENT = '#b08d57';
const PAPER = { r: 0.98, g: 0.973, b: 0.96 };
const PHOTO_BACK = { r: 0.93, g: 0.92, b: 0.9 };

export interface AlbumPicture {
  readonly title: string;
  readonly caption: string;
  /** JPEG or PNG (anything else is re-encoded as JPEG through a canvas) */
  readonly bytes: Uint8Array;
}

export interface AlbumQuoteSummary {
  readonly rows: readonly { readonly label: string; readonly amount: number }[];
  readonly total: number;
  readonly totalCapital: string;
  readonly note: string;
}

/** The words of the album, translated by the caller. */
export interface AlbumTexts {
  readonly kicker: string;
  readonly clientLabel: string;
  readonly dateLabel: string;
  readonly presentedBy: string;
  readonly quoteTitle: string;
  readonly quoteItem: string;
  readonly quoteAmount: string;
  readonly quoteTotal: string;
  readonly quoteCapital: string;
  /** "n / total" for the footer */
  readonly pageOf: (n: number, total: number) => string;
}

export interface DesignAlbumInput {
  readonly brand: { readonly name: string; readonly logo: string | null };
  readonly schemeName: string;
  readonly client: string;
  /** already formatted for the reader's language */
  readonly date: string;
  readonly plans: readonly AlbumPicture[];
  readonly renders: readonly AlbumPicture[];
  readonly quote: AlbumQuoteSummary | null;
  readonly texts: AlbumTexts;
  /** CSS font-family for the text (the UI's, with its CJK fonts) */
  readonly fontFamily: string;
  readonly creator: string;
}

/** How many pages the album of this input has. */
export function albumPageCount(input: Pick<DesignAlbumInput, 'plans' | 'renders' | 'quote'>): number {
  return 1 + input.plans.length + input.renders.length + (input.quote ? 1 : 0);
}

export function isJpeg(b: Uint8Array): boolean {
  return b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}

export function isPng(b: Uint8Array): boolean {
  return b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
}

/** A box (x, y from the page's bottom-left, PDF points) of `w` x `h` fitted into `box`, centred. */
export function fitInto(w: number, h: number, box: { x: number; y: number; w: number; h: number }) {
  const s = Math.min(box.w / w, box.h / h);
  const fw = w * s;
  const fh = h * s;
  return { x: box.x + (box.w - fw) / 2, y: box.y + (box.h - fh) / 2, w: fw, h: fh };
}

/** The same picture cropped to fill `box` (cover): the source rectangle to draw, in pixels. */
function coverCrop(w: number, h: number, boxW: number, boxH: number) {
  const s = Math.max(boxW / w, boxH / h);
  const cw = boxW / s;
  const ch = boxH / s;
  return { sx: (w - cw) / 2, sy: (h - ch) / 2, sw: cw, sh: ch };
}

async function toBlobBytes(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Uint8Array> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  if (!blob) throw new Error('canvas.toBlob gave no image');
  return new Uint8Array(await blob.arrayBuffer());
}

async function bitmapOf(bytes: Uint8Array): Promise<ImageBitmap> {
  return createImageBitmap(new Blob([bytes as BlobPart]));
}

async function embedPicture(pdf: PDFDocument, bytes: Uint8Array): Promise<PDFImage> {
  if (isJpeg(bytes)) return pdf.embedJpg(bytes);
  if (isPng(bytes)) return pdf.embedPng(bytes);
  const bitmap = await bitmapOf(bytes);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return pdf.embedJpg(await toBlobBytes(canvas, 'image/jpeg', 0.92));
}

async function loadImage(src: string): Promise<HTMLImageElement | null> {
  const img = new Image();
  img.src = src;
  try {
    await img.decode();
    return img;
  } catch {
    // A logo that cannot be drawn leaves the brand's name alone on the cover.
    return null;
  }
}

/** One page's text layer: a canvas in PDF points (y down, as canvases go), drawn at PX. */
class TextLayer {
  readonly canvas = document.createElement('canvas');
  readonly ctx: CanvasRenderingContext2D;
  constructor(private readonly family: string) {
    this.canvas.width = Math.round(PAGE_W * PX);
    this.canvas.height = Math.round(PAGE_H * PX);
    this.ctx = this.canvas.getContext('2d')!;
    this.ctx.scale(PX, PX);
    this.ctx.textBaseline = 'alphabetic';
  }
  font(size: number, weight = 400): this {
    this.ctx.font = `${weight} ${size}px ${this.family}`;
    return this;
  }
  /** Text at (x, y baseline), cut with an ellipsis to maxWidth; align left, right or centre. */
  text(s: string, x: number, y: number, color: string, opts: { align?: CanvasTextAlign; maxWidth?: number; spacing?: number } = {}): number {
    const { ctx } = this;
    ctx.fillStyle = color;
    ctx.textAlign = opts.align ?? 'left';
    if (opts.spacing) ctx.letterSpacing = `${opts.spacing}px`;
    let out = s;
    if (opts.maxWidth !== undefined && ctx.measureText(out).width > opts.maxWidth) {
      while (out.length > 1 && ctx.measureText(`${out}…`).width > opts.maxWidth) out = out.slice(0, -1);
      out = `${out}…`;
    }
    ctx.fillText(out, x, y);
    const w = ctx.measureText(out).width;
    ctx.letterSpacing = '0px';
    return w;
  }
  rule(x1: number, y1: number, x2: number, y2: number, color: string, width = 0.6): void {
    const { ctx } = this;
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    ctx.stroke();
  }
  async drawOn(pdf: PDFDocument, page: PDFPage): Promise<void> {
    const png = await pdf.embedPng(await toBlobBytes(this.canvas, 'image/png'));
    page.drawImage(png, { x: 0, y: 0, width: PAGE_W, height: PAGE_H });
  }
}

const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Makes the album; answers the PDF's bytes. */
export async function buildDesignAlbum(input: DesignAlbumInput): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(input.schemeName, { showInWindowTitleBar: true });
  pdf.setAuthor(input.brand.name);
  pdf.setSubject(input.texts.kicker);
  pdf.setCreator(input.creator);
  pdf.setProducer(input.creator);
  pdf.setCreationDate(new Date());
  const { texts } = input;
  const total = albumPageCount(input);
  const logo = input.brand.logo ? await loadImage(input.brand.logo) : null;
  const paper = rgb(PAPER.r, PAPER.g, PAPER.b);

  const newPage = () => {
    const page = pdf.addPage([PAGE_W, PAGE_H]);
    page.drawRectangle({ x: 0, y: 0, width: PAGE_W, height: PAGE_H, color: paper });
    return page;
  };

  /** The running head and foot of an inside page. */
  const frame = (layer: TextLayer, n: number, title: string, caption: string) => {
    if (logo) layer.ctx.drawImage(logo, MARGIN, 22, 14, 14);
    layer.font(8.5, 500).text(input.brand.name, MARGIN + (logo ? 20 : 0), 32.5, MUTED, { maxWidth: 300 });
    layer.font(8.5).text(input.schemeName, PAGE_W - MARGIN, 32.5, MUTED, { align: 'right', maxWidth: 360 });
    layer.rule(MARGIN, 42, PAGE_W - MARGIN, 42, RULE);
    layer.font(16, 600).text(title, MARGIN, 70, INK, { maxWidth: 520 });
    if (caption) layer.font(9).text(caption, PAGE_W - MARGIN, 70, MUTED, { align: 'right', maxWidth: 300 });
    layer.rule(MARGIN, PAGE_H - 34, PAGE_W - MARGIN, PAGE_H - 34, RULE);
    layer.font(8).text(input.date, MARGIN, PAGE_H - 20, MUTED);
    layer.font(8).text(texts.pageOf(n, total), PAGE_W - MARGIN, PAGE_H - 20, MUTED, { align: 'right' });
  };

  /** The picture area of an inside page (PDF coordinates, from the bottom). */
  const pictureBox = { x: MARGIN, y: 50, w: PAGE_W - 2 * MARGIN, h: PAGE_H - 50 - 86 };

  // ---- cover ----
  {
    const page = newPage();
    const layer = new TextLayer(input.fontFamily);
    const split = 340;
    const hero = input.renders[0] ?? input.plans[0];
    if (hero) {
      // The picture fills the right of the cover, cut to fit: drawn through a canvas so the crop
      // is real pixels (a PDF clip would still carry, and leak, the whole picture).
      const bitmap = await bitmapOf(hero.bytes);
      const boxW = PAGE_W - split;
      const scale = Math.min(2, bitmap.width / boxW);
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(boxW * scale);
      canvas.height = Math.round(PAGE_H * scale);
      const crop = coverCrop(bitmap.width, bitmap.height, canvas.width, canvas.height);
      canvas.getContext('2d')!.drawImage(bitmap, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, canvas.width, canvas.height);
      bitmap.close();
      const image = await pdf.embedJpg(await toBlobBytes(canvas, 'image/jpeg', 0.9));
      page.drawImage(image, { x: split, y: 0, width: boxW, height: PAGE_H });
    } else {
      page.drawRectangle({ x: split, y: 0, width: PAGE_W - split, height: PAGE_H, color: rgb(PHOTO_BACK.r, PHOTO_BACK.g, PHOTO_BACK.b) });
    }
    const left = 48;
    const width = split - 2 * left + 10;
    if (logo) layer.ctx.drawImage(logo, left, 52, 36, 36);
    layer.font(13, 600).text(input.brand.name, left + (logo ? 48 : 0), 76, INK, { maxWidth: width - (logo ? 48 : 0) });
    layer.font(9, 500).text(texts.kicker.toUpperCase(), left, 236, ACCENT, { spacing: 2, maxWidth: width });
    // The scheme's name over up to two lines.
    layer.font(26, 700);
    const lines = wrap(layer.ctx, input.schemeName, width, 2);
    lines.forEach((line, i) => layer.text(line, left, 276 + i * 34, INK));
    const below = 276 + (lines.length - 1) * 34 + 26;
    layer.rule(left, below, left + 48, below, ACCENT, 1.5);
    let y = below + 34;
    if (input.client) {
      layer.font(9).text(texts.clientLabel, left, y, MUTED);
      layer.font(12, 500).text(input.client, left, y + 17, INK, { maxWidth: width });
      y += 44;
    }
    layer.font(9).text(texts.dateLabel, left, y, MUTED);
    layer.font(12, 500).text(input.date, left, y + 17, INK);
    layer.rule(left, PAGE_H - 58, split - left + 10, PAGE_H - 58, RULE);
    layer.font(8.5).text(texts.presentedBy, left, PAGE_H - 40, MUTED, { maxWidth: width });
    await layer.drawOn(pdf, page);
  }

  let n = 1;
  // ---- the house from above, then the renders ----
  for (const picture of [...input.plans, ...input.renders]) {
    n += 1;
    const page = newPage();
    const image = await embedPicture(pdf, picture.bytes);
    const box = fitInto(image.width, image.height, pictureBox);
    page.drawRectangle({ x: box.x - 0.5, y: box.y - 0.5, width: box.w + 1, height: box.h + 1, color: rgb(0.84, 0.83, 0.8) });
    page.drawImage(image, { x: box.x, y: box.y, width: box.w, height: box.h });
    const layer = new TextLayer(input.fontFamily);
    frame(layer, n, picture.title, picture.caption);
    await layer.drawOn(pdf, page);
  }

  // ---- the quotation summary ----
  if (input.quote) {
    n += 1;
    const page = newPage();
    const layer = new TextLayer(input.fontFamily);
    frame(layer, n, texts.quoteTitle, '');
    const q = input.quote;
    const x1 = MARGIN + 120;
    const x2 = PAGE_W - MARGIN - 120;
    let y = 130;
    layer.font(9, 500).text(texts.quoteItem, x1, y, MUTED);
    layer.font(9, 500).text(texts.quoteAmount, x2, y, MUTED, { align: 'right' });
    layer.rule(x1, y + 10, x2, y + 10, INK, 0.8);
    y += 36;
    for (const row of q.rows) {
      layer.font(12).text(row.label, x1, y, INK);
      layer.font(12).text(`¥ ${money.format(row.amount)}`, x2, y, INK, { align: 'right' });
      layer.rule(x1, y + 13, x2, y + 13, RULE);
      y += 34;
    }
    y += 14;
    layer.font(13, 700).text(texts.quoteTotal, x1, y, INK);
    layer.font(20, 700).text(`¥ ${money.format(q.total)}`, x2, y + 2, INK, { align: 'right' });
    layer.rule(x1, y + 14, x2, y + 14, INK, 0.8);
    y += 36;
    layer.font(10).text(`${texts.quoteCapital}${q.totalCapital}`, x2, y, INK, { align: 'right', maxWidth: x2 - x1 });
    layer.font(8.5).text(q.note, x1, PAGE_H - 60, MUTED, { maxWidth: x2 - x1 });
    await layer.drawOn(pdf, page);
  }
  return pdf.save();
}

/** Words (or, for Chinese, characters) over at most `max` lines of `width`; the last one cut with …. */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number, max: number): string[] {
  // Latin words stay whole; Chinese breaks between any two characters.
  const units = text.match(/[A-Za-z0-9_.'-]+\s*|\s+|./gu) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const u of units) {
    if (line && ctx.measureText(line + u).width > width) {
      lines.push(line.trimEnd());
      line = u.trimStart();
    } else line += u;
  }
  if (line) lines.push(line.trimEnd());
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = kept[max - 1]!;
  while (last.length > 1 && ctx.measureText(`${last}…`).width > width) last = last.slice(0, -1);
  kept[max - 1] = `${last}…`;
  return kept;
}
