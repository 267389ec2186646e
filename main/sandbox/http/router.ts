import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RouteContext {
  request: IncomingMessage;
  response: ServerResponse;
  params: Record<string, string>;
  url: URL;
}

/** What a route answers: JSON (already serialised, so big pages skip a parse/stringify), bytes, a redirect or nothing. */
export type Reply =
  | { kind: 'json'; status?: number; body: string }
  | { kind: 'empty'; status: 204 }
  | { kind: 'bytes'; mime: string; fileName: string; bytes: Uint8Array }
  | { kind: 'redirect'; location: string };

export type ErrorStyleOf = 'full' | 'bare';

export interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  /** Thread search and attachment download answer errors with code and message only. */
  errorStyle: ErrorStyleOf;
  handle: (context: RouteContext) => Promise<Reply> | Reply;
}

/** `/api/v1/customers/:id/stats` → a route matching exactly that shape, `:id` decoded. */
export function route(
  method: string,
  path: string,
  handle: Route['handle'],
  errorStyle: ErrorStyleOf = 'full',
): Route {
  const keys: string[] = [];
  const source = path.replace(/:([a-z_]+)/g, (_match, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}$`), keys, handle, errorStyle };
}

export function matchRoute(
  routes: readonly Route[],
  method: string,
  pathname: string,
): { route: Route; params: Record<string, string> } | { methodMismatch: boolean } {
  let methodMismatch = false;
  for (const candidate of routes) {
    const match = candidate.pattern.exec(pathname);
    if (!match) continue;
    if (candidate.method !== method) {
      methodMismatch = true;
      continue;
    }
    const params: Record<string, string> = {};
    candidate.keys.forEach((key, index) => {
      params[key] = safeDecode(match[index + 1] ?? '');
    });
    return { route: candidate, params };
  }
  return { methodMismatch };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const json = (value: unknown, status = 200): Reply => ({
  kind: 'json',
  status,
  body: JSON.stringify(value),
});
export const noContent = (): Reply => ({ kind: 'empty', status: 204 });
