/**
 * The 17 operations of the service (spec, Endpoints), named as the client exposes them. Whether an
 * operation is safe to repeat decides the whole retry policy (retry-policy.ts): a read may be sent
 * again after any transient failure; a write may not once the service might have received it.
 */
export type Safety = 'read' | 'write';

interface OperationInfo {
  safety: Safety;
  /** Completes "Could not …": what the investigator was trying to do. */
  action: string;
  /** Downloads and uploads: bounded by the longer transfer deadline, not the JSON one. */
  transfer?: boolean;
}

export const OPERATIONS = {
  'customers.save': { safety: 'write', action: 'save the customers' },
  'customers.get': { safety: 'read', action: 'read the customer' },
  'customers.stats': { safety: 'read', action: 'read the customer’s statistics' },
  'customers.timeline': { safety: 'read', action: 'read the customer’s timeline' },
  'documents.upload': { safety: 'write', action: 'upload the document', transfer: true },
  'documents.update': { safety: 'write', action: 'update the document’s details' },
  // A POST, but it only reads: searches are safe to repeat.
  'documents.search': { safety: 'read', action: 'search the documents' },
  'documents.download': { safety: 'read', action: 'download the document', transfer: true },
  'documents.remove': { safety: 'write', action: 'delete the document' },
  'alerts.search': { safety: 'read', action: 'search the alerts' },
  'threads.search': { safety: 'read', action: 'search the message threads' },
  'attachments.download': { safety: 'read', action: 'download the attachment', transfer: true },
  // Each call creates and stores a new report: repeating it is not harmless.
  'press.instantReport': { safety: 'write', action: 'generate the press report' },
  'press.reportBody': { safety: 'read', action: 'read the press report' },
  'press.forceGeneration': {
    safety: 'write',
    action: 'request a press report for the customer',
  },
  'kyt.createTransaction': { safety: 'write', action: 'submit the transaction' },
} as const satisfies Record<string, OperationInfo>;

export type OperationName = keyof typeof OPERATIONS;

export function operationInfo(operation: OperationName): OperationInfo {
  return OPERATIONS[operation];
}
