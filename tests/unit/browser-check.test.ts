import { describe, expect, it } from 'vitest';
import { CHROME_DOWNLOAD_URL, MIN_CHROME_VERSION, RECOMMENDED_64BIT_VERSION, checkBrowser, parseBrowser } from '../../ui/app/browser-check';

// core.md §5: Chrome or Chromium based, 80 or higher, 64-bit; else a blocking dialog to a Chrome
// download; a 32-bit browser gets the 89+ 64-bit recommendation. Real user-agent strings.

const UA = {
  chrome120Win64: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36',
  chrome80Win64: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.163 Safari/537.36',
  chrome79Win64: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.130 Safari/537.36',
  chrome86Wow64: 'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36',
  chrome109Win7x86: 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromiumLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/118.0.5993.88 Chrome/118.0.5993.88 Safari/537.36',
  chromeLinux32: 'Mozilla/5.0 (X11; Linux i686) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/95.0.4638.69 Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
} as const;

describe('parseBrowser', () => {
  it.each([
    ['Chrome 120, Windows 64-bit', UA.chrome120Win64, { chromium: true, version: 120, is64Bit: true }],
    ['Chrome 86 32-bit on 64-bit Windows (WOW64)', UA.chrome86Wow64, { chromium: true, version: 86, is64Bit: false }],
    ['Chrome 109 on 32-bit Windows 7', UA.chrome109Win7x86, { chromium: true, version: 109, is64Bit: false }],
    ['Chrome on macOS (64-bit only)', UA.chromeMac, { chromium: true, version: 124, is64Bit: true }],
    ['Chromium on Linux x86_64', UA.chromiumLinux, { chromium: true, version: 118, is64Bit: true }],
    ['Chrome on Linux i686', UA.chromeLinux32, { chromium: true, version: 95, is64Bit: false }],
    ['HeadlessChrome (automation)', UA.headless, { chromium: true, version: 131, is64Bit: true }],
    ['Edge is Chromium based', UA.edge, { chromium: true, version: 120, is64Bit: true }],
    ['Firefox', UA.firefox, { chromium: false, version: null, is64Bit: true }],
    ['Safari', UA.safari, { chromium: false, version: null, is64Bit: true }],
    ['Chrome on iOS is WebKit', UA.chromeIos, { chromium: false, version: null, is64Bit: true }],
  ] as const)('%s', (_name, ua, expected) => {
    expect(parseBrowser(ua)).toEqual(expected);
  });
});

describe('checkBrowser', () => {
  it('accepts Chrome-family 80+ 64-bit, 80 itself included', () => {
    expect(MIN_CHROME_VERSION).toBe(80);
    for (const ua of [UA.chrome120Win64, UA.chrome80Win64, UA.chromeMac, UA.chromiumLinux, UA.headless, UA.edge]) {
      expect(checkBrowser(ua)).toEqual({ kind: 'ok' });
    }
  });

  it('blocks everything else: not Chromium, or older than 80 (79 is refused)', () => {
    for (const ua of [UA.firefox, UA.safari, UA.chromeIos, UA.ie11, UA.chrome79Win64, '']) {
      expect(checkBrowser(ua).kind).toBe('unsupported');
    }
    expect(CHROME_DOWNLOAD_URL).toMatch(/^https:\/\/www\.google\.cn\/chrome/);
  });

  it('recommends 89+ 64-bit to a 32-bit build (whatever its version)', () => {
    expect(RECOMMENDED_64BIT_VERSION).toBe(89);
    for (const ua of [UA.chrome86Wow64, UA.chrome109Win7x86, UA.chromeLinux32]) expect(checkBrowser(ua).kind).toBe('recommend-64bit');
  });

  it('an old 32-bit Chrome is blocked, not merely advised', () => {
    const old32 = 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.108 Safari/537.36';
    expect(checkBrowser(old32).kind).toBe('unsupported');
  });
});
