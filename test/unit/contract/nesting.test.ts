import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KytTransactionInput, MAX_INPUT_NESTING, nestsDeeperThan } from '../../../preload/contract';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
};

describe('nesting of values given by the investigator', () => {
  it('counts the levels of objects and lists, whatever holds them', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan({ wide: Array.from({ length: 10_000 }, () => ({ x: 1 })) }, 3)).toBe(
      false,
    );
    // Deeper than any stack: walked all the same.
    expect(nestsDeeperThan(nested(200_000), MAX_INPUT_NESTING)).toBe(true);
  });

  it('agrees with the depth of any JSON value', () => {
    const depthOf = (value: unknown): number =>
      typeof value === 'object' && value !== null
        ? 1 + Math.max(0, ...Object.values(value).map(depthOf))
        : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.nat(10), (value, levels) => {
        expect(nestsDeeperThan(value, levels)).toBe(depthOf(value) > levels);
      }),
    );
  });

  it('refuses a KYT custom field nested deeper than allowed, with the reason', () => {
    const base = { amount: 10, currency: 'EUR', from: {}, to: {} };
    expect(
      KytTransactionInput.safeParse({ ...base, fields: { ok: nested(MAX_INPUT_NESTING) } }).success,
    ).toBe(true);
    const refused = KytTransactionInput.safeParse({
      ...base,
      fields: { deep: nested(MAX_INPUT_NESTING + 1) },
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      `A custom field nests objects or lists deeper than ${MAX_INPUT_NESTING} levels.`,
    );
  });
});
