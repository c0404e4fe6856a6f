import * as Comlink from 'comlink';
Comlink.expose({ ping: (s: string) => s });
