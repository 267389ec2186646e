import type { IncomingHttpHeaders } from 'node:http';

/**
 * Checks against DNS rebinding (a foreign name resolving to 127.0.0.1 carries its own Host) and
 * against other pages on this machine (they carry their own Origin).
 */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

export function isAllowedHost(host: string | undefined, port: number): boolean {
  return host !== undefined && allowedHosts(port).has(host.toLowerCase());
}

/**
 * Same-origin GETs carry no Origin; anything that changes state must carry ours.
 */
export function isAllowedOrigin(origin: string | undefined, port: number, method: string): boolean {
  if (origin === undefined) return method === 'GET' || method === 'HEAD';
  return allowedOrigins(port).has(origin.toLowerCase());
}

/**
 * Whether the browser says this request loads a page of this origin in its own tab: a top-level
 * navigation the user made (`none`: the printed link, the address bar) or this origin made
 * (`same-origin`). Only such a page can be given the page secret, once (session-auth.ts).
 *
 * A page on another port of 127.0.0.1 holds the cookie's send rights but is `same-site`, never
 * `same-origin`, and no script can set these headers: its navigations, frames and fetches get no
 * secret. Even if one were given, that page could not read a document of another origin (and
 * Cross-Origin-Opener-Policy cuts it off from the window it opened). A request without Fetch
 * Metadata (an old browser, a tool) cannot be told apart from anyone else: it gets no secret.
 *
 * What this cannot stop: a process outside the browser that has the cookie value (a server on
 * another port receives it with every request the browser sends there) can send these headers
 * itself. That is why the secret is handed out only once: by the time such a process has the
 * cookie, the page has taken the secret.
 */
export function isOwnPageNavigation(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  return (
    (site === 'none' || site === 'same-origin') &&
    headers['sec-fetch-mode'] === 'navigate' &&
    headers['sec-fetch-dest'] === 'document'
  );
}
