// The raw postMessage echo, stamped like stamped-kernel-worker.ts: [arrived, reply posted].
self.onmessage = (e: MessageEvent<Record<string, unknown>>) => {
  const arrived = performance.timeOrigin + performance.now();
  self.postMessage({ ...e.data, stamps: [arrived, performance.timeOrigin + performance.now()] });
};
