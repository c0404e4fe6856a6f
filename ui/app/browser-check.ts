// The browser check of core.md §5 as pure functions of the user agent, unit-tested with real UA
// strings: Chrome or Chromium based, version 80 or higher, 64-bit; a 32-bit build gets the
// recommendation of version 89 64-bit or later.

/** core.md §9: minimum Chrome version 80. */
export const MIN_CHROME_VERSION = 80;
/** core.md §5: what a 32-bit browser is advised to move to (89 or later, 64-bit). */
export const RECOMMENDED_64BIT_VERSION = 89;
/** Where the blocking dialog sends the user for a Chrome download. */
export const CHROME_DOWNLOAD_URL = 'https://www.google.cn/chrome/';

export interface BrowserInfo {
  /** Chrome, or a browser built on Chromium (Edge, Opera, 360, QQ, ...) */
  readonly chromium: boolean;
  /** the Chromium major version; null when not Chromium based */
  readonly version: number | null;
  /** false for a 32-bit build; true when 64-bit or when the agent does not say (macOS, Android) */
  readonly is64Bit: boolean;
}

export type BrowserVerdict =
  | { readonly kind: 'ok' }
  /** the blocking dialog: not Chromium based, or older than 80 */
  | { readonly kind: 'unsupported'; readonly info: BrowserInfo }
  /** a 32-bit build: the 89+ 64-bit recommendation, which the user may cancel */
  | { readonly kind: 'recommend-64bit'; readonly info: BrowserInfo };

// iOS browsers all run on WebKit whatever their name says (CriOS is Chrome on iOS): not Chromium.
const IOS_RE = /\b(iPhone|iPad|iPod)\b|\bCriOS\//;
const CHROMIUM_RE = /\b(?:HeadlessChrome|Chrome|Chromium)\/(\d+)/;
// Windows says Win64/x64 for a 64-bit build and WOW64 for a 32-bit build on a 64-bit system;
// Linux names the machine. ARM64 and aarch64 are 64-bit too.
const BIT64_RE = /\b(Win64|x64|x86_64|amd64|aarch64|arm64)\b/i;
const WOW64_RE = /\bWOW64\b/i;
const BIT32_LINUX_RE = /\bLinux (i[3-6]86|armv[67]l?)\b/;

export function parseBrowser(userAgent: string): BrowserInfo {
  const m = IOS_RE.test(userAgent) ? null : CHROMIUM_RE.exec(userAgent);
  const version = m ? Number(m[1]) : null;
  return { chromium: version !== null, version, is64Bit: is64Bit(userAgent) };
}

function is64Bit(ua: string): boolean {
  if (/Windows NT/.test(ua)) return BIT64_RE.test(ua) && !WOW64_RE.test(ua);
  if (BIT32_LINUX_RE.test(ua)) return false;
  // macOS has been 64-bit only since 10.15; other agents do not say, and are not nagged.
  return true;
}

export function checkBrowser(userAgent: string): BrowserVerdict {
  const info = parseBrowser(userAgent);
  if (!info.chromium || info.version === null || info.version < MIN_CHROME_VERSION) return { kind: 'unsupported', info };
  if (!info.is64Bit) return { kind: 'recommend-64bit', info };
  return { kind: 'ok' };
}

/** The WebGL2 test of core.md §5: whether this browser can give the 3D view a WebGL2 context. */
export function supportsWebGL2(doc: Pick<Document, 'createElement'> = document): boolean {
  try {
    const canvas = doc.createElement('canvas');
    const gl = canvas.getContext('webgl2');
    const ok = gl !== null;
    // Free the context at once: browsers cap how many may be alive.
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return ok;
  } catch {
    return false;
  }
}
