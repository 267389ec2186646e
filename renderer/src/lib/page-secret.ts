/** The header the browser host reads the page secret from, on every bridge call and file. */
export const PAGE_SECRET_HEADER = 'X-CaseDesk-Page';

/** Where a page leaves its secret for the next document of its tab, between two pages only. */
const HAND_OVER_KEY = 'casedesk.page';

let secret: string | null = null;

/**
 * The browser host's session cookie is sent to every port of 127.0.0.1, so the host also asks for
 * a secret only this page holds. The host hands it out once, in a meta element of the first page
 * after the link was opened, and never again (anyone holding the cookie could ask for another).
 * The page takes it out of the document at once and keeps it in memory while it is open: not in
 * storage, which the browser writes to disk and anything running in this origin later can read.
 *
 * A reload (or any next page of this tab) is a new document with an empty memory, so the page
 * hands the secret over at the last moment: on `pagehide` it writes it to this tab's
 * sessionStorage (this origin's port alone, this tab alone), and the next document takes it out
 * and removes it as it loads. That moment between two documents is the only time it touches
 * storage. A second tab, or a tab that crashed or was closed, has nothing handed over: it needs
 * a new link from CaseDesk. Empty outside the browser host.
 */
export function pageSecret(): string {
  if (secret !== null) return secret;
  // No document: not a page (the renderer's modules loaded by a unit test).
  if (typeof document === 'undefined') return '';
  const meta = document.querySelector<HTMLMetaElement>('meta[name="casedesk-page"]');
  const handedOver = takeHandedOver();
  secret = meta?.content ?? handedOver;
  meta?.remove();
  if (secret !== '') {
    window.addEventListener('pagehide', handOver);
    // Back from the back/forward cache: this page is open again, so storage holds nothing.
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) takeHandedOver();
    });
  }
  return secret;
}

function handOver(): void {
  if (!secret) return;
  try {
    sessionStorage.setItem(HAND_OVER_KEY, secret);
  } catch {
    // No storage (a locked-down browser): a reload of this tab needs a new link.
  }
}

/** What the page before this one in the tab handed over, removed from storage at once. */
function takeHandedOver(): string {
  try {
    const value = sessionStorage.getItem(HAND_OVER_KEY) ?? '';
    sessionStorage.removeItem(HAND_OVER_KEY);
    return value;
  } catch {
    return '';
  }
}
