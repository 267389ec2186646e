import type { ServerResponse } from 'node:http';
import type { FaultOutcome } from '../faults';
import type { Reply } from './router';

/** `attachment; filename="…"; filename*=UTF-8''…` with the name made safe for a header. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Writes a reply, or damages it as an injected fault asks (cut mid-body, or not JSON at all). */
export function writeReply(response: ServerResponse, reply: Reply, fault: FaultOutcome): void {
  switch (reply.kind) {
    case 'empty':
      response.writeHead(204).end();
      return;
    case 'redirect':
      response.writeHead(302, { Location: reply.location, 'Content-Length': 0 }).end();
      return;
    case 'bytes': {
      response.writeHead(200, {
        'Content-Type': reply.mime,
        'Content-Length': reply.bytes.byteLength,
        'Content-Disposition': contentDisposition(reply.fileName),
        'X-Content-Type-Options': 'nosniff',
      });
      if (fault.kind === 'drop') return cut(response, reply.bytes);
      response.end(reply.bytes);
      return;
    }
    case 'json': {
      let body = Buffer.from(reply.body, 'utf8');
      if (fault.kind === 'malformed')
        body = Buffer.from(
          `${reply.body.slice(0, Math.max(1, Math.floor(reply.body.length / 2)))}\u0000<html>`,
          'utf8',
        );
      response.writeHead(reply.status ?? 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': body.byteLength,
      });
      if (fault.kind === 'drop') return cut(response, body);
      response.end(body);
    }
  }
}

/** Sends half the body of a response that promised all of it, then drops the connection. */
function cut(response: ServerResponse, body: Uint8Array): void {
  response.write(body.subarray(0, Math.floor(body.byteLength / 2)), () => {
    response.socket?.destroy();
  });
}
