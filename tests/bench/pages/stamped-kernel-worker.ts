// The kernel of kernel-worker/main.ts (createKernel with persistence, headless) served on the UI
// channel by the same serveChannel, with each step of a call stamped: when the request arrived,
// how long reading it took, how long kernel.exec took, and when the reply left. The round-trip
// benchmark's breakdown pass uses it to say where a command's time goes beyond the echo's.
//
// Stamps are performance.timeOrigin + performance.now(): one clock across the page's threads.
import { serveChannel, type ChannelEndpoint } from '../../../kernel-worker/channel';
import { createKernel, type Kernel } from '../../../kernel-worker/kernel';
import { createPersistence } from '../../../kernel-worker/persistence/persistence';
import { KERNEL_READY_MESSAGE, type KernelBootMessage } from '../../../protocol/kernel-api';
import { generateHouseJson } from '../../fixtures/house-scene';

/** Added to each reply: [arrived, reply posted, reading the request ms, kernel.exec ms]. */
export type WorkerStamps = [number, number, number, number];

const clock = () => performance.timeOrigin + performance.now();
let arrived = 0;
let readMs = 0;
let execMs = 0;

const endpoint: ChannelEndpoint = {
  postMessage(message) {
    const stamps: WorkerStamps = [arrived, clock(), readMs, execMs];
    self.postMessage({ ...message, stamps });
  },
  addEventListener(type, listener) {
    self.addEventListener(type, (event) => {
      arrived = clock();
      // Chromium deserialises a message when its data is first read.
      void event.data;
      readMs = clock() - arrived;
      listener(event);
    });
  },
};

const kernel = createKernel();
const files = createPersistence(kernel);
// The page asks for the 5,000-record house before it subscribes (the channel has no load call).
self.addEventListener('message', (event: MessageEvent<unknown>) => {
  if ((event.data as { benchLoadHouse?: boolean } | null)?.benchLoadHouse !== true) return;
  files.load(generateHouseJson());
  self.postMessage({ benchHouseLoaded: true });
});
const timed: Kernel = {
  ...kernel,
  exec(name, args) {
    const t0 = performance.now();
    try {
      return kernel.exec(name, args);
    } finally {
      execMs = performance.now() - t0;
    }
  },
};
serveChannel(endpoint, () => timed);
const ready: KernelBootMessage = { type: KERNEL_READY_MESSAGE };
self.postMessage(ready);
