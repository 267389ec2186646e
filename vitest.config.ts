import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, sep } from 'node:path';
import { defineConfig } from 'vitest/config';

const TESTS = ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'];

/**
 * Files that change what other files would see if they shared a process: module mocks, spies,
 * fake timers, stubbed globals, the environment or the working folder, process listeners, or
 * measurements of the process's own memory. Each runs in a fresh process; the rest share one per
 * worker, which saves importing the same modules two hundred times (a third of the unit tests'
 * time on a two-core machine). Helpers in test/support do none of these.
 */
const NEEDS_OWN_PROCESS = new RegExp(
  [
    /\bvi\.(mock|doMock|unmock|hoisted|spyOn|stubGlobal|stubEnv|useFakeTimers)\b/,
    /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|process\.chdir|process\.on\(/,
    /memoryUsage|global(This)?\.gc/,
  ]
    .map((pattern) => pattern.source)
    .join('|'),
);

/** Files that build the app into out/, which the others run: these run alone, after them. */
const BUILDS_THE_APP = /scripts\/start-browser\.mjs|electron-vite/;

const ROOT = import.meta.dirname;
const files = globSync(TESTS, { cwd: ROOT }).map((file) => ({
  // As vitest matches them: forward slashes, from the project's folder.
  file: file.split(sep).join('/'),
  text: readFileSync(join(ROOT, file), 'utf8'),
}));
const building = files.filter(({ text }) => BUILDS_THE_APP.test(text)).map(({ file }) => file);
const ownProcess = files
  .filter(({ file, text }) => !building.includes(file) && NEEDS_OWN_PROCESS.test(text))
  .map(({ file }) => file);
// None found means the patterns or the folder went wrong, and the files that need a fresh
// process would silently share one.
if (!files.length) throw new Error(`vitest.config.ts found no test files under ${ROOT}`);
if (!ownProcess.length)
  throw new Error('vitest.config.ts found no test file that needs a process of its own');

export default defineConfig({
  test: {
    environment: 'node',
    // Worker processes, not threads: better-sqlite3 and servers on loopback behave best so.
    pool: 'forks',
    allowOnly: false,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // A timeout only ends a test that hangs. Built CLIs, sandboxes and generated tenants took
    // 10–26 s on a loaded machine of this kind, past a 20 s limit.
    testTimeout: 60_000,
    // Hooks start sandboxes and sync profiles: on a loaded machine that outlasts the default 10 s.
    hookTimeout: 60_000,
    // Vitest's default leaves a core free: one worker on two cores. The tests spend much of their
    // time waiting on child processes, servers and disks: two workers took two thirds the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
