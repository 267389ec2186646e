import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    // better-sqlite3 and servers on loopback behave best in separate processes.
    pool: 'forks',
    allowOnly: false,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // A timeout only ends a test that hangs. Built CLIs, sandboxes and generated tenants took
    // 10–26 s on a loaded machine of this kind, past a 20 s limit.
    testTimeout: 60_000,
    // Hooks start sandboxes and sync profiles: on a loaded machine that outlasts the default 10 s.
    hookTimeout: 60_000,
  },
});
