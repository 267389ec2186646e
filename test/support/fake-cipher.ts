import type { TokenCipher } from '../../main/session/token-vault';

/** A keyring stand-in: reversible, and never stores the plain text. */
export function fakeKeyring(secure = true): TokenCipher {
  const key = 0x5a;
  return {
    backend: secure ? 'test_keyring' : 'basic_text',
    isSecure: () => secure,
    encrypt: (plain) => Buffer.from(Buffer.from(plain, 'utf8').map((byte) => byte ^ key)),
    decrypt: (data) => Buffer.from(data.map((byte) => byte ^ key)).toString('utf8'),
  };
}
