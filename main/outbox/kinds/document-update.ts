import { z } from 'zod';
import { type OutboxKind, quoted } from './kind';

/** A cached document's new name or tags. */
export const UpdatePayload = z.object({
  kind: z.literal('document.update'),
  id: z.string().min(1),
  display_name: z.string().optional(),
  tag_codes: z.array(z.string()).optional(),
  /** The document's display name when the change was made: what the outbox calls it. */
  label: z.string().optional(),
});
export type UpdatePayload = z.infer<typeof UpdatePayload>;

type DocumentValues = { display_name?: string; tag_codes?: string[] };

export interface UpdateOps {
  update(id: string, change: DocumentValues): Promise<void>;
}

/** Only what the edit changes: a field left out stays as the service has it. */
const changedValues = (payload: UpdatePayload): DocumentValues => ({
  ...(payload.display_name === undefined ? {} : { display_name: payload.display_name }),
  ...(payload.tag_codes === undefined ? {} : { tag_codes: payload.tag_codes }),
});

function summary(payload: UpdatePayload): string {
  const document = payload.label ? quoted(payload.label) : `document ${payload.id}`;
  const rename =
    payload.display_name !== undefined && payload.display_name !== payload.label
      ? `Rename ${document} to ${quoted(payload.display_name)}`
      : null;
  const tags =
    payload.tag_codes === undefined
      ? null
      : payload.tag_codes.length
        ? `tags ${payload.tag_codes.join(', ')}`
        : 'no tags';
  if (rename && tags) return `${rename}, with ${tags}`;
  if (rename) return rename;
  if (tags) return `Give ${document} ${tags}`;
  return `Update ${document}`;
}

export const documentUpdate: OutboxKind<UpdatePayload, UpdateOps> = {
  name: 'document.update',
  payload: UpdatePayload,
  label: 'Document edit',
  discardLoss: 'The new name and tags will not reach the service.',
  summary,

  operations: (client) => ({ update: (id, change) => client.documents.update(id, change) }),
  async send(payload, ops) {
    await ops.update(payload.id, changedValues(payload));
    return null;
  },
  // It sets values: setting them twice leaves the document as setting them once did.
  afterLostAnswer: { policy: 'send-again' },

  cacheTables: ['documents'],
  applyDelivery(writer, payload) {
    writer.changeDocument(payload.id, changedValues(payload));
  },
  // Edits are merged in the order they were made (the last one's values show); a deletion, whenever
  // made, stays what the list marks.
  documentChange: {
    documentId: (payload) => payload.id,
    over(payload, pending, before) {
      if (before?.pending.kind !== 'delete')
        return {
          pending: { ...pending, kind: 'update' },
          displayName: payload.display_name ?? before?.displayName,
          tags: payload.tag_codes ?? before?.tags,
        };
      return {
        ...before,
        displayName: payload.display_name ?? before.displayName,
        tags: payload.tag_codes ?? before.tags,
      };
    },
  },
};
