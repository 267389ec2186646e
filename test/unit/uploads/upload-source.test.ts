import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../main/lib/app-error';
import { checkUploadSize, formatSize, openUploadFile } from '../../../main/uploads/upload-source';
import { makeTempDir } from '../../support/temp-dir';

const MB = 1024 * 1024;

/** What a look at a dropped file answers: opened, checked, closed. */
async function inspectUploadFile(path: string, limitBytes: number) {
  const { handle, fileName, size } = await openUploadFile(path, limitBytes);
  await handle.close();
  return { fileName, size };
}

describe('checking a dropped file before filing it', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  const refusal = async (path: string, limit = MB): Promise<AppError> => {
    try {
      await inspectUploadFile(path, limit);
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error(`${path} was accepted`);
  };

  it('answers the name and size of a readable file within the limit', async () => {
    const path = join(temp.path, 'Passport scan.jpg');
    writeFileSync(path, Buffer.alloc(2048, 7));
    expect(await inspectUploadFile(path, MB)).toEqual({
      fileName: 'Passport scan.jpg',
      size: 2048,
    });
  });

  it('follows a link to a file, and reads through the opened file', async () => {
    const path = join(temp.path, 'real.pdf');
    writeFileSync(path, 'bytes');
    const link = join(temp.path, 'link.pdf');
    symlinkSync(path, link);
    const opened = await openUploadFile(link, MB);
    try {
      const buffer = Buffer.alloc(5);
      await opened.handle.read(buffer, 0, 5, 0);
      expect(buffer.toString()).toBe('bytes');
      expect(opened).toMatchObject({ fileName: 'link.pdf', size: 5 });
    } finally {
      await opened.handle.close();
    }
  });

  it('refuses a pipe without waiting for a writer', async () => {
    const fifo = join(temp.path, 'stream.pdf');
    execFileSync('mkfifo', [fifo]);
    const error = await refusal(fifo);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(
      'stream.pdf is not a regular file (a device, pipe or socket): only files can be filed.',
    );
  });

  it('refuses a folder, a missing file, a dangling link and a relative path, saying what to do', async () => {
    mkdirSync(join(temp.path, 'Scans 2024'));
    expect((await refusal(join(temp.path, 'Scans 2024'))).message).toBe(
      'Scans 2024 is a folder: drop the files inside it.',
    );
    const missing = join(temp.path, 'gone.pdf');
    expect((await refusal(missing)).message).toBe(
      // Named, not placed: the message reaches the window, the folder stays on this computer.
      'There is no file at the place gone.pdf was dropped from: it may have been moved, renamed or deleted. Find it and drop it again.',
    );
    const dangling = join(temp.path, 'dangling.pdf');
    symlinkSync(join(temp.path, 'nowhere.pdf'), dangling);
    expect((await refusal(dangling)).message).toMatch(/^There is no file at .*dangling\.pdf/);
    expect((await refusal('Desktop/passport.pdf')).message).toBe(
      'Desktop/passport.pdf is not a full path: drop the file itself, or give its full path.',
    );
  });

  it('refuses an empty file and one over the limit, by their names', () => {
    expect(() => checkUploadSize('blank.pdf', 0, MB)).toThrow(
      'blank.pdf is empty: there is nothing in it to file. Check that it is the file you meant.',
    );
    expect(() => checkUploadSize('video.mov', 250 * MB, 100 * MB)).toThrow(
      "video.mov is 250 MB, over this profile's upload limit of 100 MB: raise the limit in Settings, or file a smaller file.",
    );
    expect(() => checkUploadSize('exact.bin', 100 * MB, 100 * MB)).not.toThrow();
  });

  it('writes sizes as an investigator reads them', () => {
    expect(formatSize(900)).toBe('900 bytes');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * MB + MB / 2)).toBe('5.5 MB');
    expect(formatSize(100 * MB)).toBe('100 MB');
    expect(formatSize(3 * 1024 * MB)).toBe('3.0 GB');
  });
});
