import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';
import { CHUNK_BYTES } from '../lib/hash-file';
import { pacer } from './pace';

// A zip whose bytes depend on its entries alone (fflate writes the format; this decides every
// field that could vary): entries in byte order of their names, each dated 1980-01-01 00:00 (the
// format's first day, as reproducible builds date theirs), no comment or extra field, JSON
// deflated at one fixed level, files stored as they are. Written a slice at a time, the event
// loop let go between slices, hashed as it is written.

export type ZipEntry =
  | { name: string; data: Uint8Array }
  /** A file on disk, read when it is written and checked against the hash it was listed with. */
  | { name: string; file: { path: string; size: number; sha256: string } };

/**
 * The format's first day, built from local parts when it is used: the zip format keeps local time,
 * and fflate reads the date back with local getters, so this is 1980-01-01 00:00 in whatever time
 * zone is in force then (made once at start, a later change of zone would shift it).
 */
const zipEpoch = () => new Date(1980, 0, 1, 0, 0, 0);
const LEVEL = 6;
/** Deflated a slice at a time: a slice this size takes a few milliseconds. */
const DEFLATE_SLICE = 64 * 1024;
/** The format without its 64-bit extension (which fflate does not write) stops here. */
const ZIP32_LIMIT = 0xffff_ffff;

export class ChangedWhileExportingError extends Error {
  constructor(name: string) {
    super(
      `${name} changed while the case file was written (its bytes are not those listed): export again.`,
    );
    this.name = 'ChangedWhileExportingError';
  }
}

const byName = (a: ZipEntry, b: ZipEntry) => {
  const [x, y] = [Buffer.from(a.name, 'utf8'), Buffer.from(b.name, 'utf8')];
  return Buffer.compare(x, y);
};

/** Writes the zip of `entries` to `out` (from its current end); answers its SHA-256 and size. */
export async function writeDeterministicZip(
  entries: readonly ZipEntry[],
  out: FileHandle,
): Promise<{ sha256: string; bytes: number }> {
  const names = new Set<string>();
  for (const entry of entries) {
    if (names.has(entry.name))
      throw new Error(`Two entries of the bundle are named ${entry.name}.`);
    names.add(entry.name);
  }
  const total = entries.reduce(
    (sum, entry) => sum + ('data' in entry ? entry.data.byteLength : entry.file.size),
    0,
  );
  if (total >= ZIP32_LIMIT)
    throw new Error('The case file holds more than 4 GB of documents: too large for one bundle.');

  const hash = createHash('sha256');
  let bytes = 0;
  let waiting: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else waiting.push(chunk);
  });
  const flush = async () => {
    if (failure) throw failure;
    const chunks = waiting;
    waiting = [];
    for (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      let offset = 0;
      while (offset < chunk.byteLength) {
        const { bytesWritten } = await out.write(chunk, offset, chunk.byteLength - offset);
        offset += bytesWritten;
      }
    }
  };
  const pace = pacer();
  const add = (
    name: string,
    stored: boolean,
  ): ZipInputFile & { push(c: Uint8Array, f?: boolean): void } => {
    const file = stored ? new ZipPassThrough(name) : new ZipDeflate(name, { level: LEVEL });
    file.mtime = zipEpoch();
    zip.add(file);
    return file;
  };

  for (const entry of [...entries].sort(byName)) {
    if ('data' in entry) {
      const file = add(entry.name, false);
      const { data } = entry;
      if (data.byteLength === 0) file.push(new Uint8Array(0), true);
      for (let at = 0; at < data.byteLength; at += DEFLATE_SLICE) {
        file.push(data.subarray(at, at + DEFLATE_SLICE), at + DEFLATE_SLICE >= data.byteLength);
        await flush();
        await pace();
      }
    } else {
      const file = add(entry.name, true);
      const read = createHash('sha256');
      let size = 0;
      for await (const chunk of createReadStream(entry.file.path, { highWaterMark: CHUNK_BYTES })) {
        const part = chunk as Buffer;
        read.update(part);
        size += part.byteLength;
        if (size > entry.file.size) throw new ChangedWhileExportingError(entry.name);
        file.push(part, false);
        await flush();
      }
      if (size !== entry.file.size || read.digest('hex') !== entry.file.sha256)
        throw new ChangedWhileExportingError(entry.name);
      file.push(new Uint8Array(0), true);
    }
    await flush();
  }
  zip.end();
  await flush();
  return { sha256: hash.digest('hex'), bytes };
}
