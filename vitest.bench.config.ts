import { defineConfig } from 'vitest/config';

// `npm run bench`: measurements, not tests. Each prints its figures as ratios against a bare
// baseline measured in the same process, and records them in test-results/bench/.
export default defineConfig({
  test: {
    include: ['test/bench/**/*.bench.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 15 * 60_000,
    reporters: ['default'],
  },
});
