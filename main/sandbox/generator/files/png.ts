// A valid palette PNG (zlib "stored" blocks, so no compressor is needed) drawn from simple shapes:
// enough to look like a scanned card or a chart thumbnail.
import { adler32, ByteWriter, crc32, latin1 } from './bytes';

export interface Shape {
  x: number;
  y: number;
  w: number;
  h: number;
  colour: number;
}

function chunk(out: ByteWriter, type: string, data: Uint8Array): void {
  const typed = new Uint8Array(4 + data.length);
  typed.set(latin1(type), 0);
  typed.set(data, 4);
  out.u32be(data.length).bytes(typed).u32be(crc32(typed));
}

function zlibStored(raw: Uint8Array): Uint8Array {
  const out = new ByteWriter().byte(0x78).byte(0x01);
  for (let offset = 0; offset < raw.length || offset === 0; offset += 65535) {
    const block = raw.subarray(offset, Math.min(raw.length, offset + 65535));
    const final = offset + 65535 >= raw.length ? 1 : 0;
    out
      .byte(final)
      .u16le(block.length)
      .u16le(~block.length & 0xffff)
      .bytes(block);
    if (raw.length === 0) break;
  }
  return out.u32be(adler32(raw)).result();
}

/** `palette` holds RGB triples; pixels default to colour 0 and shapes paint over in order. */
export function buildPng(
  width: number,
  height: number,
  palette: readonly (readonly [number, number, number])[],
  shapes: readonly Shape[],
): Uint8Array {
  const raw = new Uint8Array((width + 1) * height);
  for (const shape of shapes) {
    for (let y = Math.max(0, shape.y); y < Math.min(height, shape.y + shape.h); y++) {
      for (let x = Math.max(0, shape.x); x < Math.min(width, shape.x + shape.w); x++) {
        raw[y * (width + 1) + 1 + x] = shape.colour;
      }
    }
  }
  const header = new ByteWriter()
    .u32be(width)
    .u32be(height)
    .byte(8)
    .byte(3)
    .byte(0)
    .byte(0)
    .byte(0)
    .result();
  const plte = new ByteWriter();
  for (const [r, g, b] of palette) plte.byte(r).byte(g).byte(b);
  const out = new ByteWriter().bytes(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  chunk(out, 'IHDR', header);
  chunk(out, 'PLTE', plte.result());
  chunk(out, 'IDAT', zlibStored(raw));
  chunk(out, 'IEND', new Uint8Array(0));
  return out.result();
}
