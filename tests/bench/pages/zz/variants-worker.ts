const mode = new URL(self.location.href).searchParams.get('mode');
if (mode === 'listener') self.addEventListener('message', (e) => self.postMessage(e.data));
else if (mode === 'micro') self.onmessage = (e) => { Promise.resolve(e.data).then((d) => self.postMessage(d)); };
else if (mode === 'micro3') self.onmessage = (e) => { Promise.resolve(e.data).catch(() => 0).then((d) => self.postMessage(Object.assign({}, d, { id: 'x' }))); };
else self.onmessage = (e) => self.postMessage(e.data);
