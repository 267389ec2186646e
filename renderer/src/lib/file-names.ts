// A file name shown in the window: the same treatment main gives a name it saves to disk
// (main/lib/safe-file-name.ts), which the renderer may not import. A name from a disk or a page
// may hold bidirectional overrides ("invoice\u202Efdp.exe" reads as "invoiceexe.pdf"), other
// invisible characters, separators or leading dots ("..", ".bashrc"): shown, it must read as what
// the file is. Put it in <FileName>, which isolates it from the text around it as well.

/** Controls, format characters (bidi overrides and isolates, zero-width), separators, fillers. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]|\u034F|\u17B4|\u17B5/gu;
/** Path separators of every platform, and the other characters Windows refuses in a name. */
const FORBIDDEN = /[/\\:<>"|?*]/g;
const ODD_SPACES = /[\p{Zs}\u2800]/gu;
const SPACE_RUNS = / {2,}/g;
const LEADING_DOTS_SPACES = /^[. ]+/;
const TRAILING_DOTS_SPACES = /[. ]+$/;

/** What a name that leaves nothing readable is shown as (and filed as: main says the same). */
export const NAMELESS_FILE = 'document';

/** A file name as it is shown: one readable name, never empty; applying it twice changes nothing. */
export function visibleFileName(name: string): string {
  const shown = name
    .replace(INVISIBLE, '')
    .normalize('NFC')
    .replace(FORBIDDEN, '_')
    .replace(ODD_SPACES, ' ')
    .replace(SPACE_RUNS, ' ')
    .replace(LEADING_DOTS_SPACES, '')
    .replace(TRAILING_DOTS_SPACES, '');
  return shown === '' ? NAMELESS_FILE : shown;
}
