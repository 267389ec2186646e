// A valid baseline JPEG (greyscale, one DC value per 8×8 block, every AC coefficient zero): a
// blocky thumbnail, but a real JPEG any decoder reads.
import { ByteWriter } from './bytes';

/** Code of each DC magnitude category in the standard luminance DC Huffman table. */
const DC_CODES: readonly (readonly [number, number])[] = [
  [0b00, 2],
  [0b010, 3],
  [0b011, 3],
  [0b100, 3],
  [0b101, 3],
  [0b110, 3],
  [0b1110, 4],
  [0b11110, 5],
  [0b111110, 6],
  [0b1111110, 7],
  [0b11111110, 8],
  [0b111111110, 9],
];
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const QUANT = 16;

class BitWriter {
  private current = 0;
  private count = 0;
  constructor(private readonly out: ByteWriter) {}

  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.current = (this.current << 1) | ((value >>> i) & 1);
      this.count++;
      if (this.count === 8) this.flushByte();
    }
  }

  private flushByte(): void {
    this.out.byte(this.current);
    if (this.current === 0xff) this.out.byte(0x00);
    this.current = 0;
    this.count = 0;
  }

  finish(): void {
    while (this.count !== 0) this.write(1, 1);
  }
}

/** `blockLevels[row][col]` are grey levels 0..255 of each 8×8 block. */
export function buildJpeg(blockLevels: readonly (readonly number[])[]): Uint8Array {
  const rows = blockLevels.length;
  const cols = blockLevels[0]?.length ?? 0;
  const out = new ByteWriter().u16be(0xffd8);
  out
    .u16be(0xffe0)
    .u16be(16)
    .bytes(new Uint8Array([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  out.u16be(0xffdb).u16be(67).byte(0);
  for (let i = 0; i < 64; i++) out.byte(QUANT);
  out
    .u16be(0xffc0)
    .u16be(11)
    .byte(8)
    .u16be(rows * 8)
    .u16be(cols * 8)
    .byte(1)
    .byte(1)
    .byte(0x11)
    .byte(0);
  out
    .u16be(0xffc4)
    .u16be(3 + 16 + 12)
    .byte(0x00);
  for (const count of DC_BITS) out.byte(count);
  for (let v = 0; v < 12; v++) out.byte(v);
  // A one-symbol AC table: the single 1-bit code "0" means end-of-block.
  out
    .u16be(0xffc4)
    .u16be(3 + 16 + 1)
    .byte(0x10)
    .byte(1);
  for (let i = 1; i < 16; i++) out.byte(0);
  out.byte(0x00);
  out.u16be(0xffda).u16be(8).byte(1).byte(1).byte(0x00).byte(0).byte(63).byte(0);
  const bits = new BitWriter(out);
  let previous = 0;
  for (const row of blockLevels) {
    for (const level of row) {
      const dc = Math.round((8 * (Math.max(0, Math.min(255, level)) - 128)) / QUANT);
      const diff = dc - previous;
      previous = dc;
      const magnitude = Math.abs(diff);
      const category = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
      const [code, length] = DC_CODES[category] ?? [0, 2];
      bits.write(code, length);
      if (category > 0) bits.write(diff > 0 ? diff : diff + (1 << category) - 1, category);
      bits.write(0, 1);
    }
  }
  bits.finish();
  return out.u16be(0xffd9).result();
}
