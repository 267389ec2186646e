import { z } from 'zod';
import { anything, epoch, key, list, num, text } from './fields';

// Spec, Resources: Customer document; Search documents answers {documents, total}.

export const WireDocumentSchema = z.looseObject({
  id: key,
  customer_external_id: text,
  display_name: text,
  file_name: text,
  file_mime: text,
  file_size: num,
  /** internal or external in practice; not an enum in the spec. */
  file_source: text,
  file_type: text,
  file_url: text,
  created_at: epoch,
  last_revision_id: text,
  last_revision_agent_id: num,
  last_revision_created_at: epoch,
  origin: z.looseObject({ type: anything, value: text }).nullish(),
  tags: list(z.string()),
});
export type WireDocument = z.output<typeof WireDocumentSchema>;

export const WireDocumentPageSchema = z.looseObject({
  documents: z.array(WireDocumentSchema),
  total: num,
});
export type WireDocumentPage = z.output<typeof WireDocumentPageSchema>;
