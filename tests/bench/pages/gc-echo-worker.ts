// The baseline for whole-scene crossings: a raw postMessage echo that, asked with the message
// 'gc', first collects its garbage (Chromium started with --js-flags=--expose-gc), so that the
// echo and the kernel are both measured from a clean heap.
const collect = (globalThis as { gc?: () => void }).gc;

self.onmessage = (e: MessageEvent) => {
  if (e.data === 'gc') {
    collect?.();
    self.postMessage('gc');
    return;
  }
  self.postMessage(e.data);
};
