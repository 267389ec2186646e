import fc from 'fast-check';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  declaredSize,
  fileNameFromDisposition,
  guardedBody,
  readBodyText,
} from '../../../main/api/response-body';
import { pathSegment } from '../../../main/api/call-spec';

describe('file names from Content-Disposition', () => {
  it('prefers filename* (RFC 8187) over filename', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Reisepass _ M_ller.pdf"; filename*=UTF-8''Reisepass%20%E2%80%93%20M%C3%BCller.pdf`,
      ),
    ).toBe('Reisepass – Müller.pdf');
    expect(
      fileNameFromDisposition(
        `attachment; filename*=utf-8'en'%E6%96%87%E4%BB%B6.txt; filename="x.txt"`,
      ),
    ).toBe('文件.txt');
    expect(fileNameFromDisposition(`attachment; filename*=iso-8859-1''caf%E9.txt`)).toBe(
      'café.txt',
    );
  });

  it('falls back to filename, quoted or not, with escapes', () => {
    expect(fileNameFromDisposition('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(fileNameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename=ok.txt`)).toBe(
      'ok.txt',
    );
    expect(fileNameFromDisposition('inline; FILENAME="Up.txt"')).toBe('Up.txt');
  });

  it('is null when there is no usable name', () => {
    for (const header of [
      undefined,
      '',
      'attachment',
      'attachment; filename=""',
      'attachment; size=3',
    ])
      expect(fileNameFromDisposition(header)).toBeNull();
  });

  it('round-trips any name the sandbox’s encoder produces', () => {
    const encode = (name: string) =>
      `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, unit: 'grapheme' }),
        (name) => fileNameFromDisposition(encode(name)) === name,
      ),
    );
  });
});

describe('sizes and bodies', () => {
  it('reads Content-Length only when it is a plain number', () => {
    expect(declaredSize('1234')).toBe(1234);
    expect(declaredSize(['5'])).toBe(5);
    expect(declaredSize('12, 12')).toBeNull();
    expect(declaredSize(undefined)).toBeNull();
  });

  it('stops reading a JSON body past its limit', async () => {
    const body = Readable.from([Buffer.alloc(10, 97), Buffer.alloc(10, 98)]);
    expect(await readBodyText(body, 15)).toEqual({ text: 'a'.repeat(10), truncated: true });
  });

  it('maps a stream failure once and reports the end once', async () => {
    let done = 0;
    const source = new Readable({ read() {} });
    const guarded = guardedBody(
      source,
      () => new Error('mapped'),
      () => (done += 1),
    );
    source.push(Buffer.from('abc'));
    setImmediate(() => source.destroy(new Error('raw')));
    await expect(async () => {
      for await (const chunk of guarded) void chunk;
    }).rejects.toThrow('mapped');
    expect(done).toBe(1);
  });

  it('fails the reader when the source is destroyed without an error', async () => {
    const source = new Readable({ read() {} });
    const guarded = guardedBody(
      source,
      (error) => error as Error,
      () => undefined,
    );
    setImmediate(() => source.destroy());
    await expect(async () => {
      for await (const chunk of guarded) void chunk;
    }).rejects.toThrow('stopped before its end');
  });
});

describe('path segments', () => {
  it('encodes every reserved character, and refuses dot segments', () => {
    expect(pathSegment('customers.get', 'A/B ü?#%')).toBe('A%2FB%20%C3%BC%3F%23%25');
    expect(pathSegment('customers.get', '...')).toBe('...');
    expect(() => pathSegment('customers.get', '..')).toThrow(/cannot be used in a URL path/);
    expect(() => pathSegment('customers.get', '.')).toThrow(/cannot be used in a URL path/);
    expect(() => pathSegment('customers.get', 'a\uD800')).toThrow(/not valid Unicode/);
    expect(() => pathSegment('customers.get', '')).toThrow(
      /Could not read the customer: the identifier is empty/,
    );
  });

  it('always yields one segment that decodes back to the id', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((id) => id !== '.' && id !== '..'),
        (id) => {
          const segment = pathSegment('documents.download', id);
          const url = new URL(`http://h/api/v1/customer_documents/${segment}/download`);
          const parts = url.pathname.split('/');
          return parts.length === 6 && decodeURIComponent(parts[4] ?? '') === id;
        },
      ),
    );
  });
});
