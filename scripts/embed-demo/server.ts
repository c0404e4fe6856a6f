// The demo host page's own server (docs/embedding.md §5): a partner's page on a second origin
// that frames the design tool. `npm run dev` starts it; the e2e test (playwright.config.ts) too.
//
//   EDITOR_URL          the design tool to frame (default http://localhost:5173, Vite in npm run dev)
//   EMBED_DEMO_PORT     port of this page (default 8082)
//   EMBED_DEMO_HOST     address it listens on (default 127.0.0.1); open it as http://localhost:port
//   EMBED_DEMO_PROJECT  the tenant the frame's address names (?project=, default yfang)
//
// The page script (page.ts with embed/ and protocol/embed.ts) is bundled once at start by vite.

import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const port = Number(process.env.EMBED_DEMO_PORT ?? 8082);
const host = process.env.EMBED_DEMO_HOST ?? '127.0.0.1';
const project = process.env.EMBED_DEMO_PROJECT ?? 'yfang';

function editorUrl(): string {
  const raw = process.env.EDITOR_URL ?? 'http://localhost:5173';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`EDITOR_URL is not an address: ${raw}`);
  }
  url.searchParams.set('project', project);
  return url.href;
}

/** page.ts and what it imports as one ES module. */
async function bundlePage(): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'chrome80',
      minify: false,
      sourcemap: false,
      emptyOutDir: false,
      lib: { entry: path.join(here, 'page.ts'), formats: ['es'], fileName: 'page' },
    },
  });
  for (const output of Array.isArray(result) ? result : [result]) {
    if (!('output' in output)) continue;
    const chunk = output.output.find((o) => o.type === 'chunk' && o.isEntry);
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error('embed demo: vite produced no page bundle');
}

/** JSON inside a <script> element: no "</script>" or "<!--" can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

async function main(): Promise<void> {
  const script = await bundlePage();
  const html = readFileSync(path.join(here, 'index.html'), 'utf8').replace('__DEMO_CONFIG__', scriptJson({ editorUrl: editorUrl() }));
  const css = readFileSync(path.join(here, 'demo.css'), 'utf8');
  const files: Record<string, [type: string, body: string]> = {
    '/': ['text/html; charset=utf-8', html],
    '/page.js': ['text/javascript; charset=utf-8', script],
    '/demo.css': ['text/css; charset=utf-8', css],
    '/healthz': ['text/plain; charset=utf-8', 'ok'],
  };
  const server = http.createServer((req, res) => {
    const file = req.method === 'GET' || req.method === 'HEAD' ? files[new URL(req.url ?? '/', 'http://demo.invalid').pathname] : undefined;
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': file[0], 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    res.end(req.method === 'HEAD' ? undefined : file[1]);
  });
  server.listen(port, host, () => {
    const address = server.address();
    const listening = typeof address === 'object' && address ? address.port : port;
    console.log(`embed demo: http://localhost:${listening}/ (listening on ${host}) framing ${editorUrl()}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
