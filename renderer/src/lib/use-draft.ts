import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A typed value that reaches the filter a moment after the typing stops, so each keystroke does
 * not start a read. A change from elsewhere (Back, a saved view, Clear filters) replaces the draft.
 * `commit` may refuse a draft (returns false) that is not a valid value yet.
 */
export function useDraft(
  value: string,
  commit: (draft: string) => boolean,
  delayMs: number,
): [string, (draft: string) => void] {
  const [draft, setDraft] = useState(value);
  const sent = useRef(value);
  const commitRef = useRef(commit);
  useLayoutEffect(() => {
    commitRef.current = commit;
  });

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setDraft(value);
  }, [value]);

  useEffect(() => {
    if (draft === sent.current) return;
    const timer = setTimeout(() => {
      if (commitRef.current(draft)) sent.current = draft;
    }, delayMs);
    return () => clearTimeout(timer);
  }, [draft, delayMs]);

  return [draft, setDraft];
}
