import { lstat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Names that come from the service (document and attachment file names) are untrusted: they are
 * made safe to create as ONE file directly inside a folder the user chose, on Windows, macOS and
 * Linux alike, and to read honestly in a file manager.
 */

/** Linux and macOS allow 255 bytes per name; Windows 255 UTF-16 units, never more than the bytes. */
export const MAX_NAME_BYTES = 255;

/** Longer "extensions" are just text after a dot, not worth keeping at the cost of the name. */
const MAX_EXTENSION_BYTES = 32;

const LAST_RESORT_NAME = 'download';

/**
 * Invisible characters, removed: controls (C0, DEL, C1; NUL ends a path in C), format characters
 * (bidi overrides and isolates that make "invoice\u202Efdp.exe" read as "invoiceexe.pdf",
 * zero-width spaces and joiners, BOM, soft hyphen, tag characters), line and paragraph separators,
 * and lone surrogates, which cannot be written as UTF-8. The fillers after them are letters or marks
 * by category but draw nothing, so they can hide or disguise an extension just the same.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]|\u034F|\u17B4|\u17B5/gu;

/**
 * Path separators of every platform, and the other characters Windows refuses in a name. ':' is
 * replaced everywhere: a drive letter or NTFS stream on Windows, shown as '/' by the macOS Finder.
 */
const FORBIDDEN = /[/\\:<>"|?*]/g;

/**
 * Unusual spaces (no-break, ideographic, braille blank…) become plain spaces so that the trimming
 * below sees them, and runs of spaces collapse so padding cannot push the real extension out of view.
 */
const ODD_SPACES = /[\p{Zs}\u2800]/gu;
const SPACE_RUNS = / {2,}/g;

/**
 * Leading dots would hide the file on Linux and macOS (and "." or ".." name a folder, not a file);
 * leading spaces are easy to miss; Windows silently drops trailing dots and spaces, so "x.exe." would
 * become "x.exe" on disk.
 */
const LEADING_DOTS_SPACES = /^[. ]+/;
const TRAILING_DOTS_SPACES = /[. ]+$/;

/**
 * Windows device names, reserved whatever the case and whatever follows the first dot ("con.txt",
 * "NUL.tar.gz"), with trailing spaces before the dot ignored, and with superscript digits too.
 */
const RESERVED_DEVICE = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A file name that is safe to create directly inside a chosen folder, from a name the service
 * supplied. Always a single non-empty name of at most 255 UTF-8 bytes; `fallback` (itself made safe)
 * when nothing usable is left. Applying it twice changes nothing.
 */
export function safeFileName(serverName: string, fallback: string): string {
  const name = clean(serverName);
  if (name !== '') return name;
  return fallback === LAST_RESORT_NAME
    ? LAST_RESORT_NAME
    : safeFileName(fallback, LAST_RESORT_NAME);
}

function clean(raw: string): string {
  // NFC after removing invisibles: a removed character may have kept a letter and its accent apart.
  // NFC because macOS and Windows tools disagree about decomposed names; one form is one name.
  let name = raw.replace(INVISIBLE, '').normalize('NFC');
  name = name.replace(FORBIDDEN, '_').replace(ODD_SPACES, ' ').replace(SPACE_RUNS, ' ');
  name = name.replace(LEADING_DOTS_SPACES, '').replace(TRAILING_DOTS_SPACES, '');
  if (name === '') return '';
  if (isReservedDeviceName(name)) name = `_${name}`;
  return fitBytes(name, MAX_NAME_BYTES);
}

/** True for names Windows maps to a device instead of a file ("CON", "com1.txt", "LPT¹.log"). */
export function isReservedDeviceName(name: string): boolean {
  const firstPart = name.split('.', 1)[0] ?? '';
  return RESERVED_DEVICE.test(firstPart.trimEnd());
}

/** The name split before its last dot, when what follows is short enough to be an extension. */
export function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { stem: name, extension: '' };
  const extension = name.slice(dot);
  if (byteLength(extension) > MAX_EXTENSION_BYTES) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension };
}

/** Shortens a name to `maxBytes` by cutting the end of its stem, keeping the extension. */
function fitBytes(name: string, maxBytes: number): string {
  if (byteLength(name) <= maxBytes) return name;
  const { stem, extension } = splitExtension(name);
  const shortStem = truncateUtf8(stem, maxBytes - byteLength(extension));
  // The cut may leave a dot or space at the end of the stem (or of the whole name).
  return `${shortStem.replace(TRAILING_DOTS_SPACES, '')}${extension}`;
}

