import type { Renderer } from '../../protocol/render';

// The path-traced renderer the render worker processes use: a headless Chromium (software GL on
// machines without a GPU) running the product's own kernel. The render-engine work fills this in;
// until then a render job fails (and its coupon is refunded) with this message in the log.

export interface HeadlessRendererOptions {
  /** the built UI (DIST_DIR) the headless page loads the kernel from */
  readonly distDir: string;
}

export async function startHeadlessRenderer(_options: HeadlessRendererOptions): Promise<Renderer> {
  throw new Error('the headless renderer is not built yet');
}
