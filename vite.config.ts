import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';

// The API server the dev server proxies to (npm run dev starts both).
const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? '8081'}`;
const apiPrefixes = ['/api', '/meta20', '/account2', '/oms20', '/bigdata', '/files', '/healthz'];

export default defineConfig({
  plugins: [
    // Lingui macros are compiled by Babel before React's transform sees the JSX.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'], include: /[\\/]ui[\\/].*\.[jt]sx?$/ }),
    react(),
    lingui(),
  ],
  build: {
    // Designers run Chrome 80+ (core.md §5); module workers need 80 too.
    target: 'chrome80',
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1024,
    // render.html: the headless renderer's page (server/render/headless.ts), the kernel alone.
    rolldownOptions: { input: { main: 'index.html', render: 'render.html' } },
  },
  worker: { format: 'es' },
  server: {
    proxy: Object.fromEntries(
      apiPrefixes.map((p) => [
        p,
        {
          target: apiTarget,
          changeOrigin: false,
          // api/ is also a source folder: module requests for /api/*.ts must reach Vite, not the server.
          bypass: (req: { url?: string }) =>
            /\.(tsx?|m?js|css)(\?|$)/.test(req.url ?? '') || req.url?.includes('?import') ? req.url : undefined,
        },
      ]),
    ),
  },
});
