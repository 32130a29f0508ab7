import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { appDocumentsPlugin } from './build/app-documents.ts';

/** Paths relative to this file, so the build works from the repository root and from frontend/. */
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Routes whose data the first bundle asks for (the top, score and ranking pages), and the root. */
const landingRoutes = new Set<string>(['__root__', '/', '/schedule/score', '/ranking/golf/personal']);

/** `npm start` serves the API on port 3000; API_ORIGIN points the dev server elsewhere. */
const api = { '/api': { target: process.env['API_ORIGIN'] ?? 'http://127.0.0.1:3000' } };

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // The top page is not split at all: its hero paints as soon as the first bundle runs,
        // without waiting for a chunk it only then asks for. The loaders of the other pages
        // visitors land on stay in the first bundle, so their data is asked for at once. Every
        // other route's loader comes with its component: the first bundle then carries none of
        // those screens' queries and schemas, and opening such a screen costs one chunk, not two.
        splitBehavior: ({ routeId }) =>
          routeId === '/'
            ? []
            : landingRoutes.has(routeId)
              ? undefined
              : [
                  ['loader', 'component'],
                  ['pendingComponent', 'errorComponent', 'notFoundComponent'],
                ],
      },
      routesDirectory: fromHere('./src/routes'),
      generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    appDocumentsPlugin(),
  ],
  resolve: { alias: { '@': fromHere('./src') } },
  server: { host: '127.0.0.1', port: 5173, proxy: api },
  preview: { host: '127.0.0.1', port: 4173, proxy: api },
  build: { outDir: fromHere('./dist'), emptyOutDir: true, target: 'es2022' },
});
