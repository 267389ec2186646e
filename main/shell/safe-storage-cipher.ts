import { safeStorage } from 'electron';
import type { TokenCipher } from '../session/token-vault';

// On Linux, `basic_text` means no keyring was found and Chromium "encrypts" with a fixed key;
// `unknown` means it could not tell. Neither protects a token, so neither counts as secure.
const WEAK_BACKENDS = new Set(['basic_text', 'unknown']);

/** The operating system keyring through Electron's safeStorage. Call after app `ready`. */
export function createSafeStorageCipher(): TokenCipher {
  const backend =
    process.platform === 'linux'
      ? safeStorage.getSelectedStorageBackend()
      : process.platform === 'darwin'
        ? 'keychain'
        : 'dpapi';
  return {
    backend,
    isSecure: () => safeStorage.isEncryptionAvailable() && !WEAK_BACKENDS.has(backend),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}
