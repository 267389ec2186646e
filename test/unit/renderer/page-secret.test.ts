import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A storage that records every write (the renderer must make none). */
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

const loadPage = async () => (await import('../../../renderer/src/lib/page-secret')).pageSecret;

describe('the page secret of the browser host', () => {
  let session: ReturnType<typeof watchedStorage>;
  let local: ReturnType<typeof watchedStorage>;

  beforeEach(() => {
    vi.resetModules();
    // What an earlier version of this page, or anything else in this origin, left behind.
    session = watchedStorage({ 'casedesk.page': 'left-behind-by-an-earlier-page' });
    local = watchedStorage({ 'casedesk.page': 'left-behind-by-an-earlier-page' });
    vi.stubGlobal('sessionStorage', session);
    vi.stubGlobal('localStorage', local);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is taken out of the document and kept in memory, never in storage', async () => {
    const document = servedDocument('secret-of-this-page-0123456789abcdef');
    vi.stubGlobal('document', document);
    const pageSecret = await loadPage();
    expect(pageSecret()).toBe('secret-of-this-page-0123456789abcdef');
    expect(document.meta).toBeNull();
    expect(pageSecret()).toBe('secret-of-this-page-0123456789abcdef');
    for (const storage of [session, local]) {
      expect(storage.setItem).not.toHaveBeenCalled();
      expect(storage.getItem).not.toHaveBeenCalled();
    }
  });

  it('is nothing in a page served without one: no secret is looked for in storage', async () => {
    vi.stubGlobal('document', servedDocument(null));
    const pageSecret = await loadPage();
    expect(pageSecret()).toBe('');
    for (const storage of [session, local]) {
      expect(storage.getItem).not.toHaveBeenCalled();
      expect(storage.setItem).not.toHaveBeenCalled();
    }
  });
});
