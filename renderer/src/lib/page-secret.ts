/** The header the browser host reads the page secret from, on every bridge call and file. */
export const PAGE_SECRET_HEADER = 'X-CaseDesk-Page';

/** Where the page keeps it across a reload of this tab. */
const STORAGE_KEY = 'casedesk.page';

let secret: string | null = null;

/**
 * The browser host's session cookie is sent to every port of 127.0.0.1, so the host also asks for
 * a secret only this page holds. It arrives once, in a meta element of the first page served
 * after the link was opened; the page takes it out of the document at once and keeps it in
 * memory, and in this tab's sessionStorage so that a reload keeps working (sessionStorage, unlike
 * cookies, belongs to this origin's port alone). Empty outside the browser host.
 */
export function pageSecret(): string {
  if (secret !== null) return secret;
  // No document: not a page (the renderer's modules loaded by a unit test).
  if (typeof document === 'undefined') return '';
  const meta = document.querySelector<HTMLMetaElement>('meta[name="casedesk-page"]');
  if (meta) {
    secret = meta.content;
    meta.remove();
    try {
      sessionStorage.setItem(STORAGE_KEY, secret);
    } catch {
      // No storage (a locked-down browser): this tab works until it is reloaded.
    }
    return secret;
  }
  try {
    secret = sessionStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    secret = '';
  }
  return secret;
}
