import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { recordBuildInputs } from './scripts/build-inputs.ts';

// The built pages import the server/ modules they use (errors, input schemas, small rules) from
// server/ at run time, the same files the API runs, instead of carrying copies of them: after a change
// in server/ pages and API run the same code, and `instanceof AppError` sees one class. Node runs those
// .ts files directly (docs/decisions/0005-server-and-pages-in-one-process.md).
const serverDir = path.join(import.meta.dirname, 'server') + path.sep;
const serverBuildDir = path.join(import.meta.dirname, 'build/server');
const isServerModule = (id: string) => id.startsWith(serverDir);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), recordBuildInputs({ isExternal: (environment, id) => environment === 'ssr' && isServerModule(id) })],
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A phone on a slow line pays a round trip for each file before the page is usable, and the
            // automatic splitting made one small file per set of routes sharing a module (50 on the home
            // page). Instead: the framework in one file, the shop's code that several routes share in
            // another, and each route's own code in its file (docs/decisions/0031-first-paint.md).
            codeSplitting: {
              groups: [
                { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/, priority: 20 },
                { name: 'shop', test: /[\\/](app|core)[\\/]/, minShareCount: 2, priority: 10 },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        rollupOptions: {
          external: (id: string, _importer: string | undefined, isResolved: boolean) => isResolved && isServerModule(id),
          // Imported as `../../server/….ts` from build/server/index.js.
          makeAbsoluteExternalsRelative: false,
          output: { paths: (id: string) => (isServerModule(id) ? path.relative(serverBuildDir, id) : id) },
        },
      },
    },
  },
});
