import { BridgeCallError, errorMessage } from '../../lib/api';

/** The request may have reached the service and done its work; its answer was lost. */
export const isLostAnswer = (error: unknown): boolean =>
  error instanceof BridgeCallError && error.code === 'outcome_unknown';

/**
 * A failed submission in plain words: what happened and whether anything may be stored.
 * `besideFields`: how many of main's messages were put beside their fields.
 */
export function submitErrorText(error: unknown, besideFields = 0): { title: string; text: string } {
  if (isLostAnswer(error))
    return {
      title: 'It may be stored on the service',
      text: `${errorMessage(error)} The interface cannot look a transaction up; find the submission in the list, where it is in doubt, and decide there.`,
    };
  if (error instanceof BridgeCallError && error.code === 'invalid_input')
    return {
      title: 'Nothing was sent',
      text: besideFields
        ? 'Some fields need a change: see the messages beside them.'
        : errorMessage(error),
    };
  if (error instanceof BridgeCallError && error.code === 'unavailable')
    return { title: 'Nothing was sent', text: errorMessage(error) };
  return { title: 'The transaction could not be submitted', text: errorMessage(error) };
}
