// Seeded randomness. Every stream is identified by a 64-bit key derived from the tenant seed and a
// label path, so a stream's output depends only on where it sits in the tenant (e.g. "thread:17"),
// never on how many numbers other streams consumed before it.

/** 32-bit string hash (MurmurHash3-style mixing); `salt` selects an independent hash function. */
export function hashString(text: string, salt = 0): number {
  let h = (0x9e3779b9 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Avalanche of one 32-bit word (splitmix32 finaliser). */
function mix32(value: number): number {
  let z = (value + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

/** A stable hexadecimal id of the given length (<= 32) for a label. */
export function hexId(label: string, length = 32): string {
  let out = '';
  for (let salt = 1; out.length < length; salt++) {
    out += hashString(label, salt * 0x632be5ab)
      .toString(16)
      .padStart(8, '0');
  }
  return out.slice(0, length);
}

/** A stable UUID (version-4 layout) for a label: ids look like the service's without being random. */
export function uuidFor(label: string): string {
  const h = hexId(label, 32);
  const variant = ((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A stable positive 31-bit integer for a label (integer ids). */
export function intIdFor(label: string): number {
  return hashString(label, 0x51ed27) & 0x7fffffff || 1;
}

export type Weighted<T> = readonly (readonly [T, number])[];

/** sfc32 generator: small state, fast, passes the usual statistical batteries. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  private constructor(
    private readonly keyHi: number,
    private readonly keyLo: number,
  ) {
    this.a = mix32(keyHi);
    this.b = mix32(keyLo ^ 0x6a09e667);
    this.c = mix32(keyHi ^ keyLo ^ 0xbb67ae85);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.uint32();
  }

  static fromSeed(seed: number): Rng {
    const s = Math.trunc(seed);
    return new Rng(mix32(s >>> 0), mix32(Math.floor(s / 4294967296) ^ 0x3c6ef372));
  }

  /** An independent stream named by `label`, the same whatever this stream has consumed. */
  fork(label: string): Rng {
    return new Rng(
      hashString(label, this.keyHi) ^ mix32(this.keyLo),
      hashString(label, this.keyLo ^ 0xa54ff53a),
    );
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  weighted<T>(items: Weighted<T>): T {
    let total = 0;
    for (const [, weight] of items) total += weight;
    let target = this.next() * total;
    for (const [item, weight] of items) {
      target -= weight;
      if (target < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new RangeError('weighted pick from an empty list');
    return last[0];
  }

  /** Picks with a Zipf-like bias towards the head of the list: real name frequencies are skewed. */
  pickSkewed<T>(items: readonly T[], skew = 1): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    const u = this.next();
    const index = Math.floor(items.length * Math.pow(u, 1 + skew));
    return items[Math.min(index, items.length - 1)] as T;
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const held = items[i] as T;
      items[i] = items[j] as T;
      items[j] = held;
    }
    return items;
  }

  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items.slice()).slice(0, Math.max(0, count));
  }

  /** Approximately normal (Irwin–Hall of 4), clamped to [min, max]. */
  normal(mean: number, deviation: number, min: number, max: number): number {
    const z = (this.next() + this.next() + this.next() + this.next() - 2) * Math.sqrt(3);
    return Math.min(max, Math.max(min, mean + z * deviation));
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }

  letters(count: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ'): string {
    let out = '';
    for (let i = 0; i < count; i++) out += alphabet.charAt(this.int(0, alphabet.length - 1));
    return out;
  }
}
