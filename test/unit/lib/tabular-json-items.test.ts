import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonItemScanner } from '../../../main/lib/tabular/json-items';

function scan(text: string, size: number) {
  const scanner = new JsonItemScanner();
  const items = [];
  for (let at = 0; at < text.length; at += size)
    items.push(...scanner.push(text.slice(at, at + size)));
  items.push(...scanner.end());
  return { items, error: scanner.error };
}

describe('JSON items pushed in chunks', () => {
  it('gives back every item of an array or of an object’s lists, however the text is cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue()),
        fc.array(fc.jsonValue(), { maxLength: 3 }),
        fc.integer({ min: 1, max: 40 }),
        (customers, relations, size) => {
          const array = scan(JSON.stringify(customers, null, 1), size);
          expect(array.error).toBeNull();
          expect(array.items.map((item) => JSON.parse(item.text) as unknown)).toEqual(
            JSON.parse(JSON.stringify(customers)),
          );
          const holder = scan(JSON.stringify({ note: 'x', customers, relations }), size);
          expect(holder.error).toBeNull();
          expect(
            holder.items
              .filter((item) => item.section === 'relations')
              .map((item) => JSON.parse(item.text) as unknown),
          ).toEqual(JSON.parse(JSON.stringify(relations)));
        },
      ),
    );
  });

  it('says so when the file is cut short or has text after its value', () => {
    expect(scan('[{"a":1},', 4).error).toMatch(/ends before its JSON is closed/);
    expect(scan('[1] [2]', 3).error).toMatch(/more text after its JSON value/);
  });
});
