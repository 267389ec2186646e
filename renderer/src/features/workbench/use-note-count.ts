import { useEffect } from 'react';
import { create } from 'zustand';
import type { NoteTarget } from '../../../../preload/contract';
import { api, unwrap } from '../../lib/api';
import { useCached } from '../../lib/use-cached';

/** Bumped when a note is added here: notes are not in the cache, so no sync says they changed. */
export const useNotesAdded = create<{ added: number; noteAdded: () => void }>((set) => ({
  added: 0,
  noteAdded: () => set(({ added }) => ({ added: added + 1 })),
}));

/** How many notes a record has (one note read for it); null while it cannot be said. */
export function useNoteCount(target: NoteTarget): number | null {
  const count = useCached(`notes-count:${target.kind}:${target.id}`, async () => {
    const page = await unwrap(api.workbench.notes({ target, limit: 1 }));
    return page.total;
  });
  const added = useNotesAdded((state) => state.added);
  const { reload } = count;
  useEffect(() => {
    if (added > 0) reload();
  }, [added, reload]);
  return count.data ?? null;
}
