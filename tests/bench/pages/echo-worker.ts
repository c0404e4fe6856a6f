// The baseline: the cheapest possible worker round trip, a raw postMessage echo.
self.onmessage = (e: MessageEvent) => {
  self.postMessage(e.data);
};
