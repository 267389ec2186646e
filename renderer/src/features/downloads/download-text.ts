import type { DownloadState, DownloadWarning } from '../../../../preload/contract';

// What the download flow says to the investigator, in one place.

export const WARNING_TEXT: Record<DownloadWarning, { title: string; detail: string }> = {
  dangerous: {
    title: 'The service marked this attachment as dangerous',
    detail: 'Its malware check found a problem. Open it only if you know why it was sent.',
  },
  unverified: {
    title: 'This attachment has not been checked for malware',
    detail: 'The service has not verified it, so nothing is known about its content.',
  },
  executable: {
    title: 'This is a program or script: it can run code on this computer',
    detail: 'CaseDesk never opens it, but opening it yourself could run it.',
  },
};

export const STATE_LABEL: Record<DownloadState, string> = {
  needs_confirmation: 'Waiting for confirmation',
  needs_folder: 'Waiting for a folder',
  running: 'Downloading',
  saved: 'Saved',
  external: 'Held outside the service',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * Whether CaseDesk may hand this address to the system browser: the bridge accepts only https
 * links without credentials, so any other address can only be copied.
 */
export function opensInBrowser(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' &&
      parsed.hostname.length > 0 &&
      !parsed.username &&
      !parsed.password
    );
  } catch {
    return false;
  }
}
