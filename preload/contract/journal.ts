import { z } from 'zod';
import { method } from './define';

// The profile's journal: every note, edit, proposal, review and export, one entry each, appended
// and never changed. Each entry holds the hash of the one before it, so a changed, removed or
// reordered entry breaks the chain from there on, and `verify` names the first that does.

export interface JournalEntryView {
  /** 1 for the first entry, then one more for each. */
  seq: number;
  at: string;
  actor: string;
  /** What was done: `note.added`, `note.edited`, `proposal.made`, `proposal.withdrawn`, … */
  action: string;
  /** What it was done on: `alert:ID`, `customer:ID`, `note:ID`, … */
  subject: string;
  /** The entry's own record of it (a note's text, a proposal's reason and pin). */
  body: unknown;
  hash: string;
}

export type JournalVerification =
  | { state: 'intact'; entries: number; head: string }
  | {
      state: 'broken';
      entries: number;
      /** The first entry that does not check out, and why. */
      firstBroken: number;
      reason: string;
    };

export const journalMethods = {
  /** The newest entries (of one subject, when given), newest first. */
  recent: method<JournalEntryView[]>()(
    z
      .object({
        subject: z.string().min(1).max(300).optional(),
        limit: z.number().int().min(1).max(500).default(100),
      })
      .strict(),
  ),
  verify: method<JournalVerification>()(z.undefined()),
};
