import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A storage that records every write. */
function watchedStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: vi.fn((key: string) => values.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void values.set(key, value)),
    removeItem: vi.fn((key: string) => void values.delete(key)),
    clear: vi.fn(() => values.clear()),
    key: vi.fn(() => null),
    get length() {
      return values.size;
    },
    get entries() {
      return Object.fromEntries(values);
    },
  };
}

/** A document served by the browser host, with or without the page's secret in it. */
function servedDocument(secret: string | null) {
  let meta: { content: string; remove: () => void } | null =
    secret === null ? null : { content: secret, remove: () => void (meta = null) };
  return {
    querySelector: vi.fn((selector: string) =>
      selector === 'meta[name="casedesk-page"]' ? meta : null,
    ),
    get meta() {
      return meta;
    },
  };
}

const SECRET = 'secret-of-this-page-0123456789abcdef';

describe('the page secret of the browser host', () => {
  // One tab: its sessionStorage outlives the documents loaded in it, its window does not.
  let session: ReturnType<typeof watchedStorage>;
  let local: ReturnType<typeof watchedStorage>;
  let tab: EventTarget;

  /** Loads a document in the tab, with a fresh module (a new page's memory). */
  const load = async (served: ReturnType<typeof servedDocument>) => {
    vi.resetModules();
    tab = new EventTarget();
    vi.stubGlobal('window', tab);
    vi.stubGlobal('document', served);
    return (await import('../../../renderer/src/lib/page-secret')).pageSecret;
  };
  const leave = (persisted = false) =>
    tab.dispatchEvent(Object.assign(new Event('pagehide'), { persisted }));

  beforeEach(() => {
    session = watchedStorage();
    local = watchedStorage();
    vi.stubGlobal('sessionStorage', session);
    vi.stubGlobal('localStorage', local);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is taken out of the document and kept in memory: nothing in storage while the page is open', async () => {
    const served = servedDocument(SECRET);
    const pageSecret = await load(served);
    expect(pageSecret()).toBe(SECRET);
    expect(served.meta).toBeNull();
    expect(pageSecret()).toBe(SECRET);
    expect(session.setItem).not.toHaveBeenCalled();
    expect(session.length).toBe(0);
    expect(local.setItem).not.toHaveBeenCalled();
  });

  it('is written to this tab’s sessionStorage only as the page goes (pagehide)', async () => {
    const pageSecret = await load(servedDocument(SECRET));
    pageSecret();
    leave();
    expect(session.entries).toEqual({ 'casedesk.page': SECRET });
    expect(local.setItem).not.toHaveBeenCalled();
  });

  it('is taken by the next page of the tab, which leaves storage empty, across reloads', async () => {
    let pageSecret = await load(servedDocument(SECRET));
    pageSecret();
    for (let reload = 0; reload < 2; reload += 1) {
      leave();
      // The host gives a reloaded page no secret: it comes from the page before.
      pageSecret = await load(servedDocument(null));
      expect(pageSecret()).toBe(SECRET);
      expect(session.length).toBe(0);
    }
  });

  it('empties storage again when the page comes back from the back/forward cache', async () => {
    const pageSecret = await load(servedDocument(SECRET));
    pageSecret();
    leave(true);
    tab.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(session.length).toBe(0);
    expect(pageSecret()).toBe(SECRET);
  });

  it('is nothing in a page served without one and handed none, and such a page leaves none', async () => {
    const pageSecret = await load(servedDocument(null));
    expect(pageSecret()).toBe('');
    leave();
    expect(session.setItem).not.toHaveBeenCalled();
    expect(session.length).toBe(0);
  });

  it('prefers the secret the host served to anything found in storage, and removes that', async () => {
    session.setItem('casedesk.page', 'left-behind-by-an-earlier-page');
    session.setItem.mockClear();
    const pageSecret = await load(servedDocument(SECRET));
    expect(pageSecret()).toBe(SECRET);
    expect(session.length).toBe(0);
  });
});
