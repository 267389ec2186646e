import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, posix, resolve, win32 } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  isExecutableName,
  numberedName,
  safeFileName,
  uniqueTargetPath,
} from '../../../main/lib/safe-file-name';
import { saveDownload } from '../../../main/downloads/safe-download';
import { makeTempDir } from '../../support/temp-dir';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
const safe = (name: string): string => safeFileName(name, 'download');

/** Written independently of the implementation: what makes a name unsafe to create anywhere. */
function problemsWith(name: string): string[] {
  const problems: string[] = [];
  if (name === '') problems.push('empty');
  if (bytes(name) > 255) problems.push('over 255 bytes');
  if (/[/\\:<>"|?*]/.test(name)) problems.push('separator or Windows-forbidden character');
  if (/\p{Cc}/u.test(name)) problems.push('control character');
  if (/[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u061C\u00AD]/.test(name)) {
    problems.push('invisible or bidi character');
  }
  if (/\p{Cs}/u.test(name)) problems.push('lone surrogate');
  if (Buffer.from(name, 'utf8').toString('utf8') !== name) problems.push('not valid UTF-8');
  if (/[. ]$/.test(name)) problems.push('ends with a dot or space');
  if (/^[. ]/.test(name)) problems.push('starts with a dot or space');
  const device = (name.split('.')[0] ?? '').trimEnd().toLowerCase();
  if (/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/.test(device)) {
    problems.push('reserved device name');
  }
  if (name !== name.normalize('NFC')) problems.push('not NFC');
  return problems;
}

describe('safeFileName', () => {
  it.each([
    ['../../etc/passwd', '_.._etc_passwd'],
    ['..\\..\\windows\\system32', '_.._windows_system32'],
    ['C:\\x', 'C__x'],
    ['\\\\server\\share', '__server_share'],
    ['/absolute/path.pdf', '_absolute_path.pdf'],
    ['report.pdf:Zone.Identifier', 'report.pdf_Zone.Identifier'],
    ['a<b>c:d"e|f?g*h.txt', 'a_b_c_d_e_f_g_h.txt'],
  ])('keeps %j to one name inside the folder: %j', (input, expected) => {
    expect(safe(input)).toBe(expected);
  });

  it.each([
    ['CON', '_CON'],
    ['con.txt', '_con.txt'],
    ['Nul.tar.gz', '_Nul.tar.gz'],
    ['aux', '_aux'],
    ['prn.PDF', '_prn.PDF'],
    ['COM1', '_COM1'],
    ['com0.log', '_com0.log'],
    ['LPT9.doc', '_LPT9.doc'],
    ['COM¹.txt', '_COM¹.txt'],
    ['lpt³', '_lpt³'],
    ['con .txt', '_con .txt'],
    ['CONIN$', '_CONIN$'],
    ['con.txt...', '_con.txt'],
  ])('prefixes the Windows device name %j', (input, expected) => {
    expect(safe(input)).toBe(expected);
  });

  it.each(['console.txt', 'com10.txt', 'icon.png', 'con_.txt', 'lpt.txt', 'connect'])(
    'leaves %j alone: it is not a device name',
    (input) => {
      expect(safe(input)).toBe(input);
    },
  );

  it('removes bidi overrides that disguise an extension', () => {
    expect(safe('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safe('a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200F.txt')).toBe(
      'abcdefghij.txt',
    );
  });

  it('removes zero-width and other invisible characters', () => {
    expect(safe('report\u200B.pdf')).toBe('report.pdf');
    expect(safe('x.e\u200Cx\u200De')).toBe('x.exe');
    expect(safe('\uFEFFname.txt')).toBe('name.txt');
    expect(safe('soft\u00ADhyphen\u2060.txt')).toBe('softhyphen.txt');
    expect(safe('tag\u{E0041}s.txt')).toBe('tags.txt');
    expect(safe('filler\u3164\u115F.txt')).toBe('filler.txt');
  });

  it('removes NUL and C0/C1 control characters', () => {
    expect(safe('a\u0000b\u001Fc\u007Fd\u0085e\u009F.txt')).toBe('abcde.txt');
    expect(safe('line\nbreak\r\ttab.txt')).toBe('linebreaktab.txt');
    expect(safe('evil.pdf\u0000.exe')).toBe('evil.pdf.exe');
  });

  it('collapses padding that would push the real extension out of view', () => {
    expect(safe(`invoice.pdf${' '.repeat(60)}.exe`)).toBe('invoice.pdf .exe');
    expect(safe('a\u00A0\u3000\u2003b.txt')).toBe('a b.txt');
  });

  it.each([
    ['.', 'download'],
    ['..', 'download'],
    ['....', 'download'],
    ['   ', 'download'],
    ['\u00A0\u3000', 'download'],
    ['', 'download'],
    ['\u200B\u202E', 'download'],
    ['. . .', 'download'],
  ])('uses the fallback for %j', (input, expected) => {
    expect(safeFileName(input, 'download')).toBe(expected);
  });

  it('makes the fallback safe too', () => {
    expect(safeFileName('', 'Document 42.pdf')).toBe('Document 42.pdf');
    expect(safeFileName('..', '../secret')).toBe('_secret');
    expect(safeFileName('', 'con')).toBe('_con');
    expect(safeFileName('', '...')).toBe('download');
  });

  it('removes trailing dots and spaces, and leading spaces and dots', () => {
    expect(safe('report.pdf. . ')).toBe('report.pdf');
    expect(safe('run.exe.')).toBe('run.exe');
    expect(safe('  report.pdf')).toBe('report.pdf');
    expect(safe('.bashrc')).toBe('bashrc');
  });

  it('gives NFC and NFD spellings of a name the same, composed, result', () => {
    const nfd = 'Cafe\u0301 Ma\u0308rz.txt';
    expect(safe(nfd)).toBe('Café März.txt'.normalize('NFC'));
    expect(safe(nfd)).toBe(safe(nfd.normalize('NFC')));
    expect(safe('e\u200B\u0301.txt')).toBe('\u00E9.txt');
  });

  it('shortens a 300-byte CJK name to 255 bytes, keeping the extension', () => {
    const name = safe(`${'漢'.repeat(100)}.pdf`);
    expect(bytes(name)).toBeLessThanOrEqual(255);
    expect(name).toMatch(/^漢+\.pdf$/u);
    expect(name.length).toBe(83 + 4);
    expect(problemsWith(name)).toEqual([]);
  });

  it('shortens a 300-byte emoji name without splitting a surrogate pair', () => {
    const name = safe(`${'😀'.repeat(75)}.docx`);
    expect(bytes(name)).toBeLessThanOrEqual(255);
    expect(name).toMatch(/^(?:😀)+\.docx$/u);
    expect(problemsWith(name)).toEqual([]);
  });

  it('shortens without separating letters from their accents', () => {
    // q + combining acute has no composed form, so each pair is one character to the reader.
    const name = safe(`${'q\u0301'.repeat(100)}.txt`);
    expect(bytes(name)).toBeLessThanOrEqual(255);
    expect(name).toMatch(/^(?:q\u0301)+\.txt$/u);
  });

  it('shortens even a single character carrying hundreds of accents', () => {
    const name = safe(`a${'\u0301'.repeat(300)}.txt`);
    expect(bytes(name)).toBeLessThanOrEqual(255);
    expect(name.endsWith('.txt')).toBe(true);
    expect(problemsWith(name)).toEqual([]);
  });

  it('shortens a name whose "extension" is too long to keep, from the end', () => {
    const name = safe(`a.${'b'.repeat(300)}`);
    expect(bytes(name)).toBe(255);
    expect(name.startsWith('a.bbb')).toBe(true);
  });

  it('removes a dot or space that shortening leaves at the end', () => {
    expect(safe(`${'a'.repeat(254)}. ${'b'.repeat(40)}`)).toBe('a'.repeat(254));
    expect(safe(`${'a'.repeat(250)} ${'b'.repeat(60)}.pdf`)).toBe(`${'a'.repeat(250)}.pdf`);
  });

  it('keeps ordinary names as they are', () => {
    for (const name of [
      'Kontoauszug März 2024.pdf',
      'scan (1).tiff',
      'résumé.docx',
      '報告書.xlsx',
    ]) {
      expect(safe(name)).toBe(name);
    }
  });

  const nasty = fc.constantFrom(
    '/',
    '\\',
    '.',
    '..',
    ' ',
    ':',
    '\u0000',
    '\u202E',
    '\u2066',
    '\u200B',
    '\uFEFF',
    '\u00A0',
    'con',
    'CON',
    'lpt¹',
    'nul',
    '.exe',
    '.txt',
    'e\u0301',
    '\u0301',
    '😀',
    '👨‍👩‍👧',
    '漢字',
    '\uD800',
    '\uDC00',
    'C:',
    '\\\\',
  );
  const anyName = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 400 }),
    fc.string({ unit: 'grapheme', maxLength: 300 }),
    fc
      .array(fc.oneof(nasty, fc.string({ unit: 'binary', maxLength: 8 })), { maxLength: 120 })
      .map((parts) => parts.join('')),
  );

  it('puts any name directly inside the folder, and makes it safe everywhere', () => {
    const folder = resolve('/downloads/case 17');
    fc.assert(
      fc.property(anyName, (input) => {
        const name = safe(input);
        const path = resolve(join(folder, name));
        expect(dirname(path)).toBe(folder);
        expect(basename(path)).toBe(name);
        expect(problemsWith(name)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it('changes nothing when applied twice', () => {
    fc.assert(
      fc.property(anyName, (input) => {
        const once = safe(input);
        expect(safe(once)).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps a short extension of any name that must be shortened', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 300, maxLength: 400 }),
        fc.constantFrom('.pdf', '.docx', '.tar', '.msg'),
        (stem, extension) => {
          const name = safe(`x${stem}${extension}`);
          expect(name.endsWith(extension)).toBe(true);
          expect(bytes(name)).toBeLessThanOrEqual(255);
        },
      ),
    );
  });
});

describe('isExecutableName', () => {
  it.each([
    'setup.exe',
    'SETUP.EXE',
    'statement.pdf.exe',
    'run.exe.',
    'run.exe . .',
    'x.e\u200Bxe',
    'invoice\u202Efdp.exe',
    'installer.msi',
    'script.ps1',
    'macro.vbs',
    'run.bat',
    'run.cmd',
    'old.com',
    'screen.scr',
    'shortcut.lnk',
    'page.hta',
    'tool.jar',
    'Mail.app',
    'launch.command',
    'install.sh',
    'package.deb',
    'package.rpm',
    'image.dmg',
    'Installer.pkg',
    'tool.AppImage',
    'settings.reg',
    'disk.iso',
    'report.js',
    'budget.xlsm',
  ])('flags %j', (name) => {
    expect(isExecutableName(name)).toBe(true);
  });

  it.each([
    'statement.pdf',
    'statement.exe.pdf',
    'scan.tiff',
    'notes.txt',
    'exe',
    'bashrc',
    '.exe',
    'archive.zip',
    'letter.docx',
    'x.exe__$DATA',
  ])('does not flag %j', (name) => {
    expect(isExecutableName(name)).toBe(false);
  });
});

describe('uniqueTargetPath', () => {
  const temp = makeTempDir();
  let folder = '';
  let count = 0;

  beforeEach(() => {
    count += 1;
    folder = join(temp.path, `case-${count}`);
    mkdirSync(folder);
  });
  afterAll(() => temp.remove());

  it('uses the name itself when it is free', async () => {
    expect(await uniqueTargetPath(folder, 'report.pdf')).toBe(join(folder, 'report.pdf'));
  });

  it('numbers the name when it is taken, before the extension', async () => {
    writeFileSync(join(folder, 'report.pdf'), 'a');
    expect(await uniqueTargetPath(folder, 'report.pdf')).toBe(join(folder, 'report (2).pdf'));
    writeFileSync(join(folder, 'report (2).pdf'), 'b');
    expect(await uniqueTargetPath(folder, 'report.pdf')).toBe(join(folder, 'report (3).pdf'));
    writeFileSync(join(folder, 'README'), 'c');
    expect(await uniqueTargetPath(folder, 'README')).toBe(join(folder, 'README (2)'));
  });

  it('counts a dangling symbolic link as taken', async () => {
    symlinkSync(join(folder, 'missing'), join(folder, 'link.pdf'));
    expect(await uniqueTargetPath(folder, 'link.pdf')).toBe(join(folder, 'link (2).pdf'));
  });

  it('makes the name safe first', async () => {
    expect(await uniqueTargetPath(folder, '../../etc/passwd')).toBe(join(folder, '_.._etc_passwd'));
  });

  it('keeps a numbered 255-byte name within the limit', async () => {
    const name = safe(`${'漢'.repeat(100)}.pdf`);
    writeFileSync(join(folder, name), 'a');
    const next = basename(await uniqueTargetPath(folder, name));
    expect(next).toMatch(/^漢+ \(2\)\.pdf$/u);
    expect(bytes(next)).toBeLessThanOrEqual(255);
  });

  it('numbers any safe name within the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.nat(99_999), (input, n) => {
        const numbered = numberedName(safe(input), n + 2);
        expect(numbered).toContain(` (${n + 2})`);
        expect(problemsWith(numbered)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});

/**
 * The cases the issue names (traversal, reserved, bidi, empty and 300-byte names), each as unit
 * examples and as properties: every result is one name that lands directly inside the download
 * folder, whether Linux, macOS or Windows resolves the path.
 */
describe('the named hostile names: every result lands inside the folder', () => {
  const posixFolder = '/home/investigator/Downloads';
  const windowsFolder = 'C:\\Users\\investigator\\Downloads';
  const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
  const SEPARATOR = /[/\\]/;
  const FALLBACK = 'Document 42.pdf';

  function expectInsideFolder(name: string): void {
    const posixPath = posix.resolve(posixFolder, name);
    expect(posix.dirname(posixPath)).toBe(posixFolder);
    expect(posix.basename(posixPath)).toBe(name);
    const windowsPath = win32.resolve(windowsFolder, name);
    expect(win32.dirname(windowsPath)).toBe(windowsFolder);
    expect(win32.basename(windowsPath)).toBe(name);
    expect(problemsWith(name)).toEqual([]);
  }

  const traversal = [
    '../../etc/passwd',
    '..\\..\\Windows\\win.ini',
    '/etc/shadow',
    'C:\\Windows\\System32\\evil.exe',
    '\\\\?\\C:\\evil.txt',
    '\\\\server\\share\\x.pdf',
    'a/../../b.pdf',
    '....//....//x',
    '..',
    '.',
    '~/x.txt',
  ];
  const reserved = ['CON', 'nul.txt', 'COM1.tar.gz', 'lpt9 .log', 'CONOUT$', 'Aux.', 'prn . pdf'];
  const bidi = [
    'invoice\u202Efdp.exe',
    '\u2067cod.\u2069exe',
    'report\u200F.pdf',
    'abc\u202Dgpj.js',
    '\u061Cscan.tiff',
  ];
  const empty = ['', ' ', '...', '. .', '\u202E', '\u0000', '\u200B\uFEFF', '\u3000\u00A0'];
  const long = [
    'a'.repeat(300),
    '漢'.repeat(100),
    '😀'.repeat(75),
    `${'b'.repeat(296)}.pdf`,
    `${'e\u0301'.repeat(100)}.txt`,
    `${'x'.repeat(150)}/${'y'.repeat(150)}`,
  ];

  it.each(traversal)('traversal %j stays one name inside the folder', (input) => {
    const name = safeFileName(input, FALLBACK);
    expectInsideFolder(name);
    expect(name).not.toMatch(SEPARATOR);
  });

  it.each(reserved)('reserved device name %j becomes a plain file name', (input) => {
    const name = safeFileName(input, FALLBACK);
    expectInsideFolder(name);
    expect(name.startsWith('_')).toBe(true);
  });

  it.each(bidi)('bidi controls in %j are removed', (input) => {
    const name = safeFileName(input, FALLBACK);
    expectInsideFolder(name);
    expect(name).not.toMatch(BIDI);
  });

  it.each(empty)('the empty or invisible name %j gets the fallback', (input) => {
    const name = safeFileName(input, FALLBACK);
    expectInsideFolder(name);
    expect(name).toBe(FALLBACK);
  });

  it.each(long.map((input) => [bytes(input), input]))(
    'a %d-byte name is cut to 255 bytes',
    (size, input) => {
      expect(size).toBeGreaterThanOrEqual(300);
      const name = safeFileName(input, FALLBACK);
      expectInsideFolder(name);
      expect(bytes(name)).toBeLessThanOrEqual(255);
    },
  );

  const randomCase = (text: string, flags: boolean[]) =>
    [...text].map((c, i) => (flags[i] ? c.toUpperCase() : c.toLowerCase())).join('');
  const traversalNames = fc
    .array(
      fc.oneof(
        fc.constantFrom('..', '.', '/', '\\', '../', '..\\', 'C:', '\\\\srv\\share\\', '~', '%2e'),
        fc.string({ maxLength: 6 }),
      ),
      { minLength: 1, maxLength: 24 },
    )
    .map((parts) => parts.join(''));
  const reservedNames = fc
    .tuple(
      fc.constantFrom('con', 'prn', 'aux', 'nul', 'com1', 'com9', 'lpt1', 'lpt³', 'conin$'),
      fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
      fc.constantFrom('', ' ', '   '),
      fc.constantFrom('', '.txt', '.tar.gz', '.', '. .', '.pdf ', '.exe'),
    )
    .map(
      ([device, flags, spaces, extension]) => `${randomCase(device, flags)}${spaces}${extension}`,
    );
  const bidiNames = fc
    .tuple(
      fc.constantFrom('\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067'),
      fc.array(
        fc.oneof(
          fc.constantFrom('\u2068', '\u2069', '\u200E', '\u200F', '\u061C', '\u202E'),
          fc.string({ maxLength: 6 }),
        ),
        { maxLength: 20 },
      ),
    )
    .map(([first, rest]) => `${first}${rest.join('')}`);
  const emptyNames = fc
    .array(
      fc.constantFrom('', '.', ' ', '\u00A0', '\u3000', '\u200B', '\u202E', '\u0000', '\uFEFF'),
      { maxLength: 24 },
    )
    .map((parts) => parts.join(''));
  const longNames = fc
    .tuple(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
      fc.constantFrom('', '.pdf', '.docx', '.tar.gz', '.exe'),
    )
    .map(([piece, extension]) => {
      let stem = piece;
      while (bytes(stem) < 300) stem += piece;
      return `${stem}${extension}`;
    });

  it('traversal names: one name, no separator, inside the folder', () => {
    fc.assert(
      fc.property(traversalNames, (input) => {
        const name = safeFileName(input, FALLBACK);
        expectInsideFolder(name);
        expect(name).not.toMatch(SEPARATOR);
      }),
      { numRuns: 2000 },
    );
  });

  it('reserved device names in any case and spelling: never a device, inside the folder', () => {
    fc.assert(
      fc.property(reservedNames, (input) => {
        expectInsideFolder(safeFileName(input, FALLBACK));
      }),
      { numRuns: 1000 },
    );
  });

  it('names with bidi controls: none left, inside the folder', () => {
    fc.assert(
      fc.property(bidiNames, (input) => {
        const name = safeFileName(input, FALLBACK);
        expectInsideFolder(name);
        expect(name).not.toMatch(BIDI);
      }),
      { numRuns: 2000 },
    );
  });

  it('empty and invisible names: the fallback, inside the folder', () => {
    fc.assert(
      fc.property(emptyNames, (input) => {
        const name = safeFileName(input, FALLBACK);
        expect(name).toBe(FALLBACK);
        expectInsideFolder(name);
      }),
      { numRuns: 1000 },
    );
  });

  it('names of 300 bytes and more: at most 255 bytes, inside the folder', () => {
    fc.assert(
      fc.property(longNames, (input) => {
        expect(bytes(input)).toBeGreaterThanOrEqual(300);
        const name = safeFileName(input, FALLBACK);
        expect(bytes(name)).toBeLessThanOrEqual(255);
        expectInsideFolder(name);
      }),
      { numRuns: 1000 },
    );
  });

  describe('saved on disk', () => {
    const temp = makeTempDir('casedesk-hostile-names-');
    afterAll(() => temp.remove());

    it('every hostile name is saved as a file directly inside the real folder', async () => {
      const folder = join(temp.path, 'Downloads');
      mkdirSync(folder);
      const realFolder = realpathSync(folder);
      let saves = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(traversalNames, reservedNames, bidiNames, emptyNames, longNames),
          async (input) => {
            const saved = await saveDownload({
              folder,
              serverName: input,
              fallbackName: FALLBACK,
              body: (async function* () {
                await Promise.resolve();
                yield Buffer.from(input, 'utf8');
              })(),
            });
            saves += 1;
            expect(dirname(saved.path)).toBe(realFolder);
            expect(readFileSync(saved.path).equals(Buffer.from(input, 'utf8'))).toBe(true);
          },
        ),
        { numRuns: 150 },
      );
      // Nothing but the saved files, none hidden, none temporary; nothing beside the folder.
      const saved = readdirSync(folder, { withFileTypes: true });
      expect(saved).toHaveLength(saves);
      expect(saved.every((entry) => entry.isFile() && !entry.name.startsWith('.'))).toBe(true);
      expect(readdirSync(temp.path)).toEqual(['Downloads']);
    });
  });
});
