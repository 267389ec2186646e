import type { ConnectionOutcome } from '../../../../preload/contract';
import type { Tone } from '../../components/Banner';

export const OUTCOME_TITLE: Record<ConnectionOutcome, string> = {
  ok: 'Connected',
  unreachable: 'Service unreachable',
  token_refused: 'Token refused',
  tls_error: 'Certificate not trusted',
  timeout: 'No answer in time',
  unexpected_response: 'Not the screening service',
};

export const OUTCOME_TONE: Record<ConnectionOutcome, Tone> = {
  ok: 'success',
  unreachable: 'danger',
  token_refused: 'danger',
  tls_error: 'danger',
  timeout: 'warning',
  unexpected_response: 'warning',
};
