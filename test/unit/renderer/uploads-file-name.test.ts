import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FileName } from '../../../renderer/src/components/FileName';
import { visibleFileName } from '../../../renderer/src/lib/file-names';

// A dropped file's name is the investigator's disk's, or (through the browser host) whatever the
// page sent: shown in the upload form, it must read as what it is.
describe('a file name in the upload form', () => {
  it('shows a name with a bidirectional override as it really is, isolated from the text around it', () => {
    // "invoice‮fdp.exe" reads as "invoiceexe.pdf" when the override is honoured.
    const html = renderToStaticMarkup(
      createElement(FileName, { name: 'invoice\u202Efdp.exe', testId: 'upload-file-name' }),
    );
    expect(html).toBe('<bdi dir="auto" data-testid="upload-file-name">invoicefdp.exe</bdi>');
  });

  it('shows no path, no parent folder and no hidden name', () => {
    expect(visibleFileName('..')).toBe('document');
    expect(visibleFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(visibleFileName('..\\secret.txt')).toBe('_secret.txt');
    expect(visibleFileName('.bashrc')).toBe('bashrc');
    expect(visibleFileName('report\u2066.pdf\u2069   .exe')).toBe('report.pdf .exe');
    expect(visibleFileName('Relevé bancaire #3.pdf')).toBe('Relevé bancaire #3.pdf');
  });

  it('never shows a bidirectional or control character, a separator or a leading dot', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (name) => {
        const shown = visibleFileName(name);
        expect(shown).not.toMatch(/[\p{Cc}\p{Cf}/\\]/u);
        expect(shown).not.toMatch(/^[. ]/);
        expect(shown.length).toBeGreaterThan(0);
        expect(visibleFileName(shown)).toBe(shown);
      }),
    );
  });
});
