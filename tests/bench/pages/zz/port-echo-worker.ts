self.onmessage = (e: MessageEvent) => {
  if ((e.data as { port?: MessagePort }).port) {
    const port = (e.data as { port: MessagePort }).port;
    port.onmessage = (m) => port.postMessage(m.data);
    self.postMessage('ok');
  } else self.postMessage(e.data);
};
