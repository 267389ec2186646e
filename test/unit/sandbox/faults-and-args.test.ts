import { describe, expect, it } from 'vitest';
import { createFaults } from '../../../main/sandbox/faults';
import { parseSandboxArgs } from '../../../main/sandbox/sandbox-args';

describe('fault decisions', () => {
  it('passes everything with no faults set', () => {
    const faults = createFaults({}, 1);
    for (let index = 0; index < 200; index += 1)
      expect(faults.decide('t', index).outcome.kind).toBe('pass');
  });

  it('hits each configured share, from one seeded roll per request', () => {
    const faults = createFaults(
      { serverErrorRate: 0.1, throttleRate: 0.1, dropRate: 0.1, malformedRate: 0.1 },
      42,
    );
    const counts: Record<string, number> = {};
    for (let index = 0; index < 10_000; index += 1) {
      const kind = faults.decide('t', index).outcome.kind;
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    for (const kind of ['server_error', 'throttle', 'drop', 'malformed']) {
      expect(counts[kind]).toBeGreaterThan(800);
      expect(counts[kind]).toBeLessThan(1200);
    }
    expect(counts.pass).toBeGreaterThan(5500);
  });

  it('limits each token separately within a second', () => {
    const faults = createFaults({ ratePerSecond: 3 }, 1);
    const kinds = (token: string, at: number) => faults.decide(token, at).outcome.kind;
    expect([kinds('a', 0), kinds('a', 10), kinds('a', 20), kinds('a', 30)]).toEqual([
      'pass',
      'pass',
      'pass',
      'throttle',
    ]);
    expect(kinds('b', 40)).toBe('pass');
    expect(kinds('a', 1001)).toBe('pass');
  });

  it('validates run-time changes', () => {
    const faults = createFaults({}, 1);
    expect(() => faults.set({ serverErrorRate: 1.5 })).toThrow();
    expect(faults.set({ latencyMs: 20 }).latencyMs).toBe(20);
    // A change touches only what it names.
    expect(faults.set({ dropRate: 0.5 })).toMatchObject({ latencyMs: 20, dropRate: 0.5 });
    expect(faults.reset().latencyMs).toBe(0);
  });
});

describe('npm run sandbox options', () => {
  it('parses every documented option', () => {
    expect(
      parseSandboxArgs([
        '--port',
        '4010',
        '--token',
        'dev-token-123',
        '--seed',
        '7',
        '--scale',
        'large',
        '--data-dir',
        '/tmp/s',
        '--faults',
        'latency=5,5xx=0.1',
        '--reset',
      ]),
    ).toEqual({
      port: 4010,
      token: 'dev-token-123',
      seed: 7,
      scale: 'large',
      dataDir: '/tmp/s',
      faults: { latencyMs: 5, serverErrorRate: 0.1 },
      reset: true,
    });
    expect(parseSandboxArgs(['--scale', '2500']).scale).toBe(2500);
  });

  it.each([
    [['--scale', 'huge'], /--scale takes/],
    [['--token', 'short'], /--token takes/],
    [['--faults', 'explode=1'], /Unknown fault/],
    [['--what'], /Unknown option --what/],
    [['--seed'], /needs a value/],
  ])('refuses %j clearly', (argv, message) => {
    expect(() => parseSandboxArgs(argv)).toThrow(message);
  });
});
