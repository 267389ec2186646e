import { describe, expect, it } from 'vitest';
import { crc32 } from '../../../../main/sandbox/generator/files/bytes';
import { buildJpeg } from '../../../../main/sandbox/generator/files/jpeg';
import { buildPdf } from '../../../../main/sandbox/generator/files/pdf';
import { buildPng } from '../../../../main/sandbox/generator/files/png';
import { buildZip } from '../../../../main/sandbox/generator/files/zip';
import { accountNumber, isValidIban } from '../../../../main/sandbox/generator/geo';
import { legalEntityIdentifier } from '../../../../main/sandbox/generator/customers/customer-fields';
import { Rng } from '../../../../main/sandbox/generator/rng';
import { inflateSync } from 'node:zlib';

const ascii = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('file builders', () => {
  it('writes a PDF whose cross-reference table points at its objects', () => {
    const pdf = ascii(buildPdf('Utility bill (March)', ['Customer: Zoë Müller', 'Amount: 12.50 EUR'], '2025-03-04T10:22:31Z')); // prettier-ignore
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const start = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(start, start + 4)).toBe('xref');
    const offsets = [...pdf.slice(start).matchAll(/(\d{10}) 00000 n/g)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) =>
      expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true),
    );
    expect(pdf).toContain('(Customer: Zoe Muller) Tj');
    expect(pdf).toContain('\\(March\\)');
  });

  it('writes a PNG with valid chunk CRCs and decodable pixel data', () => {
    const png = buildPng(
      5,
      3,
      [
        [0, 0, 0],
        [255, 0, 0],
      ],
      [{ x: 1, y: 1, w: 2, h: 1, colour: 1 }],
    );
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    let offset = 8;
    const types: string[] = [];
    let idat = new Uint8Array(0);
    while (offset < png.length) {
      const length = view.getUint32(offset);
      const type = ascii(png.slice(offset + 4, offset + 8));
      expect(view.getUint32(offset + 8 + length)).toBe(crc32(png, offset + 4, offset + 8 + length));
      if (type === 'IDAT') idat = png.slice(offset + 8, offset + 8 + length);
      types.push(type);
      offset += 12 + length;
    }
    expect(types).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    expect([...inflateSync(idat)]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('writes a baseline JPEG with its markers in order', () => {
    const jpeg = buildJpeg([
      [30, 200],
      [128, 255],
    ]);
    const markers: number[] = [];
    for (let i = 0; i + 1 < jpeg.length; i++) {
      if (jpeg[i] !== 0xff) continue;
      const marker = jpeg[i + 1] ?? 0;
      if (marker === 0x00) continue;
      markers.push(marker);
      if (marker === 0xda) break;
      if (marker !== 0xd8) i += 1 + (((jpeg[i + 2] ?? 0) << 8) | (jpeg[i + 3] ?? 0));
    }
    expect(markers).toEqual([0xd8, 0xe0, 0xdb, 0xc0, 0xc4, 0xc4, 0xda]);
    expect([...jpeg.slice(-2)]).toEqual([0xff, 0xd9]);
  });

  it('writes a ZIP whose directory lists its entries with their CRCs', () => {
    const data = new TextEncoder().encode('<w:document/>');
    const zip = buildZip([{ name: 'word/document.xml', data }], new Date('2025-03-04T10:22:31Z'));
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const end = zip.length - 22;
    expect(view.getUint32(end, true)).toBe(0x06054b50);
    expect(view.getUint16(end + 10, true)).toBe(1);
    const directory = view.getUint32(end + 16, true);
    expect(view.getUint32(directory, true)).toBe(0x02014b50);
    expect(view.getUint32(directory + 16, true)).toBe(crc32(data));
    expect(view.getUint32(0, true)).toBe(0x04034b50);
  });
});

describe('identifiers', () => {
  it('gives IBANs valid check digits', () => {
    const rng = Rng.fromSeed(4);
    for (const country of ['DE', 'FR', 'GB', 'NL', 'IT', 'ES', 'PL', 'CH', 'AE']) {
      const iban = accountNumber(rng, country);
      expect(iban.startsWith(country)).toBe(true);
      expect(isValidIban(iban)).toBe(true);
    }
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('DE88 3704 0044 0532 0130 00')).toBe(false);
  });

  it('gives LEIs valid ISO 17442 check digits', () => {
    const lei = legalEntityIdentifier(Rng.fromSeed(5));
    expect(lei).toMatch(/^[0-9A-Z]{18}\d{2}$/);
    const numeric = lei
      .split('')
      .map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c))
      .join('');
    let remainder = 0;
    for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
    expect(remainder).toBe(1);
  });
});
