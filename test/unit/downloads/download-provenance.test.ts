import { describe, expect, it, vi } from 'vitest';
import {
  markAsDownloaded,
  quarantineValue,
  ZONE_IDENTIFIER,
  type ProvenanceDeps,
} from '../../../main/downloads/download-provenance';

const deps = (platform: NodeJS.Platform, fail = false): ProvenanceDeps => ({
  platform,
  writeFile: vi.fn(() =>
    fail ? Promise.reject(new Error('no streams on FAT')) : Promise.resolve(),
  ),
  execFile: vi.fn(() => (fail ? Promise.reject(new Error('xattr failed')) : Promise.resolve())),
  now: () => Date.UTC(2024, 0, 2, 3, 4, 5),
});

describe('markAsDownloaded', () => {
  it('writes the Mark of the Web (Internet zone) beside a file saved on Windows', async () => {
    const windows = deps('win32');
    await expect(markAsDownloaded('C:\\Downloads\\scan.pdf', windows)).resolves.toBe(true);
    expect(windows.writeFile).toHaveBeenCalledWith(
      'C:\\Downloads\\scan.pdf:Zone.Identifier',
      '[ZoneTransfer]\r\nZoneId=3\r\n',
    );
    expect(ZONE_IDENTIFIER).toContain('ZoneId=3');
  });

  it('sets the quarantine attribute on macOS, without a shell', async () => {
    const mac = deps('darwin');
    await expect(markAsDownloaded('/Users/inv/Downloads/scan.pdf', mac)).resolves.toBe(true);
    expect(mac.execFile).toHaveBeenCalledWith('/usr/bin/xattr', [
      '-w',
      'com.apple.quarantine',
      '0081;65937d25;CaseDesk;',
      '/Users/inv/Downloads/scan.pdf',
    ]);
    expect(quarantineValue(Date.UTC(2024, 0, 2, 3, 4, 5))).toBe('0081;65937d25;CaseDesk;');
  });

  it('does nothing on Linux, which has no such mark', async () => {
    const linux = deps('linux');
    await expect(markAsDownloaded('/home/inv/scan.pdf', linux)).resolves.toBe(false);
    expect(linux.writeFile).not.toHaveBeenCalled();
    expect(linux.execFile).not.toHaveBeenCalled();
  });

  it('leaves the file unmarked, without failing, where the mark cannot be written', async () => {
    await expect(markAsDownloaded('E:\\scan.pdf', deps('win32', true))).resolves.toBe(false);
    await expect(markAsDownloaded('/Volumes/USB/scan.pdf', deps('darwin', true))).resolves.toBe(
      false,
    );
  });
});
