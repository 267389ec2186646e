/**
 * For Playwright's `addInitScript`: the renderer keeps its page secret in memory only, so a test
 * that calls the browser host itself (as the renderer would) picks the secret up as the document
 * starts, and finds it in the page as `window.__casedeskTestPageSecret`. Runs again in every
 * document of the tab, before the page's own scripts: the first page finds the secret in the
 * document as it is parsed, a reloaded one in what the page before handed over in sessionStorage
 * (read only: the renderer removes it as it loads).
 */
export function capturePageSecret(): void {
  const keep = (secret: string) => {
    (window as unknown as { __casedeskTestPageSecret?: string }).__casedeskTestPageSecret = secret;
  };
  try {
    const handedOver = sessionStorage.getItem('casedesk.page');
    if (handedOver) keep(handedOver);
  } catch {
    // No storage: only a secret in the document can be found.
  }
  const found = (node: Node) =>
    node instanceof HTMLMetaElement && node.name === 'casedesk-page' ? node.content : null;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        // Read from the record: the renderer may already have taken the element out.
        const secret = found(node);
        if (secret === null) continue;
        keep(secret);
        observer.disconnect();
        return;
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}
