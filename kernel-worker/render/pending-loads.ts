// The worker's asset loads in flight (models' GLBs, tile pictures), so that a path-traced still
// waits for the furniture and the tiles instead of tracing their stand-ins (trace.ts).

let pending = 0;
const waiters = new Set<() => void>();

export function trackLoad<T>(load: Promise<T>): Promise<T> {
  pending++;
  const done = () => {
    pending--;
    if (pending === 0) for (const wake of [...waiters]) wake();
  };
  load.then(done, done);
  return load;
}

export function pendingLoads(): number {
  return pending;
}

/** Resolves once no load is in flight (at once when none is). */
export function loadsSettled(): Promise<void> {
  if (pending === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      waiters.delete(wake);
      resolve();
    };
    waiters.add(wake);
  });
}
