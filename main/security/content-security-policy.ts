/**
 * The hash of the one stylesheet a mail frame carries (`FRAME_CSS` in the threads feature). A
 * srcdoc frame lives under this policy as well as its own, so the frame's stylesheet is allowed by
 * its hash alone; a mail's own <style> and style="" stay blocked. A unit test keeps the two equal.
 */
export const MAIL_FRAME_STYLE_HASH = "'sha256-NjlvR4cEF2OuB0FiqFdBFvXxOrmT3LU3PlvZq56aDRQ='";

/**
 * The renderer loads only its own bundle and needs no network beyond the bridge: in Electron the
 * bridge is IPC (no connections at all); through the browser host it is same-origin fetch and SSE.
 * Remote images are allowed at this level only because mail frames inherit it: each frame's own
 * policy blocks them until the user asks for that message's remote content.
 */
export function contentSecurityPolicy(transport: 'electron' | 'browser'): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' ${MAIL_FRAME_STYLE_HASH}`,
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src ${transport === 'browser' ? "'self'" : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
