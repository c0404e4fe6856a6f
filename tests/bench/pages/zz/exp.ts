import { createChannel, type ChannelEndpoint } from '../../../../ui/kernel/channel';
import { kernelState, syncMirror } from '../../../../ui/kernel/mirror';
const WARM = 200;
type Once = (i: number) => Promise<void>;
async function interleaved(n: number, fns: Record<string, Once>): Promise<Record<string, number>> {
  const names = Object.keys(fns);
  for (let i = 0; i < WARM; i++) for (const k of names) await fns[k]!(i);
  const t: Record<string, number[]> = Object.fromEntries(names.map((k) => [k, []]));
  for (let i = 0; i < n; i++) for (const k of names) { const t0 = performance.now(); await fns[k]!(i); t[k]!.push(performance.now() - t0); }
  const out: Record<string, number> = {};
  for (const k of names) { const s = t[k]!.sort((a, b) => a - b); out[k] = Math.round(s[Math.floor(n / 2)]! * 1000); out[k + '.p95'] = Math.round(s[Math.floor(n * 0.95)]! * 1000); }
  return out;
}
const ask = (w: Worker, msg: unknown, tr: Transferable[] = []) => new Promise<unknown>((r) => { w.onmessage = (e) => r(e.data); w.postMessage(msg, tr); });
const handlerT: number[] = [];
function timed(port: MessagePort): ChannelEndpoint {
  return {
    postMessage: (m) => port.postMessage(m),
    addEventListener: (t, l) => port.addEventListener(t, (ev) => { const t0 = performance.now(); l(ev); handlerT.push(performance.now() - t0); }),
    removeEventListener: () => {},
    start: () => port.start(),
  };
}
async function run(n: number) {
  const out: Record<string, unknown> = {};
  const echo = new Worker(new URL('../echo-worker.ts', import.meta.url), { type: 'module' });
  const mk = async () => { const w = new Worker(new URL('./fake-worker.ts', import.meta.url), { type: 'module' }); const c = new MessageChannel(); await ask(w, { port: c.port2 }, [c.port2]); return c.port1; };
  const plainCh = createChannel(await mk());
  plainCh.setPatchListener(() => {});
  const mirrorCh = createChannel(timed(await mk()));
  await syncMirror((l) => { mirrorCh.setPatchListener(l); return Promise.resolve({ ...JSON.parse(JSON.stringify(kernelState)), seq: 0 }); });
  out.t = await interleaved(n, {
    echo: (i) => new Promise<void>((r) => { echo.onmessage = () => r(); echo.postMessage({ id: i, call: 'exec', name: 'view.setMode', args: { mode: i % 4 } }); }),
    plain: async (i) => { await plainCh.exec('view.setMode', { mode: (i % 4) as 0 }); },
    mirror: async (i) => { await mirrorCh.exec('view.setMode', { mode: (i % 4) as 0 }); },
  });
  const s = handlerT.sort((a, b) => a - b); out.mirrorHandler = Math.round(s[Math.floor(s.length / 2)]! * 1000);
  out.seq = kernelState.seq;
  return out;
}
(window as unknown as { runExp: typeof run }).runExp = run;
