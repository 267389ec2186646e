// Byte helpers shared by the file builders.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xffffffff;
  for (let i = start; i < end; i++)
    crc = (CRC_TABLE[(crc ^ (data[i] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; i++) {
    a = (a + (data[i] ?? 0)) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** One byte per character (code points above 255 become '?'): for PDF syntax and ASCII formats. */
export function latin1(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out[i] = code < 256 ? code : 63;
  }
  return out;
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Growable byte buffer with little- and big-endian writers. */
export class ByteWriter {
  private buffer = new Uint8Array(256);
  length = 0;

  private ensure(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + extra) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  byte(value: number): this {
    this.ensure(1);
    this.buffer[this.length++] = value & 0xff;
    return this;
  }

  u16le(value: number): this {
    return this.byte(value).byte(value >>> 8);
  }

  u32le(value: number): this {
    return this.u16le(value & 0xffff).u16le(value >>> 16);
  }

  u16be(value: number): this {
    return this.byte(value >>> 8).byte(value);
  }

  u32be(value: number): this {
    return this.u16be(value >>> 16).u16be(value & 0xffff);
  }

  bytes(data: Uint8Array): this {
    this.ensure(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
    return this;
  }

  result(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

/** Base64 without Node's Buffer, so the generator stays runtime-neutral. */
export function base64(data: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < data.length; i += 3) {
    const a = data[i] ?? 0;
    const b = data[i + 1] ?? 0;
    const c = data[i + 2] ?? 0;
    const triple = (a << 16) | (b << 8) | c;
    out += alphabet.charAt((triple >>> 18) & 63) + alphabet.charAt((triple >>> 12) & 63);
    out += i + 1 < data.length ? alphabet.charAt((triple >>> 6) & 63) : '=';
    out += i + 2 < data.length ? alphabet.charAt(triple & 63) : '=';
  }
  return out;
}
