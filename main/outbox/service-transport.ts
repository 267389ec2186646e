import { isServiceError, type ServiceClient } from '../api';
import type { KindContext, KindList, TransportOf } from './kinds/kind';
import { type BuiltInKinds, OUTBOX_KINDS } from './kinds/registry';
import type { FailureFacts } from './outbox-replayer';
import { messageWithoutFolders } from '../lib/path-free-message';

/**
 * The outbox's sends through the API client: every kind's operations, as its file builds them.
 * Two kinds offering an operation of the same name would send each other's requests: refused.
 */
export function createServiceTransport<K extends KindList = BuiltInKinds>(
  client: ServiceClient,
  kinds: K = OUTBOX_KINDS as KindList as K,
  context: KindContext = {},
): TransportOf<K> {
  const transport: Record<string, unknown> = {};
  for (const kind of kinds) {
    for (const [name, operation] of Object.entries(kind.operations(client, context))) {
      if (name in transport)
        throw new Error(`Two outbox kinds offer an operation named ${name} (${kind.name}).`);
      transport[name] = operation;
    }
  }
  return transport as TransportOf<K>;
}

/** The API client's errors already say whether to retry and whether the outcome is unknown. */
export function classifyServiceFailure(error: unknown): FailureFacts {
  if (isServiceError(error)) {
    return {
      transient:
        error.retryable ||
        error.kind === 'network' ||
        error.kind === 'timeout' ||
        error.kind === 'auth',
      unreachable: error.kind === 'network' || error.kind === 'timeout',
      // A refused token waits, queued, for a new one: never failed, never sent again with it.
      tokenRefused: error.kind === 'auth',
      outcomeUnknown: error.outcomeUnknown,
      notFound: error.status === 404,
      message: error.message,
    };
  }
  // A local problem (the file to upload was moved or deleted): not going to improve by waiting.
  return {
    transient: false,
    outcomeUnknown: false,
    notFound: false,
    message: error instanceof Error ? messageWithoutFolders(error) : String(error),
  };
}
