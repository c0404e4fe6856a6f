import { isUrl } from '../widgets/input';
import type { IntegratedQuote } from '../quote/quote-view';

// The viewer's pure rules: which scene file address /onlyShowScene may read, the share link and
// preview address the share dialog hands out, and what of a quote the viewer's summary shows.

/** The public read-only page a share code opens (core.md §2 /scene-share). */
export const SCENE_SHARE_PATH = '/scene-share';
/** The scene-only viewer (core.md §2 /onlyShowScene, opened in a new window). */
export const ONLY_SHOW_SCENE_PATH = '/onlyShowScene';

export type SceneSource =
  | { readonly ok: true; readonly url: string; readonly sameOrigin: boolean }
  | { readonly ok: false };

/**
 * core.md §5 "a scene link must be valid": src passes the URL rule (http, https, ftp or
 * protocol-relative, host, IP or localhost, optional port and path) or is a path on this site
 * (/files/...). sameOrigin says whether the login may travel with the request: a session token is
 * never sent to another site.
 */
export function sceneSourceOf(src: string | null | undefined, origin: string): SceneSource {
  const text = (src ?? '').trim();
  if (!text) return { ok: false };
  const sitePath = text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\') && !/\s/.test(text);
  if (!sitePath && !isUrl(text)) return { ok: false };
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    return { ok: false };
  }
  return { ok: true, url: url.href, sameOrigin: url.origin === new URL(origin).origin };
}

/** ?showQuotation=1 (and only 1) shows the quotation. */
export function showsQuotation(search: URLSearchParams): boolean {
  return search.get('showQuotation') === '1';
}

/** The share code of a /scene-share address, trimmed; null when there is none. */
export function shareCodeOf(search: URLSearchParams): string | null {
  const code = (search.get('shareCode') ?? '').trim();
  return code ? code : null;
}

/** The link the share dialog hands out: anyone holding it sees the scheme read-only. */
export function shareLink(origin: string, code: string): string {
  return `${origin}${SCENE_SHARE_PATH}?shareCode=${encodeURIComponent(code)}`;
}

/** The scene-only viewer of a scene file address, with the quotation when asked. */
export function onlyShowSceneHref(file: string, showQuotation: boolean): string {
  const q = new URLSearchParams({ src: file });
  if (showQuotation) q.set('showQuotation', '1');
  return `${ONLY_SHOW_SCENE_PATH}?${q.toString()}`;
}

/** One row of the viewer's quotation summary: a section (or a cabinet room) and its amount. */
export interface QuoteSummaryRow {
  readonly kind: 'cabinets' | 'doors' | 'wallBoards' | 'tiles';
  /** the cabinet room's name; '' for the other sections */
  readonly name: string;
  readonly amount: number;
}

export interface QuoteSummary {
  readonly rows: readonly QuoteSummaryRow[];
  readonly total: number;
  readonly totalCapital: string;
}

/**
 * The compact read-only summary of a whole quote: the cabinets room by room, then doors, wall
 * boards and tiles, each only when it has lines, and the grand total. null when the scene has
 * nothing to quote (no panel is shown then).
 */
export function quoteSummary(quote: IntegratedQuote): QuoteSummary | null {
  const rows: QuoteSummaryRow[] = quote.cabinets.rooms.map((room) => ({ kind: 'cabinets', name: room.roomName, amount: room.total }));
  if (quote.doors.rows.length > 0) rows.push({ kind: 'doors', name: '', amount: quote.doors.total });
  if (quote.wallBoards.rows.length > 0) rows.push({ kind: 'wallBoards', name: '', amount: quote.wallBoards.total });
  if (quote.tiles.rows.length > 0) rows.push({ kind: 'tiles', name: '', amount: quote.tiles.total });
  if (rows.length === 0) return null;
  return { rows, total: quote.total, totalCapital: quote.totalCapital };
}
