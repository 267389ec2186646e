/**
 * For Playwright's `addInitScript`: the renderer keeps its page secret in memory only, so a test
 * that calls the browser host itself (as the renderer would) picks the secret up from the document
 * as it is parsed, and finds it in the page as `window.__casedeskTestPageSecret`. Runs again in
 * every document, so after a reload it holds the reloaded page's secret.
 */
export function capturePageSecret(): void {
  const found = (node: Node) =>
    node instanceof HTMLMetaElement && node.name === 'casedesk-page' ? node.content : null;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        // Read from the record: the renderer may already have taken the element out.
        const secret = found(node);
        if (secret === null) continue;
        (window as unknown as { __casedeskTestPageSecret?: string }).__casedeskTestPageSecret =
          secret;
        observer.disconnect();
        return;
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}
