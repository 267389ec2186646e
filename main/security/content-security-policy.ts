/**
 * The renderer loads only its own bundle and needs no network beyond the bridge: in Electron the
 * bridge is IPC (no connections at all); through the browser host it is same-origin fetch and SSE.
 */
export function contentSecurityPolicy(transport: 'electron' | 'browser'): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${transport === 'browser' ? "'self'" : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
