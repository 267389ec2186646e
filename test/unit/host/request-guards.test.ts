import { describe, expect, it } from 'vitest';
import {
  isAllowedHost,
  isAllowedOrigin,
  isOwnPageNavigation,
} from '../../../main/host/request-guards';
import { createSessionAuth, readCookie } from '../../../main/host/session-auth';
import { parseHostArgs } from '../../../main/host/host-args';

describe('host and origin checks', () => {
  it('accepts only this port on loopback names', () => {
    expect(isAllowedHost('127.0.0.1:4100', 4100)).toBe(true);
    expect(isAllowedHost('localhost:4100', 4100)).toBe(true);
    expect(isAllowedHost('attacker.example:4100', 4100)).toBe(false);
    expect(isAllowedHost('127.0.0.1:4101', 4100)).toBe(false);
    expect(isAllowedHost('127.0.0.1', 4100)).toBe(false);
    expect(isAllowedHost(undefined, 4100)).toBe(false);
  });

  it('requires our own origin for anything but reads', () => {
    expect(isAllowedOrigin('http://127.0.0.1:4100', 4100, 'POST')).toBe(true);
    expect(isAllowedOrigin('http://evil.example', 4100, 'GET')).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:9999', 4100, 'POST')).toBe(false);
    expect(isAllowedOrigin('null', 4100, 'POST')).toBe(false);
    expect(isAllowedOrigin(undefined, 4100, 'POST')).toBe(false);
    expect(isAllowedOrigin(undefined, 4100, 'GET')).toBe(true);
  });
});

describe('which requests get a page of their own', () => {
  const navigation = (site: string) => ({
    'sec-fetch-site': site,
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
  });

  it('is a top-level navigation the user made, or this origin made', () => {
    expect(isOwnPageNavigation(navigation('none'))).toBe(true);
    expect(isOwnPageNavigation(navigation('same-origin'))).toBe(true);
  });

  it('is not a navigation from another port of 127.0.0.1, another site, a frame or a script', () => {
    // Another port of 127.0.0.1 is the same site, not the same origin.
    expect(isOwnPageNavigation(navigation('same-site'))).toBe(false);
    expect(isOwnPageNavigation(navigation('cross-site'))).toBe(false);
    expect(isOwnPageNavigation({ ...navigation('same-origin'), 'sec-fetch-dest': 'iframe' })).toBe(
      false,
    );
    expect(isOwnPageNavigation({ ...navigation('same-origin'), 'sec-fetch-mode': 'cors' })).toBe(
      false,
    );
    expect(isOwnPageNavigation({ ...navigation('same-origin'), 'sec-fetch-mode': 'no-cors' })).toBe(
      false,
    );
    // Without Fetch Metadata there is no telling who asks: no page secret.
    expect(isOwnPageNavigation({})).toBe(false);
    expect(isOwnPageNavigation({ 'sec-fetch-site': 'none' })).toBe(false);
  });
});

describe('page secrets', () => {
  const signedIn = () => {
    const auth = createSessionAuth(4100);
    const session = auth.exchange(auth.secret) ?? '';
    return { auth, cookie: `${auth.cookieName}=${session}` };
  };

  it('hands the session its one secret once, and nothing ever after', () => {
    const { auth, cookie } = signedIn();
    const page = auth.takePageSecret(cookie);
    expect(page).toMatch(/^[\w-]{30,}$/);
    for (let ask = 0; ask < 3; ask += 1) expect(auth.takePageSecret(cookie)).toBeNull();
    expect(auth.isValidPage(cookie, page ?? undefined)).toBe(true);
  });

  it('gives none without a session, and no secret works with another cookie', () => {
    const { auth, cookie } = signedIn();
    expect(auth.takePageSecret(undefined)).toBeNull();
    expect(auth.takePageSecret(`${auth.cookieName}=forged`)).toBeNull();
    const page = auth.takePageSecret(cookie) ?? '';
    expect(auth.isValidPage(`${auth.cookieName}=forged`, page)).toBe(false);
    expect(auth.isValidPage(cookie, '')).toBe(false);
    expect(auth.isValidPage(cookie, undefined)).toBe(false);
  });
});

describe('session auth', () => {
  it('exchanges the secret once, for a session cookie named after the port', () => {
    const auth = createSessionAuth(4100);
    expect(auth.cookieName).toBe('casedesk_session_4100');
    expect(auth.exchange('wrong')).toBeNull();
    const session = auth.exchange(auth.secret);
    expect(session).toMatch(/^[\w-]{40,}$/);
    expect(auth.exchange(auth.secret)).toBeNull();
    expect(auth.isValidSession(`other=1; casedesk_session_4100=${session}`)).toBe(true);
    expect(auth.isValidSession('casedesk_session_4100=forged')).toBe(false);
    expect(auth.isValidSession(undefined)).toBe(false);
  });

  it('reads cookies by exact name', () => {
    expect(readCookie('a=1; ab=2; b=3', 'ab')).toBe('2');
    expect(readCookie('a=1', 'b')).toBeUndefined();
  });
});

describe('host arguments', () => {
  it('parses the documented flags', () => {
    expect(
      parseHostArgs(['--port', '4100', '--data-dir', '/tmp/x', '--no-open', '--sandbox', 'off']),
    ).toEqual({
      port: 4100,
      dataDir: '/tmp/x',
      open: false,
      sandboxScale: null,
    });
    expect(parseHostArgs([])).toEqual({
      port: 0,
      dataDir: null,
      open: true,
      sandboxScale: 'small',
    });
    expect(parseHostArgs(['--sandbox', '250']).sandboxScale).toBe(250);
  });

  it.each([
    [['--port'], /needs a value/],
    [['--port', 'x'], /0 .* 65535/],
    [['--port', '70000'], /0 .* 65535/],
    [['--bogus'], /Unknown option --bogus/],
    [['--sandbox', 'huge'], /--sandbox takes/],
  ])('refuses %j clearly', (args, message) => {
    expect(() => parseHostArgs(args)).toThrow(message);
  });
});
