import { BridgeCallError, errorMessage } from '../../lib/api';

const NEEDS_SERVICE: Record<'generate' | 'open' | 'force', string> = {
  generate:
    'Generating a report needs the service, which cannot be reached now. The kept reports still read offline.',
  open: 'This report is not kept here, and fetching it needs the service, which cannot be reached now. The kept reports still read offline.',
  force: 'The service cannot be reached now.',
};

/** A failed press action in plain words; offline says what still works. */
export function pressErrorText(error: unknown, action: 'generate' | 'open' | 'force'): string {
  if (error instanceof BridgeCallError && error.code === 'unavailable')
    return `${NEEDS_SERVICE[action]} (${error.message})`;
  return errorMessage(error);
}
