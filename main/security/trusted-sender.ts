export const APP_SCHEME = 'casedesk';
export const APP_HOST = 'app';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** True for a page of CaseDesk's own UI, served from casedesk://app/. */
export function isAppUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * Bridge calls are honoured only from the app's own top frame (as VS Code's validatedIpcMain
 * does): never from a subframe, another window, or a page that navigated elsewhere.
 */
export function isTrustedSender(sender: {
  isMainWindowContents: boolean;
  isTopFrame: boolean;
  frameUrl: string | null;
}): boolean {
  return (
    sender.isMainWindowContents &&
    sender.isTopFrame &&
    sender.frameUrl !== null &&
    isAppUrl(sender.frameUrl)
  );
}
