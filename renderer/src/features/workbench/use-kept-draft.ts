import { useCallback, useEffect, useRef, useState } from 'react';
import { api, unwrap } from '../../lib/api';

/** How long typing pauses before what was typed is kept: short enough that a crash loses little. */
export const DRAFT_DELAY_MS = 400;

export type DraftState = 'empty' | 'typing' | 'kept' | 'failed';

interface Draft {
  key: string;
  text: string;
  state: DraftState;
  /** Typed into since the field opened: a kept draft arriving late does not replace it. */
  typed: boolean;
}

const fresh = (key: string, initial: string): Draft => ({
  key,
  text: initial,
  state: 'empty',
  typed: false,
});

/**
 * Text typed into a note or a reason, kept in the profile's local store as it is typed (a moment
 * after each pause), read back when the field opens again: closing the window, a crash or a
 * restart loses at most the last keystrokes. `clear` forgets it once it was saved for real.
 * `initial` is the text shown when no draft is kept (the note being edited).
 */
export function useKeptDraft(key: string, initial = '') {
  const [stored, setStored] = useState<Draft>(() => fresh(key, initial));
  const draft = stored.key === key ? stored : fresh(key, initial);
  const pending = useRef<{ key: string; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    const settle = (state: DraftState) =>
      setStored((previous) =>
        previous.key === next.key && previous.text === next.text
          ? { ...previous, state }
          : previous,
      );
    inFlight.current = api.workbench.saveDraft(next).then(
      (result) => settle(result.ok ? (next.text === '' ? 'empty' : 'kept') : 'failed'),
      () => settle('failed'),
    );
  }, []);

  useEffect(() => {
    let live = true;
    unwrap(api.workbench.draft({ key })).then(
      (kept) => {
        if (!live || !kept) return;
        setStored((previous) => {
          const base = previous.key === key ? previous : fresh(key, initial);
          return base.typed ? base : { ...base, text: kept.text, state: 'kept' };
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
      // Leaving the field keeps what was typed, not waiting for the pause.
      flush();
    };
    // `initial` is read when the field opens only: a note saved meanwhile must not reset typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, flush]);

  const change = useCallback(
    (text: string) => {
      setStored({ key, text, state: text === '' ? 'empty' : 'typing', typed: true });
      pending.current = { key, text };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_DELAY_MS);
    },
    [key, flush],
  );

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    setStored(fresh(key, ''));
  }, [key]);

  /**
   * Before the text is saved for real: no draft write is left waiting or in flight, so none can
   * land after the save has removed the draft (and offer the saved text again next time).
   */
  const settle = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    return inFlight.current.then(() => undefined);
  }, []);

  return { text: draft.text, change, clear, settle, state: draft.state };
}

export const DRAFT_LABELS: Record<DraftState, string> = {
  empty: '',
  typing: 'Typing…',
  kept: 'Draft kept on this computer',
  failed: 'The draft could not be kept: copy your text before closing',
};
