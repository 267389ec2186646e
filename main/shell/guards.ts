import type { Session, WebContents } from 'electron';
import { isSafeExternalUrl } from '../security/external-url';
import { isAppUrl } from '../security/trusted-sender';

/**
 * No navigation away from the app (a file dropped on the window would otherwise open it), no new
 * windows (links go to the system browser when they are safe), no embedded webviews.
 */
export function guardWebContents(
  contents: WebContents,
  openExternal: (url: string) => Promise<void>,
): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void openExternal(url);
    return { action: 'deny' };
  });
}

/** Camera, microphone, notifications, geolocation, devices…: CaseDesk asks for none of them. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
