// The one browser the tests and benchmarks use: Debian's Chromium (never a Playwright download),
// with WebGL through SwiftShader so the worker's OffscreenCanvas renders on machines with no GPU.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--ignore-gpu-blocklist',
  '--enable-webgl',
] as const;
