import { create } from 'zustand';
import type { KytPrefill } from '../../lib/routes';
import type { KytForm } from './kyt-form';

// The new-transaction form as typed so far, per place it was opened from, so leaving it (to look
// at a customer, or by Back) and coming back loses nothing. Kept for this window's life only:
// nothing typed here is sent or stored until the investigator submits it.

export interface KytDraft {
  form: KytForm;
  /** The submission this one duplicates (a what-if), or null. */
  basedOnId: string | null;
  /** What the prefill could not do, said once above the form. */
  note: string | null;
}

interface DraftState {
  drafts: Record<string, KytDraft>;
  save: (key: string, draft: KytDraft) => void;
  drop: (key: string) => void;
}

export const useKytDrafts = create<DraftState>((set) => ({
  drafts: {},
  save: (key, draft) => set((state) => ({ drafts: { ...state.drafts, [key]: draft } })),
  drop: (key) =>
    set((state) => {
      const { [key]: _dropped, ...rest } = state.drafts;
      return { drafts: rest };
    }),
}));

/** One draft per place the form is opened from: blank, a customer as a side, a duplicate. */
export function draftKey(prefill: KytPrefill | undefined): string {
  if (!prefill) return 'blank';
  if ('from' in prefill) return `from:${prefill.from}`;
  if ('to' in prefill) return `to:${prefill.to}`;
  return `duplicate:${prefill.duplicate}`;
}
