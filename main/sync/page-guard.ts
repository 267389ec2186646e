/** The paged reads of a sync, as the summary names them. */
export type PagedRead = 'alerts' | 'threads' | 'documents';

/** A paged read the page ceiling stopped. */
export interface StoppedPaging {
  read: PagedRead;
  pages: number;
}

/** Pages per paged read when the caller does not say: 2.5 million alerts at 500 a page. */
export const DEFAULT_MAX_PAGES = 5_000;

/**
 * Decides whether a paged read may ask for one more page. The interface lets a service ignore
 * `limit`, announce any `total` or none, and answer the same page twice, so "a full page means
 * more" alone can page forever. Another page is asked only while the announced total (when there
 * is one) is not reached, the last page brought a record not seen in this read, and fewer than
 * `maxPages` pages were read; reaching the ceiling is reported, never silent.
 */
export function pageGuard(read: PagedRead, maxPages: number) {
  // Digests, not the keys: a full sync of a million alerts would otherwise hold a million strings.
  const seen = new Set<number>();
  let pages = 0;
  let ceiling = false;
  let stoppedBy: 'end' | 'stale' | 'ceiling' = 'end';
  const end = (why: typeof stoppedBy): false => {
    stoppedBy = why;
    return false;
  };
  return {
    /**
     * `keys` name each record with the version it came in (an updated record is new again);
     * `position` is how many records precede the page in the result `total` counts.
     */
    more(page: { keys: readonly string[]; full: boolean; position: number; total?: unknown }) {
      pages += 1;
      let fresh = 0;
      for (const key of page.keys) {
        const digest = keyDigest(key);
        if (!seen.has(digest)) {
          seen.add(digest);
          fresh += 1;
        }
      }
      if (page.keys.length === 0) return end('end');
      if (fresh === 0) return end('stale');
      // An announced total is believed over a short page: a service may cap its pages below the
      // limit asked. Without one, a short page is the last.
      const total = typeof page.total === 'number' && page.total >= 0 ? page.total : null;
      if (total !== null ? page.position + page.keys.length >= total : !page.full)
        return end('end');
      if (pages >= maxPages) {
        ceiling = true;
        return end('ceiling');
      }
      return true;
    },
    /**
     * The read stopped because the records ran out, not because a page brought nothing new or the
     * ceiling was reached: only then may a cursor move past what this read covered.
     */
    reachedTheEnd(): boolean {
      return stoppedBy === 'end';
    },
    /** Whether a new pass over the same read may start: not when the ceiling is reached. */
    mayStartAgain(): boolean {
      if (pages < maxPages) return true;
      ceiling = true;
      return false;
    },
    /** The ceiling stopped this read: what the summary says. */
    stopped(): StoppedPaging | null {
      return ceiling ? { read, pages } : null;
    },
  };
}

/**
 * A 52-bit digest of a key (two 32-bit FNV-1a passes with different offsets, combined within the
 * safe integers). Two keys sharing one only make one record look already seen; a page is taken for
 * "nothing new" only when every key on it does, which no real page comes near.
 */
function keyDigest(key: string): number {
  let low = 0x811c9dc5;
  let high = 0x01000193 ^ key.length;
  for (let index = 0; index < key.length; index += 1) {
    const code = key.charCodeAt(index);
    low = Math.imul(low ^ code, 0x01000193);
    high = Math.imul(high ^ code, 0x5bd1e995);
  }
  return (high >>> 12) * 2 ** 32 + (low >>> 0);
}
