import { z } from 'zod';
import { type OutboxKind, quoted } from './kind';

/** A cached document to delete on the service. */
export const DeletePayload = z.object({
  kind: z.literal('document.delete'),
  id: z.string().min(1),
  /** The document's display name when the change was made: what the outbox calls it. */
  label: z.string().optional(),
});
export type DeletePayload = z.infer<typeof DeletePayload>;

export interface DeleteOps {
  remove(id: string): Promise<void>;
}

export const documentDelete: OutboxKind<DeletePayload, DeleteOps> = {
  name: 'document.delete',
  payload: DeletePayload,
  label: 'Document delete',
  discardLoss: 'The document will not be deleted; it stays on the service.',
  summary: (payload) =>
    `Delete ${payload.label ? quoted(payload.label) : `document ${payload.id}`}`,

  operations: (client) => ({ remove: (id) => client.documents.remove(id) }),
  async send(payload, ops) {
    await ops.remove(payload.id);
    return null;
  },
  // Sent again after it arrived, it finds the document gone: that is done too.
  afterLostAnswer: { policy: 'send-again' },
  doneWhenNotFound: () => ({ alreadyGone: true }),

  cacheTables: ['documents'],
  applyDelivery(writer, payload) {
    writer.removeDocument(payload.id);
  },
  // Whenever made, the deletion is what the list marks; earlier edits' values still show.
  documentChange: {
    documentId: (payload) => payload.id,
    over: (_payload, pending, before) => ({ ...before, pending: { ...pending, kind: 'delete' } }),
  },
};
