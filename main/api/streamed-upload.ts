import { createReadStream } from 'node:fs';
import type { StreamedUploadBody } from '.';

/**
 * The upload request's JSON, with the file's bytes base64-encoded as they are read from disk: the
 * file is never whole in memory. Chunks are cut on 3-byte boundaries so each encodes without padding.
 * `onSent` hears the count of the file's bytes handed to the connection so far, each attempt anew.
 */
export function streamedUploadBody(
  fields: {
    customer_external_id: string;
    display_name: string;
    file_name: string;
    tag_codes: string[];
    origin?: { type?: unknown; value?: string };
  },
  file: { path: string; size: number },
  onSent?: (fileBytes: number) => void,
): StreamedUploadBody {
  const head = Buffer.from(
    `${JSON.stringify(fields).slice(0, -1)},"internal":{"file_data":"`,
    'utf8',
  );
  const tail = Buffer.from('"}}', 'utf8');
  const encodedLength = 4 * Math.ceil(file.size / 3);
  return {
    kind: 'json-stream',
    contentLength: head.length + encodedLength + tail.length,
    open: () => encode(head, tail, file.path, onSent),
  };
}

/**
 * 93 KB read, 124 KB encoded: each chunk's base64 text stays under V8's large-object size (128 KB),
 * so it dies young and cheap; larger chunks measured slower, with more memory waiting for a full
 * collection (test/bench/upload-memory.bench.ts). A multiple of 3, so chunks encode without padding.
 */
const READ_BYTES = 93 * 1024;

async function* encode(
  head: Buffer,
  tail: Buffer,
  path: string,
  onSent: ((fileBytes: number) => void) | undefined,
): AsyncGenerator<Uint8Array> {
  yield head;
  let carry = Buffer.alloc(0);
  let sent = 0;
  for await (const chunk of createReadStream(path, {
    highWaterMark: READ_BYTES,
  }) as AsyncIterable<Buffer>) {
    const joined = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const whole = joined.length - (joined.length % 3);
    if (whole > 0) {
      yield Buffer.from(joined.subarray(0, whole).toString('base64'), 'latin1');
      sent += whole;
      onSent?.(sent);
    }
    carry = Buffer.from(joined.subarray(whole));
  }
  if (carry.length) {
    yield Buffer.from(carry.toString('base64'), 'latin1');
    sent += carry.length;
    onSent?.(sent);
  }
  yield tail;
}
