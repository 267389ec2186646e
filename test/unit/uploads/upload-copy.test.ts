import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyForUpload, moveForUpload } from '../../../main/uploads/upload-copy';
import { makeTempDir } from '../../support/temp-dir';

describe('keeping a copy of a file to upload', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  const copy = async (bytes: Buffer, limitBytes: number, onProgress?: (n: number) => void) => {
    const source = join(temp.path, 'original.pdf');
    writeFileSync(source, bytes);
    const handle = await open(source, 'r');
    try {
      return await copyForUpload({
        source: handle,
        fileName: 'original.pdf',
        expectedSize: bytes.length,
        limitBytes,
        target: join(temp.path, 'outbox-files', 'item-1'),
        onProgress: (done) => onProgress?.(done),
      });
    } finally {
      await handle.close();
    }
  };

  it('copies the bytes whole, with their SHA-256, reporting progress up to the size', async () => {
    const bytes = randomBytes(2 * 1024 * 1024 + 5);
    const seen: number[] = [];
    const kept = await copy(bytes, 10 * 1024 * 1024, (done) => seen.push(done));
    expect(kept).toEqual({
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const target = join(temp.path, 'outbox-files', 'item-1');
    expect(readFileSync(target).equals(bytes)).toBe(true);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(temp.path, 'outbox-files'))).toEqual(['item-1']);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(bytes.length);
  });

  it('keeps nothing of a file that turns out larger than the limit', async () => {
    await expect(copy(randomBytes(3000), 2000)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(
        /original\.pdf grew past this profile's upload limit/,
      ) as string,
    });
    expect(readdirSync(join(temp.path, 'outbox-files'))).toEqual([]);
  });

  it('keeps nothing of a file that turns out empty', async () => {
    await expect(copy(Buffer.alloc(0), 2000)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(readdirSync(join(temp.path, 'outbox-files'))).toEqual([]);
  });

  it('never writes over a copy already kept under that name', async () => {
    const target = join(temp.path, 'outbox-files', 'item-1');
    await copy(Buffer.from('first'), 2000);
    writeFileSync(`${target}.partial`, 'another copy is being written');
    await expect(copy(Buffer.from('second'), 2000)).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(readFileSync(target, 'utf8')).toBe('first');
  });

  it('moves a file CaseDesk holds into place', async () => {
    const staged = join(temp.path, 'staged');
    writeFileSync(staged, 'staged bytes');
    const target = join(temp.path, 'outbox-files', 'item-2');
    await moveForUpload({ from: staged, fileName: 'a.pdf', size: 12, limitBytes: 100, target });
    expect(existsSync(staged)).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('staged bytes');
  });
});
