/**
 * Checks against DNS rebinding (a foreign name resolving to 127.0.0.1 carries its own Host) and
 * against other pages on this machine (they carry their own Origin).
 */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

export function isAllowedHost(host: string | undefined, port: number): boolean {
  return host !== undefined && allowedHosts(port).has(host.toLowerCase());
}

/**
 * Same-origin GETs carry no Origin; anything that changes state must carry ours.
 */
export function isAllowedOrigin(origin: string | undefined, port: number, method: string): boolean {
  if (origin === undefined) return method === 'GET' || method === 'HEAD';
  return allowedOrigins(port).has(origin.toLowerCase());
}
