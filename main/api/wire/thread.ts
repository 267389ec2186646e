import { z } from 'zod';
import { WireCustomerSchema } from './customer';
import { date, flag, key, list, num, openObject, text } from './fields';

// Spec, Resources: Thread, Message, Attachment; Search threads answers {data, total}.

export const WireAttachmentSchema = z.looseObject({
  id: key,
  file_mime: text,
  file_name: text,
  file_size: num,
  file_type: text,
  /** null means "not verified yet" (spec), which is not the same as false. */
  file_not_dangerous: flag,
  attachment_movements: z
    .looseObject({
      movements: list(z.looseObject({ agent_id: num, customer_id: text, file_id: text })),
      total: num,
    })
    .nullish(),
});
export type WireAttachment = z.output<typeof WireAttachmentSchema>;

export const WireMessageSchema = z.looseObject({
  id: key,
  agent_id: num,
  attachments: list(WireAttachmentSchema),
  bcc: text,
  cc: text,
  content: text,
  created_at: date,
  delivery: openObject,
  error_when_trying_to_send: text,
  external_message_id: text,
  from: text,
  mailbox_id: text,
  origin: openObject,
  priority: num,
  raw_message: text,
  read_by_agents: list(z.number()),
  reply_to_external_message_id: text,
  subject: text,
  to: text,
});
export type WireMessage = z.output<typeof WireMessageSchema>;

export const WireThreadSchema = z.looseObject({
  id: key,
  client_id: num,
  contacts: list(z.string()),
  created_at: date,
  updated_at: date,
  customers: list(WireCustomerSchema),
  external_message_ids: list(z.string()),
  message_count: num,
  last_message: WireMessageSchema.nullish(),
  attachments: list(WireAttachmentSchema),
  reminder: z.looseObject({ delay: num, next_date: text, number_left: num }).nullish(),
  review_groups: list(z.string()),
  /** Inside not shown (spec, Gaps): kept whole; the sandbox sends {code, label}. */
  status: openObject,
  tags: list(z.string()),
});
export type WireThread = z.output<typeof WireThreadSchema>;

export const WireThreadPageSchema = z.looseObject({
  data: z.array(WireThreadSchema),
  total: num,
});
export type WireThreadPage = z.output<typeof WireThreadPageSchema>;
