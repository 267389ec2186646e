import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

// Folders are top-level (not src/), so every entry and the renderer root are named here.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: {
        input: {
          // The Electron shell.
          index: resolve('main/index.ts'),
          // The same core served to a browser, for machines without Electron and for tests.
          'browser-host': resolve('main/host/entry.ts'),
          // The embedded sandbox service alone (`npm run sandbox`).
          sandbox: resolve('main/sandbox/entry.ts'),
          // The same core headless (`npm run cli`).
          cli: resolve('main/cli.ts'),
          // Sync in a worker thread, off the main thread's event loop.
          'sync-worker': resolve('main/sync/sync-worker-entry.ts'),
          // The screens' reads of the cache in worker threads: main only routes them.
          'read-worker': resolve('main/cache/read-worker-entry.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('preload/index.ts') },
        // A sandboxed preload can only be a CommonJS script that requires 'electron'.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('renderer'),
    build: {
      outDir: resolve('out/renderer'),
      minify: true,
      rollupOptions: { input: { index: resolve('renderer/index.html') } },
    },
  },
});
