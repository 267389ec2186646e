// `npm test`: every check a change must pass, in order, stopping at the first failure: lint,
// type-check of every process, build, unit + integration tests (vitest), end-to-end tests
// (Playwright in Debian's Chromium through the browser host). A skipped test fails the run.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const steps = [
  ['lint', ['run', 'lint']],
  ['type-check', ['run', 'typecheck']],
  ['build', ['run', 'build']],
  ['unit and integration tests', ['run', 'test:unit']],
  ['end-to-end tests', ['run', 'test:e2e']],
];

rmSync('test-results/vitest.json', { force: true });
rmSync('test-results/e2e.json', { force: true });

for (const [name, args] of steps) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync('npm', args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    // The build step has just run; the end-to-end setup need not build again.
    env: { ...process.env, CASEDESK_SKIP_BUILD: '1' },
  });
  if (result.status !== 0) {
    process.stdout.write(`\n${name} failed.\n`);
    process.exit(result.status ?? 1);
  }
}

const unit = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
const e2e = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
const passed = unit.numPassedTests + e2e.stats.expected;
const failed = unit.numFailedTests + e2e.stats.unexpected + e2e.stats.flaky;
const skipped = unit.numPendingTests + unit.numTodoTests + e2e.stats.skipped;

process.stdout.write(
  `\nunit+integration: ${unit.numPassedTests} passed; end-to-end: ${e2e.stats.expected} passed\n`,
);
process.stdout.write(`total: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
if (failed > 0 || skipped > 0 || passed === 0) {
  process.stdout.write(skipped > 0 ? 'Skipped tests count as failures.\n' : 'Tests failed.\n');
  process.exit(1);
}
