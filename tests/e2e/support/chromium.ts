// The one browser the tests and benchmarks use: Debian's Chromium (never a Playwright download),
// with WebGL through SwiftShader so the worker's OffscreenCanvas renders on machines with no GPU.

import { HEADLESS_CHROMIUM_ARGS } from '../../../server/render/headless';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// the render workers' own flags (server/render/headless.ts): one list, so tests run what production runs
export const CHROMIUM_ARGS = HEADLESS_CHROMIUM_ARGS;
