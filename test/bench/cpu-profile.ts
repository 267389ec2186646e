import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * A CPU profile of this thread while `work` runs, when CASEDESK_BENCH_CPU_PROFILE asks for one:
 * kept in test-results/bench/ under `name`, to open in Chromium's DevTools.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!process.env.CASEDESK_BENCH_CPU_PROFILE) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const dir = join('test-results', 'bench');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), JSON.stringify(profile));
    session.disconnect();
  }
}
