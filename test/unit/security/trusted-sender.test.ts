import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../main/security/content-security-policy';
import { isSafeExternalUrl } from '../../../main/security/external-url';
import { APP_ENTRY_URL, isAppUrl, isTrustedSender } from '../../../main/security/trusted-sender';

describe('trusted senders (Electron IPC)', () => {
  const trusted = { isMainWindowContents: true, isTopFrame: true, frameUrl: APP_ENTRY_URL };

  it('accepts the app’s own top frame', () => {
    expect(isTrustedSender(trusted)).toBe(true);
  });

  it.each([
    ['a subframe', { ...trusted, isTopFrame: false }],
    ['another window', { ...trusted, isMainWindowContents: false }],
    ['a page that navigated away', { ...trusted, frameUrl: 'https://evil.example/' }],
    ['a file page', { ...trusted, frameUrl: 'file:///tmp/x.html' }],
    ['another casedesk host', { ...trusted, frameUrl: 'casedesk://evil/index.html' }],
    ['a destroyed frame', { ...trusted, frameUrl: null }],
  ])('refuses %s', (_name, sender) => {
    expect(isTrustedSender(sender)).toBe(false);
  });

  it('knows the app’s URLs', () => {
    expect(isAppUrl('casedesk://app/assets/x.js')).toBe(true);
    expect(isAppUrl('casedesk://app.evil/x')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });
});

describe('content security policy', () => {
  it('gives the Electron window no network at all, and the browser host only its own origin', () => {
    expect(contentSecurityPolicy('electron')).toContain("connect-src 'none'");
    expect(contentSecurityPolicy('browser')).toContain("connect-src 'self'");
    for (const policy of [contentSecurityPolicy('electron'), contentSecurityPolicy('browser')]) {
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/unsafe-(inline|eval)/);
    }
  });
});

describe('external links', () => {
  it('hands only https and mailto links to the operating system', () => {
    expect(isSafeExternalUrl('https://example.com/docs')).toBe(true);
    expect(isSafeExternalUrl('mailto:kyc@example.com')).toBe(true);
    expect(isSafeExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isSafeExternalUrl('http://example.com')).toBe(false);
    expect(isSafeExternalUrl('ms-msdt:/id PCWDiagnostic')).toBe(false);
  });
});
