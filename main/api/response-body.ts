import { PassThrough, type Readable } from 'node:stream';

type BodyStream = AsyncIterable<Uint8Array> & { destroy(error?: Error): void };

/** A response body as undici hands it: a stream that can also be read whole at once. */
type WholeBody = BodyStream & { text(): Promise<string> };

/**
 * Reads a response body to the end, refusing more than `limit` bytes (a JSON page is not a file).
 * A length declared within the limit is read whole, undici's cheapest way (it cannot overrun its
 * Content-Length: undici fails such an answer); without one, or beyond the limit, chunk by chunk.
 */
export async function readResponseText(
  body: WholeBody,
  declaredLength: number | null,
  limit: number,
): Promise<{ text: string; truncated: boolean }> {
  if (declaredLength !== null && declaredLength <= limit)
    return { text: await body.text(), truncated: false };
  return readBodyText(body, limit);
}

/** Reads a body stream to the end, refusing more than `limit` bytes. */
export async function readBodyText(
  body: BodyStream,
  limit: number,
): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) {
      body.destroy();
      return { text: decodeUtf8(chunks), truncated: true };
    }
    chunks.push(Buffer.from(chunk));
  }
  return { text: decodeUtf8(chunks), truncated: false };
}

/** UTF-8 text without a leading byte order mark (RFC 8259 §8.1 lets a reader ignore it). */
function decodeUtf8(chunks: Buffer[]): string {
  const text = Buffer.concat(chunks).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Reads what is there, never throwing: for error bodies, where the status already says enough. */
export async function readErrorBody(
  body: WholeBody,
  declaredLength: number | null,
  limit: number,
): Promise<unknown> {
  try {
    const { text } = await readResponseText(body, declaredLength, limit);
    return parseJson(text);
  } catch {
    return undefined;
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The file name of a `Content-Disposition` header (RFC 6266): `filename*` (RFC 8187, UTF-8 or
 * Latin-1, percent-encoded) first, then `filename` (quoted or token). Null when neither is usable.
 * The caller still has to make it safe for its file system.
 */
export function fileNameFromDisposition(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const params = dispositionParams(value);
  const extended = params.get('filename*');
  if (extended !== undefined) {
    const decoded = decodeExtValue(extended);
    if (decoded) return decoded;
  }
  const plain = params.get('filename');
  return plain ? plain : null;
}

function dispositionParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  // name=token | name="quoted \" string"; the first segment (the type) has no '='.
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of value.matchAll(pattern)) {
    const name = match[1]?.toLowerCase();
    if (!name || params.has(name)) continue;
    const quoted = match[2];
    params.set(
      name,
      quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (match[3] ?? '').trim(),
    );
  }
  return params;
}

function decodeExtValue(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value.trim());
  if (!match) return null;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') {
      const bytes = encoded.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
      return bytes;
    }
  } catch {
    return null;
  }
  return null;
}

export function declaredSize(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * Hands a response body to the caller as a plain stream whose failures are already mapped
 * (`mapError`), and calls `done` once when it ends, fails or is abandoned, so the transfer
 * deadline can be cleared. Backpressure goes through `pipe`.
 */
export function guardedBody(
  source: Readable,
  mapError: (error: unknown) => Error,
  done: () => void,
): Readable {
  const output = new PassThrough();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done();
  };
  let settled = false;
  source.on('error', (error) => {
    settled = true;
    finish();
    output.destroy(mapError(error));
  });
  source.on('end', () => {
    settled = true;
    finish();
  });
  // Destroyed without an error (by whatever holds it): the reader must not wait forever.
  source.on('close', () => {
    if (settled) return;
    finish();
    const early = Object.assign(new Error('The download stopped before its end.'), {
      code: 'ERR_STREAM_PREMATURE_CLOSE',
    });
    output.destroy(mapError(early));
  });
  output.on('close', () => {
    finish();
    if (!source.destroyed) source.destroy();
  });
  source.pipe(output);
  return output;
}
