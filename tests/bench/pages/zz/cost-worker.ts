import { createKernel } from '../../../../kernel-worker/kernel';
import { createPersistence } from '../../../../kernel-worker/persistence/persistence';
import { serveChannel } from '../../../../kernel-worker/channel';
import { generateHouseJson } from '../../../fixtures/house-scene';

const k = createKernel();
const files = createPersistence(k);
const handlerTimes: number[] = [];
const postTimes: number[] = [];
self.onmessage = (e: MessageEvent) => {
  const d = e.data as { cmd: string; port?: MessagePort; house?: boolean };
  if (d.cmd === 'setup') {
    if (d.house) files.load(generateHouseJson()); else k.exec('scene.createDefaultRoom', {});
    const port = d.port!;
    serveChannel(k, {
      postMessage: (m) => { const t0 = performance.now(); port.postMessage(m); postTimes.push(performance.now() - t0); },
      addEventListener: (type, l) => port.addEventListener(type, (ev) => { const t0 = performance.now(); l(ev); handlerTimes.push(performance.now() - t0); }),
      start: () => port.start(),
    });
    self.postMessage('ok');
  } else if (d.cmd === 'stats') {
    const med = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return Math.round(s[Math.floor(s.length / 2)]! * 1000); };
    const T = (globalThis as any).__t as Record<string, number>; const per = Object.fromEntries(Object.entries(T).map(([k, v]) => [k, k === 'n' ? v : Math.round((v / T.n!) * 1000)]));
    self.postMessage({ handler: med(handlerTimes), post: med(postTimes), n: handlerTimes.length, per });
  }
};
