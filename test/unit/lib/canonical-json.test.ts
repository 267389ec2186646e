import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../main/lib/canonical-json';

// What the journal hashes: JSON text that depends on the value alone, never on the order its
// members were set in.

/** JSON values as JSON itself carries them (-0 is written 0, so it is taken as 0 here). */
const jsonValue = fc
  .jsonValue({ maxDepth: 5 })
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);

/** The same value with every object's members set in another order, `random` picking it. */
function shuffled(value: unknown, random: () => number): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffled(item, random));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([name, member]) => [name, shuffled(member, random)]);
  for (let index = entries.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [entries[index], entries[other]] = [entries[other]!, entries[index]!];
  }
  // fromEntries, so a member named __proto__ stays a member.
  return Object.fromEntries(entries);
}

/** A small seeded generator (mulberry32), so a failing case replays. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('canonicalJson', () => {
  it('is the same text for the same value, whatever order its members were given in', () => {
    fc.assert(
      fc.property(jsonValue, fc.integer(), (value, seed) => {
        expect(canonicalJson(shuffled(value, seeded(seed)))).toBe(canonicalJson(value));
      }),
      { numRuns: 500 },
    );
  });

  it('reads back as the value it was made from', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it('is a fixed point: the canonical text of its own reading is itself', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
    );
  });

  it('sorts members by name at every level, without spaces', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    // Names are compared by code unit: capitals first, then lower case, then the rest.
    expect(canonicalJson({ é: 1, b: 2, B: 3, '': 4 })).toBe('{"":4,"B":3,"b":2,"é":1}');
    // Names that are array indexes come first (JSON.stringify's order), still one order.
    expect(canonicalJson({ b: 1, 10: 2, 2: 3 })).toBe('{"2":3,"10":2,"b":1}');
  });

  it('leaves out undefined members, as JSON does; keeps null', () => {
    expect(canonicalJson({ a: undefined, b: null, c: [undefined] })).toBe('{"b":null,"c":[null]}');
  });

  it('keeps a member named __proto__ as a member', () => {
    const value = JSON.parse('{"z":1,"__proto__":{"polluted":true}}') as unknown;
    expect(canonicalJson(value)).toBe('{"__proto__":{"polluted":true},"z":1}');
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('writes text as JSON does: lone surrogates escaped, bidi and markup kept', () => {
    expect(canonicalJson({ t: '\uD800<b>\u202E' })).toBe('{"t":"\\ud800<b>\u202E"}');
  });

  it('writes a value with toJSON as it says (a date as its ISO text)', () => {
    expect(canonicalJson({ at: new Date(Date.UTC(2026, 4, 4)) })).toBe(
      '{"at":"2026-05-04T00:00:00.000Z"}',
    );
  });

  it('refuses what is no JSON value, and a value nested deeper than any record', () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson(() => 1)).toThrow(TypeError);
    let deep: unknown = 'bottom';
    for (let level = 0; level < 70; level += 1) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(RangeError);
    let fine: unknown = 'bottom';
    for (let level = 0; level < 60; level += 1) fine = { level: fine };
    expect(JSON.parse(canonicalJson(fine))).toEqual(fine);
  });
});
