import { describe, expect, it } from 'vitest';
import { pathSegment } from '../../../main/api/call-spec';
import { OPERATIONS, type OperationName } from '../../../main/api/operations';
import { httpFailure, malformedFailure, transportFailure } from '../../../main/api/service-error';

const NAMES = Object.keys(OPERATIONS) as OperationName[];

/** Every message a failed call can carry, for one operation. */
function messagesOf(operation: OperationName): string[] {
  const refused = new Error('connect ECONNREFUSED 127.0.0.1:1');
  return [
    httpFailure({ operation, status: 404, body: null, retryAfterMs: null }).message,
    httpFailure({ operation, status: 401, body: null, retryAfterMs: null }).message,
    httpFailure({ operation, status: 503, body: null, retryAfterMs: null }).message,
    transportFailure({
      operation,
      error: refused,
      dispatched: false,
      cancelled: false,
      deadlineMs: null,
    }).message,
    transportFailure({
      operation,
      error: refused,
      dispatched: true,
      cancelled: true,
      deadlineMs: null,
    }).message,
    malformedFailure({ operation, status: 200, detail: 'not valid JSON' }).message,
  ];
}

describe('what a failed call says', () => {
  it.each(NAMES)('%s is said in words, never by its internal name', (operation) => {
    for (const message of messagesOf(operation)) {
      expect(message).not.toContain(operation);
      expect(message).toContain(OPERATIONS[operation].action);
    }
  });

  it('an identifier that cannot be sent names the action, not the operation', () => {
    expect(() => pathSegment('documents.download', '')).toThrow(
      'Could not download the document: the identifier is empty.',
    );
    expect(() => pathSegment('customers.get', '..')).toThrow(/^Could not read the customer: /);
  });
});
