import type { JournalVerification, KnownHead } from '../../preload/contract';
import type { Journal } from './journal';

/**
 * The chain's verification, then the head known from outside: an intact chain may still have lost
 * its last entries, or have been written anew whole, which only an earlier head can tell.
 */
export function verifyAgainst(
  journal: Pick<Journal, 'verify' | 'pages'>,
  head: KnownHead | null,
): JournalVerification {
  const result = journal.verify();
  if (result.state !== 'intact' || head === null) return result;
  if (head.seq > result.entries)
    return {
      state: 'broken',
      entries: result.entries,
      firstBroken: result.entries + 1,
      reason: `entry ${head.seq}, the head given, is missing: the journal ends at entry ${result.entries}, so entries were removed from its end`,
    };
  const [entry] = [...journal.pages(1, head.seq - 1)][0] ?? [];
  if (entry?.hash === head.hash) return result;
  return {
    state: 'broken',
    entries: result.entries,
    firstBroken: head.seq,
    reason: `its hash is not the head given (${head.hash.slice(0, 12)}…): the journal was written anew from this entry or before it`,
  };
}
