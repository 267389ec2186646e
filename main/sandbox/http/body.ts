import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { SandboxError } from './api-error';

/** Reads a JSON body up to `limit` bytes; a bigger, malformed or non-JSON body is a clear 4xx. */
export async function readJsonBody(request: IncomingMessage, limit: number): Promise<unknown> {
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/json')) {
    request.resume();
    throw new SandboxError(
      415,
      'request.unsupported_media_type',
      'Send the body as application/json.',
    );
  }
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    request.resume();
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      request.resume();
      throw tooLarge(limit);
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SandboxError(400, 'request.malformed_json', 'The request body is not valid JSON.');
  }
}

function tooLarge(limit: number): SandboxError {
  return new SandboxError(
    413,
    'request.too_large',
    `The request body is larger than ${limit} bytes.`,
  );
}

/** Parses a body with its schema; the first problems become a 400 that names the fields. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
  throw new SandboxError(400, 'validation.invalid_body', problems);
}
