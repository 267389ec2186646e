import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BaseUrl, ExternalUrl, SaveProfileInput, Token } from '../../../preload/contract';

describe('base URL', () => {
  it.each([
    ['https://tenant.example.com', 'https://tenant.example.com'],
    ['https://tenant.example.com/', 'https://tenant.example.com'],
    ['  https://tenant.example.com/screening//  ', 'https://tenant.example.com/screening'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://localhost:3000/', 'http://localhost:3000'],
  ])('accepts %j as %j', (input, expected) => {
    expect(BaseUrl.parse(input)).toBe(expected);
  });

  it.each([
    ['http://tenant.example.com', /https/],
    ['ftp://tenant.example.com', /https/],
    ['tenant.example.com', /full URL/],
    ['https://user:pass@tenant.example.com', /token field/],
    ['https://tenant.example.com/?token=abc', /query/],
    ['javascript:alert(1)', /https/],
  ])('refuses %j with a message that says what to do', (input, message) => {
    const result = BaseUrl.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });

  it('only ever yields https URLs, or http to this computer', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()),
        (input) => {
          const result = BaseUrl.safeParse(input);
          if (!result.success) return;
          const url = new URL(result.data);
          expect(
            url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname),
          ).toBe(true);
          expect(url.search).toBe('');
          expect(result.data.endsWith('/')).toBe(false);
        },
      ),
    );
  });
});

describe('token', () => {
  it('accepts printable tokens and trims surrounding space', () => {
    expect(Token.parse('  eyJhbGciOi.J9-_~  ')).toBe('eyJhbGciOi.J9-_~');
  });
  it.each(['', '   ', 'has space', 'line\nbreak', 'ünïcödé', 'x'.repeat(4097)])(
    'refuses %j',
    (token) => {
      expect(Token.safeParse(token).success).toBe(false);
    },
  );
});

describe('save profile input', () => {
  it('refuses unknown fields, so nothing unexpected reaches main', () => {
    const result = SaveProfileInput.safeParse({
      name: 'Prod',
      baseUrl: 'https://a.example',
      tokenStorage: 'weak',
      token: 'abc',
      isAdmin: true,
    });
    expect(result.success).toBe(false);
  });
});

describe('external links', () => {
  it.each(['https://example.com/a?b=c', 'mailto:analyst@example.com'])('opens %s', (url) => {
    expect(ExternalUrl.safeParse(url).success).toBe(true);
  });
  it.each([
    'http://example.com',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'casedesk://app/index.html',
    'https://user:pw@example.com',
    'smb://share/x',
    'mailto:',
    'not a url',
  ])('refuses %s', (url) => {
    expect(ExternalUrl.safeParse(url).success).toBe(false);
  });
});