/**
 * The longest prefix of `text` within `maxBytes` of UTF-8 that ends on a whole character as a
 * reader sees it (a grapheme: an emoji, a letter with its accents), so no surrogate pair is split
 * and no accent is left on the wrong letter. Only a single grapheme larger than the whole budget
 * (a letter under hundreds of marks) is cut, between its code points.
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (byteLength(text) <= maxBytes) return text;
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = byteLength(segment);
    if (used + size <= maxBytes) {
      kept += segment;
      used += size;
      continue;
    }
    if (kept === '') {
      for (const codePoint of segment) {
        const codePointSize = byteLength(codePoint);
        if (used + codePointSize > maxBytes) break;
        kept += codePoint;
        used += codePointSize;
      }
    }
    break;
  }
  return kept;
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * Extensions whose files run code when opened (double-clicked) on some platform: programs,
 * installers, scripts, shortcuts, disk images that mount and auto-run, Office files with macros.
 */
// prettier-ignore
const EXECUTABLE_EXTENSIONS = new Set([
  // Windows programs, installers and system files that execute
  'exe', 'msi', 'msp', 'msix', 'msixbundle', 'appx', 'appxbundle', 'com', 'scr', 'pif', 'cpl',
  'msc', 'gadget', 'application', 'appref-ms', 'xbap', 'xll', 'inf', 'reg', 'chm',
  // Windows scripts and shortcuts
  'bat', 'cmd', 'ps1', 'ps1xml', 'ps2', 'ps2xml', 'psc1', 'psc2', 'psd1', 'psm1', 'vb', 'vbs', 'vbe',
  'js', 'jse', 'ws', 'wsf', 'wsc', 'wsh', 'hta', 'sct', 'lnk', 'url', 'scf', 'library-ms',
  'settingcontent-ms', 'mof',
  // macOS applications, installers and scripts
  'app', 'command', 'tool', 'pkg', 'mpkg', 'dmg', 'scpt', 'applescript', 'workflow', 'terminal',
  // Linux packages, launchers and shell scripts
  'sh', 'bash', 'zsh', 'csh', 'ksh', 'run', 'deb', 'rpm', 'appimage', 'desktop', 'snap', 'flatpakref',
  // Cross-platform programs and scripts run by an installed interpreter
  'jar', 'jnlp', 'py', 'pyw', 'pl', 'rb', 'php',
  // Disk images that mount with a double click and may start a program
  'iso', 'img', 'vhd', 'vhdx',
  // Office documents that carry macros
  'docm', 'dotm', 'xlsm', 'xltm', 'xlam', 'pptm', 'potm', 'ppsm', 'ppam', 'sldm',
]);

/**
 * True when opening a file of this name may run code. Only the last extension counts ("x.pdf.exe"
 * is a program); the name is made safe first, so "x.exe." or "x.e\u200Bxe" are caught as Windows
 * would see them.
 */
export function isExecutableName(name: string): boolean {
  const safe = safeFileName(name, LAST_RESORT_NAME);
  const { extension } = splitExtension(safe);
  return EXECUTABLE_EXTENSIONS.has(extension.slice(1).toLowerCase());
}

/** Enough for any real folder; a bound so a hostile folder cannot keep this looping. */
const MAX_NUMBERED_NAMES = 10_000;

/**
 * A path in `folder` for `name` (made safe) that does not exist yet: `name`, then "name (2).ext",
 * "name (3).ext"… each within the byte limit. A later exclusive create must still confirm the name
 * is free: another program may take it in between.
 */
export async function uniqueTargetPath(folder: string, name: string): Promise<string> {
  const safe = safeFileName(name, LAST_RESORT_NAME);
  for (let number = 1; number <= MAX_NUMBERED_NAMES; number += 1) {
    const path = join(folder, number === 1 ? safe : numberedName(safe, number));
    if (!(await entryExists(path))) return path;
  }
  throw new Error(`No free name like "${safe}" is left in ${folder}.`);
}

export function numberedName(safeName: string, number: number): string {
  const { stem, extension } = splitExtension(safeName);
  const suffix = ` (${number})`;
  const shortStem = truncateUtf8(stem, MAX_NAME_BYTES - byteLength(suffix) - byteLength(extension));
  return safeFileName(`${shortStem}${suffix}${extension}`, LAST_RESORT_NAME);
}

/** lstat, not stat: a dangling symbolic link still occupies its name. */
async function entryExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
