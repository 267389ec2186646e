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

/** A journal head known from outside the journal: entry `seq` had this hash. */
export interface KnownHead {
  seq: number;
  hash: string;
}

/**
 * A head seen before, as a case file prints it ("entry 2, 553a…" or "2:553a…"): the journal must
 * still hold that entry with that hash, which finds entries cut from its end or a chain written
 * anew whole (neither breaks the chain itself).
 */
export const KnownHeadText = z
  .string()
  .trim()
  .regex(
    /^(?:entry\s*)?\d{1,15}\s*[:,]\s*[0-9a-f]{64}$/i,
    'Give the head as a case file prints it: the entry’s number and its 64-character hash, as 12:553a… or entry 12, 553a….',
  )
  .transform((text): KnownHead => {
    const [, seq = '0', hash = ''] = /(\d{1,15})\s*[:,]\s*([0-9a-f]{64})$/i.exec(text) ?? [];
    return { seq: Number(seq), hash: hash.toLowerCase() };
  });

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
  /** The chain checked; against a head seen before too, when one is given. */
  verify: method<JournalVerification>()(z.object({ head: KnownHeadText }).strict().optional()),
};
