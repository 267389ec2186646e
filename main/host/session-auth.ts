import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The host's door: a one-time secret printed in the URL, exchanged once for an HttpOnly cookie.
 * Cookies ignore ports, so the cookie name carries the port: two hosts never clobber each other.
 *
 * Because cookies ignore ports, the cookie also reaches any other server on 127.0.0.1 the browser
 * talks to. So the cookie alone opens only the page's files: every bridge call, file and event
 * stream must also carry the session's page secret. It is handed out once, in the first page
 * served after the exchange (browser-host.ts also asks that the browser name that request a page of
 * this origin), and never again: anyone else holding the cookie, in or outside the browser, can
 * only ask after the page has taken it. The page keeps it in memory (renderer page-secret.ts).
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
  /** The session's page secret the first time it is asked for, null ever after. */
  takePageSecret(cookieHeader: string | undefined): string | null;
  /** Whether the request's session is valid and `candidate` is its page secret. */
  isValidPage(cookieHeader: string | undefined, candidate: string | undefined): boolean;
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (candidate: string, secret: string) =>
  timingSafeEqual(digest(candidate), digest(secret));
const newSecret = (bytes: number) => randomBytes(bytes).toString('base64url');

interface Session {
  pageSecret: string;
  pageSecretGiven: boolean;
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
      sessions.set(session, { pageSecret: newSecret(32), pageSecretGiven: false });
      return session;
    },
    isValidSession(cookieHeader) {
      return sessionOf(cookieHeader) !== undefined;
    },
    takePageSecret(cookieHeader) {
      const session = sessionOf(cookieHeader);
      if (!session || session.pageSecretGiven) return null;
      session.pageSecretGiven = true;
      return session.pageSecret;
    },
    isValidPage(cookieHeader, candidate) {
      const session = sessionOf(cookieHeader);
      return (
        session !== undefined &&
        typeof candidate === 'string' &&
        candidate.length > 0 &&
        sameSecret(candidate, session.pageSecret)
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
