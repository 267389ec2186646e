import type { BridgeError, CasedeskApi, Result } from '../../../preload/contract';
import { PAGE_SECRET_HEADER, pageSecret } from './page-secret';

type Listener = (payload: unknown) => void;

const unavailable = (message: string): Result<never> => ({
  ok: false,
  error: { code: 'unavailable', message } satisfies BridgeError,
});

/**
 * The bridge over the browser host: the same named methods as the Electron preload, as
 * same-origin POSTs, with events from one EventSource. The host checks every call exactly as
 * the Electron shell does.
 */
export function createHttpTransport(): CasedeskApi {
  // Taken out of the page before any other script could look for it.
  pageSecret();
  const listeners = new Map<string, Set<Listener>>();
  let source: EventSource | null = null;

  const ensureEventSource = () => {
    if (source) return;
    // EventSource sends no headers: the page secret goes in the query.
    source = new EventSource(`/events?page=${encodeURIComponent(pageSecret())}`);
    source.onmessage = (message: MessageEvent<string>) => {
      let event: { name?: unknown; payload?: unknown };
      try {
        event = JSON.parse(message.data) as { name?: unknown; payload?: unknown };
      } catch {
        return;
      }
      if (typeof event.name !== 'string') return;
      for (const listener of [...(listeners.get(event.name) ?? [])]) listener(event.payload);
    };
  };

  const call = (method: string) => async (input?: unknown) => {
    let response: Response;
    try {
      response = await fetch(`/bridge/${encodeURIComponent(method)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [PAGE_SECRET_HEADER]: pageSecret() },
        body: JSON.stringify({ input }),
      });
    } catch {
      return unavailable('CaseDesk is not answering. Is it still running?');
    }
    if (response.status === 401) {
      return unavailable(
        'This browser tab is no longer signed in to CaseDesk. Open the link CaseDesk printed.',
      );
    }
    try {
      return (await response.json()) as Result<unknown>;
    } catch {
      return unavailable(`CaseDesk answered with an unreadable reply (HTTP ${response.status}).`);
    }
  };

  const subscribe = (event: string) => (listener: Listener) => {
    ensureEventSource();
    const set = listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(event, set);
    return () => {
      set.delete(listener);
    };
  };

  const domains = new Map<string, object>();
  const domainProxy = (domain: string) =>
    new Proxy(
      {},
      {
        get(_target, name) {
          if (typeof name !== 'string' || name === 'then') return undefined;
          // `onChanged` subscribes to `<domain>.changed`, as the preload script does.
          if (/^on[A-Z]/.test(name))
            return subscribe(`${domain}.${name[2]?.toLowerCase()}${name.slice(3)}`);
          return call(`${domain}.${name}`);
        },
      },
    );

  return new Proxy({} as CasedeskApi, {
    get(_target, domain) {
      if (typeof domain !== 'string' || domain === 'then') return undefined;
      let proxy = domains.get(domain);
      if (!proxy) {
        proxy = domainProxy(domain);
        domains.set(domain, proxy);
      }
      return proxy;
    },
  });
}
