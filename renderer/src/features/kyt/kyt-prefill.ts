import type { CasedeskApi } from '../../../../preload/contract';
import { unwrap } from '../../lib/api';
import type { KytPrefill } from '../../lib/routes';
import type { KytDraft } from './kyt-drafts';
import { SIDE_NAMES } from './kyt-fields';
import { emptyForm, formFromTransaction, withParticipant } from './kyt-form';

type KytReads = Pick<CasedeskApi['kyt'], 'participants' | 'get'>;

/**
 * The form a place opens: empty (dated now); with a cached customer as sender or receiver; or a
 * kept submission's request, for a what-if. What cannot be prefilled is said, never guessed.
 */
export async function draftFor(
  prefill: KytPrefill | undefined,
  kyt: KytReads,
  now: Date = new Date(),
): Promise<KytDraft> {
  const blank = emptyForm(now);
  if (!prefill) return { form: blank, basedOnId: null, note: null };

  if ('duplicate' in prefill) {
    const detail = await unwrap(kyt.get({ id: prefill.duplicate }));
    if (!detail)
      return {
        form: blank,
        basedOnId: null,
        note: 'The submission to duplicate is not kept here, so the form starts empty.',
      };
    return { form: formFromTransaction(detail.request), basedOnId: detail.summary.id, note: null };
  }

  const side = 'from' in prefill ? 'from' : 'to';
  const externalId = 'from' in prefill ? prefill.from : prefill.to;
  const choices = await unwrap(kyt.participants({ text: externalId, limit: 50 })).catch(() => []);
  const choice = choices.find((candidate) => candidate.externalId === externalId);
  if (choice)
    return {
      form: withParticipant(blank, side, { ...choice.participant, external_id: externalId }),
      basedOnId: null,
      note: null,
    };
  return {
    form: withParticipant(blank, side, { external_id: externalId }),
    basedOnId: null,
    note: `${externalId} is not among the cached customers, so only its external id is filled in as the ${SIDE_NAMES[side].toLowerCase()}.`,
  };
}
