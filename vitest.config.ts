import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run the TypeScript sources: the platform seam resolves to the Node
// implementation, as tsconfig.json's "paths" does for tsc and tsx.
const nodePlatform = fileURLToPath(new URL('./src/platform/node/', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^#platform\/(.*)\.js$/, replacement: `${nodePlatform}$1.ts` },
      { find: /^#threads$/, replacement: fileURLToPath(new URL('./src/threads/node.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One temporary directory per run, removed at its end (test/support/temp-root.ts).
    globalSetup: ['test/support/temp-root.ts'],
  },
});
