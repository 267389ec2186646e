import { useEffect, useReducer, useRef, useState } from 'react';
import type { ImportView } from '../../../../preload/contract';
import { unwrap } from '../../lib/api';
import { importBridge } from './import-bridge';
import { LinePages, type ReadLines } from './line-pages';

/** What moves an import's lines: each change reads the visible pages again. */
const linesVersion = (view: ImportView) =>
  [view.state, view.verified, view.saved, view.withErrors, view.withWarnings, view.unreadable].join(
    ':',
  );

const readerOf =
  (id: string, onlyProblems: boolean): ReadLines =>
  (offset, limit) =>
    unwrap(importBridge().lines({ id, onlyProblems, offset, limit }));

const listOf = (id: string, onlyProblems: boolean) => `${id}:${onlyProblems ? 'problems' : 'all'}`;

/**
 * Makes the pages those of the list asked for, read from its top (nothing when they are already).
 * Called by the filter's own handler too, so the render that shows the new filter also shows its
 * list being read, rather than the other list's count for a frame.
 */
export function showList(pages: LinePages, id: string, onlyProblems: boolean): void {
  const list = listOf(id, onlyProblems);
  if (pages.list !== list) pages.reset(readerOf(id, onlyProblems), list);
}

/** The import's lines, a few pages at a time, re-read as the import moves or the filter changes. */
export function useLinePages(view: ImportView, onlyProblems: boolean): LinePages {
  const [, rendered] = useReducer((tick: number) => tick + 1, 0);
  // One instance for the screen's life: it holds pages and reads in flight, not render state.
  const [pages] = useState(
    () => new LinePages(readerOf(view.id, onlyProblems), rendered, listOf(view.id, onlyProblems)),
  );

  useEffect(() => showList(pages, view.id, onlyProblems), [pages, view.id, onlyProblems]);

  const version = linesVersion(view);
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    pages.refresh();
  }, [pages, version]);

  return pages;
}
