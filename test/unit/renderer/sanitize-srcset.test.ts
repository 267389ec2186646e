import { describe, expect, it } from 'vitest';
import { filterSrcset, parseSrcset } from '../../../renderer/src/features/threads/srcset';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

describe('a srcset is read candidate by candidate, as the browser reads it', () => {
  it('keeps a data URL whole although it holds a comma', () => {
    expect(parseSrcset(`${PNG} 1x, ${GIF} 2x`)).toEqual([
      { url: PNG, descriptors: ['1x'] },
      { url: GIF, descriptors: ['2x'] },
    ]);
    expect(filterSrcset(`${PNG} 1x, ${GIF} 2x`, false)).toEqual({
      kept: `${PNG} 1x, ${GIF} 2x`,
      blocked: 0,
    });
    expect(filterSrcset(PNG, false)).toEqual({ kept: PNG, blocked: 0 });
  });

  it('splits candidates written without spaces after the commas', () => {
    expect(parseSrcset('a.png 1x,b.png 2x')).toEqual([
      { url: 'a.png', descriptors: ['1x'] },
      { url: 'b.png', descriptors: ['2x'] },
    ]);
    // A comma right after a URL ends its candidate; a comma inside a URL does not.
    expect(parseSrcset(`${PNG},, ${GIF} 2x`)).toEqual([
      { url: PNG, descriptors: [] },
      { url: GIF, descriptors: ['2x'] },
    ]);
    expect(parseSrcset(`${PNG},${GIF} 2x`)).toEqual([
      { url: `${PNG},${GIF}`, descriptors: ['2x'] },
    ]);
    expect(filterSrcset(`https://x.test/a.png 1x,${PNG} 2x`, false)).toEqual({
      kept: `${PNG} 2x`,
      blocked: 1,
    });
  });

  it('blocks and counts remote candidates until the user allows them', () => {
    const srcset = `https://x.test/a.png 1x, http://x.test/b.png 2x, //x.test/c.png 3x, ${PNG} 4x`;
    expect(filterSrcset(srcset, false)).toEqual({ kept: `${PNG} 4x`, blocked: 3 });
    expect(filterSrcset(srcset, true)).toEqual({
      kept: `https://x.test/a.png 1x, ${PNG} 4x`,
      blocked: 2,
    });
  });

  it('drops relative and other-scheme candidates without counting them', () => {
    expect(filterSrcset('cid:part1 1x, a.png 2x, javascript:alert(1) 3x', true)).toEqual({
      kept: '',
      blocked: 0,
    });
  });

  it('drops what it cannot read, and never lets a remote URL through inside it', () => {
    for (const junk of [
      '',
      ' , ,, ',
      `${PNG} 1x 2x`,
      `${PNG} 100w 2x`,
      `${PNG} 50h`,
      `${PNG} 0w`,
      `${PNG} wide`,
      `${PNG} (1x, https://x.test/a.png 2x)`,
      `${PNG} (1x`,
    ])
      expect(filterSrcset(junk, false), junk).toEqual({ kept: '', blocked: 0 });

    // A remote URL behind junk descriptors would not load, so it is neither kept nor counted.
    expect(filterSrcset('https://x.test/a.png nonsense', false)).toEqual({ kept: '', blocked: 0 });
    // What was kept reads back the same, so the browser sees only the candidates judged here.
    const kept = filterSrcset(`,,${PNG} 1.5x ,  ${GIF}\t100w 50h,,`, false).kept;
    expect(kept).toBe(`${PNG} 1.5x, ${GIF} 100w 50h`);
    expect(filterSrcset(kept, false).kept).toBe(kept);
  });
});
