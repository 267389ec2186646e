import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const TESTS = ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'];

/**
 * Files that change what other files would see if they shared a process: module mocks, stubbed
 * globals or environment, the process's time zone, or measurements of the process's own memory.
 * Each runs in a fresh process; the rest share one per worker, which saves importing the same
 * modules two hundred times (a third of the unit tests' time on a two-core machine).
 */
const NEEDS_OWN_PROCESS =
  /\bvi\.(mock|doMock|unmock|hoisted|stubGlobal|stubEnv)\b|process\.env\.TZ\s*=|memoryUsage|global\.gc/;

/** Files that build the app into out/, which the others run: these run alone, after them. */
const BUILDS_THE_APP = /scripts\/start-browser\.mjs|electron-vite/;

const files = globSync(TESTS).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
const building = files.filter(({ text }) => BUILDS_THE_APP.test(text)).map(({ file }) => file);
const ownProcess = files
  .filter(({ file, text }) => !building.includes(file) && NEEDS_OWN_PROCESS.test(text))
  .map(({ file }) => file);

export default defineConfig({
  test: {
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
    // Vitest's default leaves a core free (one worker on two cores). The tests spend much of their
    // time waiting on child processes, servers and disks: two workers took half the time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'own process', include: ownProcess, isolate: true },
      },
      {
        extends: true,
        test: {
          name: 'shared process',
          include: TESTS,
          exclude: [...ownProcess, ...building],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'builds the app',
          include: building,
          isolate: true,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
