import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { contentTypeFor } from '../lib/content-type';
import { contentSecurityPolicy } from '../security/content-security-policy';
import { resolveInsideRoot } from '../security/inside-root';
import { APP_HOST, APP_SCHEME } from '../security/trusted-sender';

/** Must run before app `ready`: casedesk:// behaves as a secure, standard origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: false } },
  ]);
}

/** Serves the built renderer from casedesk://app/, never from file:// and never outside its folder. */
export function serveAppProtocol(rendererDir: string): () => void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    const file = await resolveInsideRoot(
      rendererDir,
      url.pathname === '/' ? '/index.html' : url.pathname,
    );
    if (!file) return new Response('Not found', { status: 404 });
    try {
      return new Response(await readFile(file), {
        headers: {
          'Content-Type': contentTypeFor(file),
          'Content-Security-Policy': contentSecurityPolicy('electron'),
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
  return () => protocol.unhandle(APP_SCHEME);
}
