import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The host's door: a one-time secret printed in the URL, exchanged once for an HttpOnly cookie.
 * Cookies ignore ports, so the cookie name carries the port: two hosts never clobber each other.
 *
 * Because cookies ignore ports, the cookie also reaches any other server on 127.0.0.1 the browser
 * talks to. So the cookie alone opens only the page's files: every bridge call, file and event
 * stream must also carry a page secret of the session. Each page of this origin gets its own, in
 * the document it is served (browser-host.ts decides which documents), and keeps it in memory
 * only: a reload is a new page with a new secret, and nothing is left behind in the browser's
 * storage. The session honours its last MAX_PAGE_SECRETS secrets, so a few tabs work at once.
 */
export interface SessionAuth {
  readonly secret: string;
  readonly cookieName: string;
  /**
   * A further one-time secret for the browser CaseDesk starts itself: it is on that browser's
   * command line, visible to every process, so it also expires `ttlMs` after it was issued.
   * Any exchange (of this or the printed secret) uses up every secret: one session per run.
   */
  issueLaunchSecret(ttlMs: number): string;
  /** A new session id for a correct, unused, unexpired secret; null otherwise. */
  exchange(candidate: string): string | null;
  isValidSession(cookieHeader: string | undefined): boolean;
  /**
   * A new page secret for the request's session (null without one); the oldest of the session's
   * secrets stops working once it holds more than MAX_PAGE_SECRETS.
   */
  issuePageSecret(cookieHeader: string | undefined): string | null;
  /** Whether the request's session is valid and `candidate` is one of its page secrets. */
  isValidPage(cookieHeader: string | undefined, candidate: string | undefined): boolean;
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (candidate: string, secret: string) =>
  timingSafeEqual(digest(candidate), digest(secret));
const newSecret = (bytes: number) => randomBytes(bytes).toString('base64url');

/** Pages (tabs, and reloads not yet replaced) one session serves at once. */
export const MAX_PAGE_SECRETS = 8;

interface Session {
  /** Oldest first. */
  pageSecrets: string[];
}

export function createSessionAuth(port: number, now: () => number = Date.now): SessionAuth {
  const secret = newSecret(24);
  const cookieName = `casedesk_session_${port}`;
  const sessions = new Map<string, Session>();
  const launchSecrets: { secret: string; expiresAt: number }[] = [];
  let used = false;

  const sessionOf = (cookieHeader: string | undefined) => {
    const value = readCookie(cookieHeader, cookieName);
    return value === undefined ? undefined : sessions.get(value);
  };
  const isOpenLaunchSecret = (candidate: string) =>
    launchSecrets.some(
      (launch) => now() < launch.expiresAt && sameSecret(candidate, launch.secret),
    );

  return {
    secret,
    cookieName,
    issueLaunchSecret(ttlMs) {
      const launch = { secret: newSecret(24), expiresAt: now() + ttlMs };
      launchSecrets.push(launch);
      return launch.secret;
    },
    exchange(candidate) {
      if (used) return null;
      if (!sameSecret(candidate, secret) && !isOpenLaunchSecret(candidate)) return null;
      used = true;
      launchSecrets.length = 0;
      const session = newSecret(32);
      sessions.set(session, { pageSecrets: [] });
      return session;
    },
    isValidSession(cookieHeader) {
      return sessionOf(cookieHeader) !== undefined;
    },
    issuePageSecret(cookieHeader) {
      const session = sessionOf(cookieHeader);
      if (!session) return null;
      const pageSecret = newSecret(32);
      session.pageSecrets.push(pageSecret);
      if (session.pageSecrets.length > MAX_PAGE_SECRETS) session.pageSecrets.shift();
      return pageSecret;
    },
    isValidPage(cookieHeader, candidate) {
      const session = sessionOf(cookieHeader);
      return (
        session !== undefined &&
        typeof candidate === 'string' &&
        candidate.length > 0 &&
        // Every one compared, so the time taken does not tell which matched.
        session.pageSecrets.reduce((found, known) => sameSecret(candidate, known) || found, false)
      );
    },
  };
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
