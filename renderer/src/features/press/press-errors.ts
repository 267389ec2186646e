import { BridgeCallError, errorMessage } from '../../lib/api';

type PressAction = 'generate' | 'open' | 'force';

const NEEDS_SERVICE: Record<PressAction, string> = {
  generate:
    'Generating a report needs the service, which cannot be reached now. The kept reports still read offline.',
  open: 'This report is not kept here, and fetching it needs the service, which cannot be reached now. The kept reports still read offline.',
  force: 'The service cannot be reached now.',
};

/** The request may have reached the service and done its work; its answer was lost. */
export const isLostAnswer = (error: unknown): boolean =>
  error instanceof BridgeCallError && error.code === 'outcome_unknown';

/** The banner's title for a failed press action: a lost answer is not a report that was not made. */
export function pressErrorTitle(error: unknown, action: PressAction): string {
  if (action === 'generate')
    return isLostAnswer(error) ? 'The report may exist on the service' : 'No report was generated';
  return action === 'open' ? 'This report could not be shown' : 'The forced generation failed';
}

/** A failed press action in plain words; offline says what still works. */
export function pressErrorText(error: unknown, action: PressAction): string {
  if (error instanceof BridgeCallError && error.code === 'unavailable')
    return `${NEEDS_SERVICE[action]} (${error.message})`;
  if (action === 'generate' && isLostAnswer(error))
    // Said in the screen's own words (main's message says much the same) so title and text agree.
    return (
      "The service's answer was lost or could not be used, so CaseDesk cannot tell whether the " +
      'report was made: it ' +
      'may exist on the service, and the tenant may have been charged for it. The interface ' +
      'cannot list reports, so CaseDesk cannot look for it; it remembers this generation and ' +
      'asks you before generating this subject again.'
    );
  return errorMessage(error);
}

const CANNOT_LOOK = 'The interface cannot list reports, so CaseDesk cannot look for it.';

/**
 * Main's word on where it could look for a report whose answer was lost, as a sentence of its
 * own, so the banner reads well whatever main says (nothing said: that it cannot look).
 */
export function lookedInSentence(lookedIn: string): string {
  const said = lookedIn.trim();
  if (!said) return CANNOT_LOOK;
  const capital = said.charAt(0).toLocaleUpperCase() + said.slice(1);
  return /[.!?…]$/u.test(capital) ? capital : `${capital}.`;
}
