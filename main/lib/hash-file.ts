import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/** Read at a time: a large file is hashed in many short steps, the event loop free between them. */
export const CHUNK_BYTES = 256 * 1024;

/** SHA-256 (hex) of a file's bytes, streamed; its size beside it. */
export async function hashFile(path: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES })) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    size += bytes.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** A file's size when it is a file (links followed); null when there is none there. */
export async function fileSize(path: string): Promise<number | null> {
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? info.size : null;
}

export const sha256Of = (data: Uint8Array | string): string =>
  createHash('sha256').update(data).digest('hex');
