/** Submissions changed: their ids. */
export type KytChangeListener = (ids: readonly string[]) => void;

/** Announcements to the window go out at most this often: a batch changes thousands of lines. */
export const ANNOUNCE_EVERY_MS = 250;

/**
 * Who hears that submissions changed: the core's own listeners (a submit waiting for its outcome)
 * at once; the window (`kyt.changed`) with the ids gathered, at most every ANNOUNCE_EVERY_MS, so
 * a running batch does not make every screen read its list again per line.
 */
export function createKytChanges(announceTo: KytChangeListener | null) {
  let announce = announceTo;
  const listeners = new Set<KytChangeListener>();
  const gathered = new Set<string>();
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    timer = null;
    if (gathered.size === 0 || !announce) return;
    const ids = [...gathered];
    gathered.clear();
    announce(ids);
  };

  return {
    emit(ids: readonly string[]): void {
      if (ids.length === 0) return;
      for (const listener of [...listeners]) listener(ids);
      if (!announce) return;
      for (const id of ids) gathered.add(id);
      if (!timer) {
        timer = setTimeout(flush, ANNOUNCE_EVERY_MS);
        timer.unref();
      }
    },
    listen(listener: KytChangeListener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** What is gathered goes out now; nothing more is announced after. */
    close(): void {
      if (timer) clearTimeout(timer);
      flush();
      listeners.clear();
      announce = null;
    },
  };
}

export type KytChanges = ReturnType<typeof createKytChanges>;
