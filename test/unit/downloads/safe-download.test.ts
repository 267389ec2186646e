import { createHash, randomBytes } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { link } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  confirmDirectlyInside,
  DownloadSaveError,
  saveDownload,
} from '../../../main/downloads/safe-download';
import { makeTempDir } from '../../support/temp-dir';

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  return { ...actual, link: vi.fn(actual.link) };
});

async function* chunks(...parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    await Promise.resolve();
    yield part;
  }
}

async function* failingAfter(part: Uint8Array): AsyncGenerator<Uint8Array> {
  yield part;
  await Promise.resolve();
  throw new Error('connection reset');
}

const text = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('saveDownload', () => {
  const temp = makeTempDir();
  let folder = '';
  let count = 0;

  beforeEach(() => {
    count += 1;
    folder = join(temp.path, `case-${count}`);
    mkdirSync(folder);
  });
  afterEach(() => {
    vi.mocked(link).mockReset();
  });
  afterAll(() => temp.remove());

  const entries = (): string[] => readdirSync(folder).sort();

  it('saves the exact bytes under the safe name and leaves no temporary file', async () => {
    const parts = [randomBytes(70_000), randomBytes(1), randomBytes(300_000)];
    const saved = await saveDownload({
      folder,
      serverName: 'Kontoauszug März.pdf',
      fallbackName: 'document-1',
      body: chunks(...parts),
    });
    expect(saved.path).toBe(join(realpathSync(folder), 'Kontoauszug März.pdf'));
    expect(saved.bytes).toBe(370_001);
    expect(readFileSync(saved.path).equals(Buffer.concat(parts))).toBe(true);
    // Hashed as it was written: what a case file lists the document with.
    expect(saved.sha256).toBe(createHash('sha256').update(Buffer.concat(parts)).digest('hex'));
    expect(entries()).toEqual(['Kontoauszug März.pdf']);
  });

  it('reads a web ReadableStream body', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(text('hello '));
        controller.enqueue(text('world'));
        controller.close();
      },
    });
    const saved = await saveDownload({
      folder,
      serverName: 'greeting.txt',
      fallbackName: 'download',
      body: stream,
    });
    expect(readFileSync(saved.path, 'utf8')).toBe('hello world');
    expect(saved.bytes).toBe(11);
  });

  it('saves an empty body as an empty file', async () => {
    const saved = await saveDownload({
      folder,
      serverName: 'empty.txt',
      fallbackName: 'download',
      body: chunks(),
    });
    expect(readFileSync(saved.path)).toHaveLength(0);
    expect(saved.bytes).toBe(0);
  });

  it('reports the bytes written so far after each chunk', async () => {
    const progress: number[] = [];
    await saveDownload({
      folder,
      serverName: 'a.bin',
      fallbackName: 'download',
      body: chunks(text('abc'), text('de'), text('fghij')),
      onProgress: (bytes) => progress.push(bytes),
    });
    expect(progress).toEqual([3, 5, 10]);
  });

  it('keeps a traversal name inside the folder', async () => {
    const saved = await saveDownload({
      folder,
      serverName: '../../evil.sh',
      fallbackName: 'download',
      body: chunks(text('#!/bin/sh')),
    });
    expect(dirname(saved.path)).toBe(realpathSync(folder));
    expect(entries()).toEqual(['_.._evil.sh']);
    expect(readdirSync(temp.path)).not.toContain('evil.sh');
  });

  it('uses the fallback name when nothing of the server name is usable', async () => {
    const saved = await saveDownload({
      folder,
      serverName: '..',
      fallbackName: 'Document 42',
      body: chunks(text('x')),
    });
    expect(basename(saved.path)).toBe('Document 42');
  });

  it('never replaces an existing file: the new one is numbered', async () => {
    writeFileSync(join(folder, 'report.pdf'), 'old');
    const saved = await saveDownload({
      folder,
      serverName: 'report.pdf',
      fallbackName: 'download',
      body: chunks(text('new')),
    });
    expect(basename(saved.path)).toBe('report (2).pdf');
    expect(readFileSync(join(folder, 'report.pdf'), 'utf8')).toBe('old');
    expect(readFileSync(saved.path, 'utf8')).toBe('new');
  });

  it('does not replace a file that appeared under the name while downloading', async () => {
    async function* body(): AsyncGenerator<Uint8Array> {
      yield text('first half, ');
      await Promise.resolve();
      writeFileSync(join(folder, 'report.pdf'), 'saved by another program');
      yield text('second half');
    }
    const saved = await saveDownload({
      folder,
      serverName: 'report.pdf',
      fallbackName: 'download',
      body: body(),
    });
    expect(basename(saved.path)).toBe('report (2).pdf');
    expect(readFileSync(join(folder, 'report.pdf'), 'utf8')).toBe('saved by another program');
    expect(readFileSync(saved.path, 'utf8')).toBe('first half, second half');
  });

  it('gives concurrent saves of the same name different files', async () => {
    const saves = Array.from({ length: 6 }, (_, index) =>
      saveDownload({
        folder,
        serverName: 'statement.pdf',
        fallbackName: 'download',
        body: chunks(text(`copy ${index}`)),
      }),
    );
    const saved = await Promise.all(saves);
    expect(new Set(saved.map((item) => item.path)).size).toBe(6);
    saved.forEach((item, index) => {
      expect(readFileSync(item.path, 'utf8')).toBe(`copy ${index}`);
    });
    expect(entries()).toEqual([
      'statement (2).pdf',
      'statement (3).pdf',
      'statement (4).pdf',
      'statement (5).pdf',
      'statement (6).pdf',
      'statement.pdf',
    ]);
  });

  it('claims names without hard links too (FAT drives), still never replacing', async () => {
    vi.mocked(link).mockRejectedValue(
      Object.assign(new Error('operation not permitted'), { code: 'EPERM' }),
    );
    writeFileSync(join(folder, 'scan.tiff'), 'old');
    const saved = await Promise.all(
      [0, 1, 2].map((index) =>
        saveDownload({
          folder,
          serverName: 'scan.tiff',
          fallbackName: 'download',
          body: chunks(text(`scan ${index}`)),
        }),
      ),
    );
    expect(link).toHaveBeenCalled();
    expect(readFileSync(join(folder, 'scan.tiff'), 'utf8')).toBe('old');
    expect(saved.map((item) => readFileSync(item.path, 'utf8'))).toEqual([
      'scan 0',
      'scan 1',
      'scan 2',
    ]);
    expect(entries()).toEqual(['scan (2).tiff', 'scan (3).tiff', 'scan (4).tiff', 'scan.tiff']);
  });

  it('removes the temporary file when the download fails, and says what failed', async () => {
    const attempt = saveDownload({
      folder,
      serverName: 'partial.zip',
      fallbackName: 'download',
      body: failingAfter(randomBytes(1000)),
    });
    await expect(attempt).rejects.toThrow(DownloadSaveError);
    await expect(attempt).rejects.toThrow(/partial\.zip.*connection reset/);
    expect(entries()).toEqual([]);
  });

  it('cancels a failing ReadableStream body and leaves nothing behind', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(text('part'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const attempt = saveDownload({
      folder,
      serverName: 'stream.bin',
      fallbackName: 'download',
      body: stream,
      onProgress: (bytes) => {
        if (bytes >= 12) throw new Error('disk full');
      },
    });
    await expect(attempt).rejects.toThrow(/disk full/);
    expect(cancelled).toBe(true);
    expect(entries()).toEqual([]);
  });

  it('refuses a body that yields something other than bytes', async () => {
    async function* strings(): AsyncGenerator<Uint8Array> {
      await Promise.resolve();
      yield 'not bytes' as unknown as Uint8Array;
    }
    await expect(
      saveDownload({ folder, serverName: 'x.txt', fallbackName: 'download', body: strings() }),
    ).rejects.toThrow(/other than bytes/);
    expect(entries()).toEqual([]);
  });

  it('saves into the real folder when the chosen folder is a symbolic link', async () => {
    const alias = join(temp.path, `alias-${count}`);
    symlinkSync(folder, alias);
    const saved = await saveDownload({
      folder: alias,
      serverName: 'memo.txt',
      fallbackName: 'download',
      body: chunks(text('memo')),
    });
    expect(saved.path).toBe(join(realpathSync(folder), 'memo.txt'));
    expect(entries()).toEqual(['memo.txt']);
  });

  it('refuses a folder that does not exist, is not a folder, or is relative', async () => {
    const body = (): AsyncGenerator<Uint8Array> => chunks(text('x'));
    await expect(
      saveDownload({
        folder: join(folder, 'missing'),
        serverName: 'a',
        fallbackName: 'b',
        body: body(),
      }),
    ).rejects.toThrow(DownloadSaveError);
    writeFileSync(join(folder, 'file'), '');
    await expect(
      saveDownload({
        folder: join(folder, 'file'),
        serverName: 'a',
        fallbackName: 'b',
        body: body(),
      }),
    ).rejects.toThrow(/not a folder/);
    await expect(
      saveDownload({ folder: 'relative/path', serverName: 'a', fallbackName: 'b', body: body() }),
    ).rejects.toThrow(/absolute/);
    expect(entries()).toEqual(['file']);
  });
});

describe('confirmDirectlyInside', () => {
  const temp = makeTempDir();
  afterAll(() => temp.remove());

  it('accepts a file directly inside the folder and refuses one that leads elsewhere', async () => {
    const folder = realpathSync(temp.path);
    mkdirSync(join(folder, 'chosen'));
    mkdirSync(join(folder, 'elsewhere'));
    writeFileSync(join(folder, 'chosen', 'real.pdf'), 'a');
    writeFileSync(join(folder, 'elsewhere', 'target.pdf'), 'b');
    symlinkSync(join(folder, 'elsewhere', 'target.pdf'), join(folder, 'chosen', 'swapped.pdf'));
    const chosen = join(folder, 'chosen');
    await expect(confirmDirectlyInside(chosen, join(chosen, 'real.pdf'))).resolves.toBe(
      join(chosen, 'real.pdf'),
    );
    await expect(confirmDirectlyInside(chosen, join(chosen, 'swapped.pdf'))).rejects.toThrow(
      DownloadSaveError,
    );
  });
});
