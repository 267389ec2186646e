// The document a sanitized message is shown in. The frame runs no script (sandbox=""), so its own
// Content-Security-Policy is the second wall: nothing loads unless the user asked for it.

/** The body's type and spacing, shared by the frame and the copy laid out to measure it. */
const BODY = `padding: 16px 24px; font: 14px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; overflow-wrap: anywhere;`;
const CONTENT = `img, table { max-width: 100%; } img { height: auto; } pre, .plain-text { white-space: pre-wrap; } .plain-text { margin: 0; font: inherit; } blockquote { margin: 0 0 0 4px; padding-left: 12px; border-left: 3px solid GrayText; } a[data-link] { color: inherit; text-decoration: underline dotted; }`;

/**
 * The frame's own stylesheet, in CSS system colours (the app's tokens do not reach into the
 * frame), light or dark as the document's `data-scheme` says: one stylesheet for both, since the
 * frame inherits the app's Content-Security-Policy, which must allow this exact stylesheet by its
 * hash for it to apply. A mail's own colours never apply (that policy blocks its styles), so the
 * dark scheme cannot leave dark text on a dark page.
 */
export const FRAME_CSS = `:root { color-scheme: light; } :root[data-scheme="dark"] { color-scheme: dark; } html { background: Canvas; color: CanvasText; } body { margin: 0; ${BODY} } ${CONTENT}`;

/** The same look where the body is measured outside the frame (in a shadow root). */
export const MEASURE_CSS = `:host { all: initial; display: block; box-sizing: border-box; ${BODY} } ${CONTENT}`;

/**
 * Only images are ever remote: the inherited app policy applies no style but the frame's own
 * (allowed here as inline), so mail CSS loads nothing with or without consent.
 */
export function framePolicy(allowRemote: boolean): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src data:${allowRemote ? ' https:' : ''}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export type MailScheme = 'light' | 'dark';

/** `body` must come from sanitizeMail. */
export function frameDocument(body: string, allowRemote: boolean, scheme: MailScheme): string {
  return [
    `<!doctype html><html data-scheme="${scheme}"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${framePolicy(allowRemote)}">`,
    '<meta name="referrer" content="no-referrer">',
    `<meta name="color-scheme" content="${scheme}">`,
    `<style>${FRAME_CSS}</style>`,
    `</head><body>${body}</body></html>`,
  ].join('');
}
