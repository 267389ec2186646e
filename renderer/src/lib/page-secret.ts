/** The header the browser host reads the page secret from, on every bridge call and file. */
export const PAGE_SECRET_HEADER = 'X-CaseDesk-Page';

let secret: string | null = null;

/**
 * The browser host's session cookie is sent to every port of 127.0.0.1, so the host also asks for
 * a secret only this page holds. It arrives in a meta element of the document; the page takes it
 * out of the document at once and keeps it in memory only. Not in sessionStorage or any other
 * storage: the browser writes those to disk to restore sessions, and they stay readable to
 * whatever runs in this origin later. A reload needs nothing kept: the reloaded document brings
 * a secret of its own. Empty outside the browser host.
 */
export function pageSecret(): string {
  if (secret !== null) return secret;
  // No document: not a page (the renderer's modules loaded by a unit test).
  if (typeof document === 'undefined') return '';
  const meta = document.querySelector<HTMLMetaElement>('meta[name="casedesk-page"]');
  secret = meta?.content ?? '';
  meta?.remove();
  return secret;
}
