// replies like the channel would: a reply carrying one small patch
let seq = 0;
self.onmessage = (e: MessageEvent) => {
  const port = (e.data as { port: MessagePort }).port;
  port.onmessage = (m: MessageEvent) => {
    const req = m.data as { id: number; args: { mode: number } };
    seq++;
    port.postMessage({ kind: 'reply', id: req.id, patches: [{ seq, ops: [{ op: 'set', path: ['viewMode'], value: req.args.mode }] }], ok: true, value: null });
  };
  self.postMessage('ok');
};
