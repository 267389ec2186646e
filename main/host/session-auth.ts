import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The host's door: a one-time secret printed in the URL, exchanged once for an HttpOnly cookie.
 * Cookies ignore ports, so the cookie name carries the port: two hosts never clobber each other.
 */
export interface SessionAuth {
  readonly secret: string;
  readonly cookieName: string;
  /** A new session id for a correct, unused secret; null otherwise. */
  exchange(candidate: string): string | null;
  isValidSession(cookieHeader: string | undefined): boolean;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export function createSessionAuth(port: number): SessionAuth {
  const secret = randomBytes(24).toString('base64url');
  const cookieName = `casedesk_session_${port}`;
  const sessions = new Set<string>();
  let used = false;

  return {
    secret,
    cookieName,
    exchange(candidate) {
      if (used || !timingSafeEqual(digest(candidate), digest(secret))) return null;
      used = true;
      const session = randomBytes(32).toString('base64url');
      sessions.add(session);
      return session;
    },
    isValidSession(cookieHeader) {
      const value = readCookie(cookieHeader, cookieName);
      return value !== undefined && sessions.has(value);
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
