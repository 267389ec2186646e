import type { ImportLine } from '../../../../preload/contract';

// The grid's lines as a sparse list: pages read with `lines` (offset, limit) as the viewport
// moves, never the whole file; pages far from the viewport dropped, so 10,000 lines cost a few
// pages of memory. When the import moves (a batch verified, a line edited) the pages are read
// again in place: the rows stay on screen until their fresh copy arrives.

/**
 * Lines per read: a screen is some fifteen rows, and every page shown is read again after each
 * batch of a dry run; a smaller page is less to parse and compare in the window each time.
 */
export const PAGE_SIZE = 100;
/** Pages kept on each side of the visible ones. */
const KEEP_AROUND = 3;

export type ReadLines = (
  offset: number,
  limit: number,
) => Promise<{ total: number; lines: ImportLine[] }>;

const pageOf = (index: number) => Math.floor(index / PAGE_SIZE);

/**
 * Each kept line's JSON, made once: a dry run reads the shown pages again after every batch, and
 * the lines kept are compared each time.
 */
const texts = new WeakMap<ImportLine, string>();
const textOf = (line: ImportLine): string => {
  let text = texts.get(line);
  if (text === undefined) {
    text = JSON.stringify(line);
    texts.set(line, text);
  }
  return text;
};

/**
 * A page read again, each line that did not change kept as the object already shown (so its row
 * is not drawn again); the page kept whole when no line changed.
 */
function sameWhereUnchanged(kept: ImportLine[], fresh: ImportLine[]): ImportLine[] {
  let changed = kept.length !== fresh.length;
  const lines = fresh.map((line, index) => {
    const before = kept[index];
    const text = JSON.stringify(line);
    if (before && textOf(before) === text) return before;
    changed = true;
    texts.set(line, text);
    return line;
  });
  return changed ? lines : kept;
}

export class LinePages {
  /** Null until the first page answers. */
  total: number | null = null;
  /**
   * The rows the grid keeps while a new list is read (the last total known): its rows stay in
   * place as placeholders instead of going and coming back, and the page keeps its layout.
   */
  private lastTotal = 0;
  error: unknown = null;
  private pages = new Map<number, ImportLine[]>();
  private loading = new Set<number>();
  /** Pages read before the last change: shown, and read again. */
  private stale = new Set<number>();
  private again = new Set<number>();
  private visible: [number, number] = [0, 0];
  /** Answers to reads made before `reset` are dropped. */
  private generation = 0;

  constructor(
    private read: ReadLines,
    private readonly changed: () => void,
    /** Which list the pages are of (a name the caller gives, e.g. the filter). */
    public list = '',
  ) {}

  lineAt(index: number): ImportLine | undefined {
    return this.pages.get(pageOf(index))?.[index % PAGE_SIZE];
  }

  /** The grid shows rows first..last: reads the pages missing or out of date. */
  show(first: number, last: number): void {
    this.visible = [Math.max(0, first), Math.max(first, last)];
    this.prune();
    for (let page = pageOf(this.visible[0]); page <= pageOf(this.visible[1]); page++) {
      if (this.total !== null && page * PAGE_SIZE >= Math.max(this.total, 1)) break;
      if ((!this.pages.has(page) || this.stale.has(page)) && !this.loading.has(page))
        this.load(page);
    }
  }

  /** Rows for the grid: the total, or while a new list is read, the last one known. */
  get rows(): number {
    return this.total ?? this.lastTotal;
  }

  /**
   * Another list (the filter changed): what is shown goes, and the new list is read from its
   * top, where the grid shows it.
   */
  reset(read: ReadLines = this.read, list: string = this.list): void {
    this.read = read;
    this.list = list;
    this.generation++;
    this.lastTotal = this.total ?? this.lastTotal;
    this.visible = [0, this.visible[1] - this.visible[0]];
    this.pages.clear();
    this.loading.clear();
    this.stale.clear();
    this.again.clear();
    this.total = null;
    this.error = null;
    this.changed();
    this.show(...this.visible);
  }

  /** The same list moved on: every kept page is out of date; the visible ones are read again. */
  refresh(): void {
    for (const page of this.pages.keys()) this.stale.add(page);
    // A read on its way may have started before the change: its page is read once more after it.
    for (const page of this.loading) this.again.add(page);
    this.show(...this.visible);
  }

  /** One line as `editLine` answered it, put in place without a read. */
  replace(line: ImportLine): void {
    for (const lines of this.pages.values()) {
      const at = lines.findIndex((entry) => entry.line === line.line && entry.kind === line.kind);
      if (at >= 0) {
        lines[at] = line;
        this.changed();
        return;
      }
    }
  }

  private load(page: number): void {
    const generation = this.generation;
    this.loading.add(page);
    this.read(page * PAGE_SIZE, PAGE_SIZE).then(
      (answer) => {
        if (generation !== this.generation) return;
        this.loading.delete(page);
        const kept = this.pages.get(page);
        const lines = kept ? sameWhereUnchanged(kept, answer.lines) : answer.lines;
        const moved = lines !== kept || this.total !== answer.total || this.error !== null;
        this.total = answer.total;
        this.error = null;
        this.pages.set(page, lines);
        if (this.again.delete(page)) this.stale.add(page);
        else this.stale.delete(page);
        this.prune();
        // A dry run moves the import after every batch, mostly away from the rows in view: a
        // page read again as it was changes nothing on screen, so the grid is not drawn again.
        if (moved) this.changed();
        if (this.stale.has(page)) this.show(...this.visible);
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.loading.delete(page);
        this.again.delete(page);
        this.error = error;
        this.changed();
      },
    );
  }

  private prune(): void {
    const low = pageOf(this.visible[0]) - KEEP_AROUND;
    const high = pageOf(this.visible[1]) + KEEP_AROUND;
    for (const page of [...this.pages.keys()])
      if (page < low || page > high) {
        this.pages.delete(page);
        this.stale.delete(page);
      }
  }

  /** Pages in memory (for tests: the file is never all here). */
  get keptPages(): number {
    return this.pages.size;
  }
}
