// The input helpers of core.md §5 and catalogues.md §5, pure: what a number-only or decimal box
// keeps of a keystroke, the URL check, and the text width used to fit labels.

/** core.md §5: number-only inputs strip non-digits. */
export function numberOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/**
 * core.md §5: decimal inputs keep digits and one decimal point (the first). With `precision`,
 * digits past that many decimals are dropped as they are typed (2 for money and areas, the
 * rounding default of catalogues.md §5; 3 for quantities).
 */
export function decimalOnly(text: string, precision?: number): string {
  const kept = text.replace(/[^\d.]+/g, '');
  const dot = kept.indexOf('.');
  if (dot < 0) return kept;
  const decimals = kept.slice(dot + 1).replace(/\./g, '');
  const cut = precision === undefined ? decimals : decimals.slice(0, Math.max(0, Math.floor(precision)));
  return precision === 0 ? kept.slice(0, dot) : `${kept.slice(0, dot)}.${cut}`;
}

// Scheme (http, https, ftp) or protocol-relative; a host name, an IPv4 address or localhost; an
// optional port (1-5 digits); an optional path, query or fragment without spaces.
const URL_PATTERN =
  /^(?:(?:https?|ftp):)?\/\/(?:localhost|(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}|(?:[a-z0-9\u00a1-\uffff](?:[a-z0-9\u00a1-\uffff-]{0,61}[a-z0-9\u00a1-\uffff])?\.)+[a-z\u00a1-\uffff]{2,})(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** core.md §5: http, https, ftp or protocol-relative, with host, IP or localhost, optional port and path. */
export function isUrl(text: string): boolean {
  return URL_PATTERN.test(text.trim());
}

/** catalogues.md §5: characters above code 127, or the caret (^), count 2; others 1. */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += ch.codePointAt(0)! > 127 || ch === '^' ? 2 : 1;
  return width;
}

/** The longest start of `text` whose textWidth is at most `max` (labels cut to fit a cell). */
export function fitTextWidth(text: string, max: number): string {
  let width = 0;
  let out = '';
  for (const ch of text) {
    const w = ch.codePointAt(0)! > 127 || ch === '^' ? 2 : 1;
    if (width + w > max) break;
    width += w;
    out += ch;
  }
  return out;
}
