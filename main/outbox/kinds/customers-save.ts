import { z } from 'zod';
import { CustomerDraft, RelationDraft } from '../../../preload/contract';
import type { ServiceClient } from '../../api';
import type { SaveCustomersRequest } from '../../api/request-types';
import { WireSaveResponseSchema, type WireSaveResponse } from '../../api/wire/customer';
import { type KindContext, type OutboxKind, quoted } from './kind';

/** Customers and relations to write to the service (POST /customers/save), as the form built them. */
export const CustomersSavePayload = z.object({
  kind: z.literal('customers.save'),
  customers: z.array(CustomerDraft),
  relations: z.array(RelationDraft),
  disable_risk_scan: z.boolean().optional(),
  /** The first customer's name when it was saved: what the outbox calls it. */
  label: z.string().optional(),
});
export type CustomersSavePayload = z.infer<typeof CustomersSavePayload>;
export type CustomersSaveInput = z.input<typeof CustomersSavePayload>;

export interface ReadBack {
  /** Customers now in the cache as the service has them. */
  read: string[];
  /** Customers that could not be read now: the next sync that meets them brings them. */
  notRead: Array<{ externalId: string; reason: string }>;
}

/**
 * What this kind needs of the customers core (main/customers; the outbox does not import it, it
 * uses the outbox): given by the workspace.
 */
export interface CustomersKindContext {
  /** Reads saved customers back into the offline cache, as the sync writes them. */
  readBack(externalIds: readonly string[]): Promise<ReadBack>;
  /**
   * The service answered a delivered save (whatever it refused): the relations it carried are
   * kept as saved or refused by the customers core, which alone keeps them.
   */
  relationsAnswered?(sent: SentRelationLines, answer: unknown): void;
}

/** The lines a delivered save carried, as its answer is matched against them. */
export interface SentRelationLines {
  customers: readonly CustomerDraft[];
  relations: readonly RelationDraft[];
}

export interface CustomersSaveOps {
  /** The service's answer; read here as the interface allows any (spec, Errors 5; Gaps). */
  saveCustomers(body: SaveCustomersRequest): Promise<unknown>;
  /** Reads saved customers back into the offline cache (a transport without one reads none). */
  readCustomersBack?(externalIds: readonly string[]): Promise<ReadBack>;
  /** Told the answer of a save that carried relations (see CustomersKindContext). */
  relationsAnswered?(sent: SentRelationLines, answer: unknown): void;
}

/** What a delivered save answers: the outbox keeps it as the item's result. */
export interface CustomersSaveResult {
  customersSave: {
    status: string | null;
    /** Customers saved and now in the cache as the service holds them. */
    readBack: string[];
    notReadBack: ReadBack['notRead'];
    warnings: number;
  };
}

type Answer = Partial<WireSaveResponse> | null;

/**
 * The customers a save wrote, to read back: those `added` names, and the customer lines sent that
 * no detail refused (a service that leaves `added` out still saved them).
 */
export function savedExternalIds(
  answer: Answer,
  customers: readonly Pick<CustomerDraft, 'external_id'>[],
): string[] {
  const refused = new Set(
    (answer?.detail ?? []).flatMap((line) =>
      line.errors.length > 0 && typeof line.external_id === 'string' ? [line.external_id] : [],
    ),
  );
  const ids = new Set<string>();
  for (const entry of answer?.added ?? [])
    if (typeof entry.external_id === 'string' && entry.external_id.trim())
      ids.add(entry.external_id);
  for (const customer of customers)
    if (!refused.has(customer.external_id) && customer.external_id.trim())
      ids.add(customer.external_id);
  return [...ids];
}

function summary(payload: CustomersSavePayload): string {
  const customers = payload.customers.length;
  const relations = payload.relations.length;
  const first = payload.customers[0];
  const who =
    customers === 1 && first
      ? `customer ${payload.label ? `${quoted(payload.label)} (${first.external_id})` : first.external_id}`
      : customers > 0
        ? `${customers} customers`
        : '';
  const links = relations === 1 ? '1 relation' : relations > 1 ? `${relations} relations` : '';
  return `Save ${[who, links].filter(Boolean).join(' and ') || 'nothing'}`;
}

/**
 * The lines the service refused, said so the investigator can act: they were not saved, and
 * sending the same lines again would be refused again.
 */
export class CustomerLinesRefused extends Error {
  override readonly name = 'CustomerLinesRefused';
  constructor(answer: WireSaveResponse, sentLines: number) {
    const refused = answer.detail.filter((line) => line.errors.length > 0);
    const saved = Math.max(0, sentLines - refused.length);
    const lines = refused
      .map(
        (line) =>
          `${line.external_id || '(no id)'}: ${line.errors
            .map((problem) => [problem.error, problem.detail].filter(Boolean).join(': '))
            .join('; ')}`,
      )
      .join('. ');
    super(
      `The service refused ${refused.length === 1 ? '1 line' : `${refused.length} lines`}` +
        `${saved > 0 ? ` and saved the other ${saved === 1 ? 'one' : saved}` : ''}. ${lines}. ` +
        'Correct them on the customer’s page and save again, then discard this change (sent ' +
        'again as it is, it would be refused again).',
    );
  }
}

const NO_READ_BACK: ReadBack = { read: [], notRead: [] };

export const customersSave: OutboxKind<CustomersSavePayload, CustomersSaveOps> = {
  name: 'customers.save',
  payload: CustomersSavePayload,
  label: 'Customer save',
  discardLoss: 'The customer changes will not reach the service.',
  summary,

  operations: (client: ServiceClient, context: KindContext) => ({
    saveCustomers: (body) => client.customers.save(body),
    readCustomersBack: (externalIds) =>
      context.customers?.readBack(externalIds) ?? Promise.resolve(NO_READ_BACK),
    relationsAnswered: (sent, answer) => context.customers?.relationsAnswered?.(sent, answer),
  }),
  async send(payload, ops): Promise<CustomersSaveResult> {
    const sent = await ops.saveCustomers({
      customers: payload.customers,
      relations: payload.relations,
      disable_risk_scan: payload.disable_risk_scan ?? false,
      verify_input: false,
    });
    const read = WireSaveResponseSchema.safeParse(sent);
    const answer = read.success ? read.data : null;
    // Told before a refusal holds the item: a relation refused here is then shown refused, with
    // the service's words, rather than waiting in the outbox.
    if (payload.relations.length > 0)
      ops.relationsAnswered?.({ customers: payload.customers, relations: payload.relations }, sent);
    // What was saved is read back whatever was refused, so every screen shows it now.
    const readBack =
      (await ops.readCustomersBack?.(savedExternalIds(answer, payload.customers))) ?? NO_READ_BACK;
    if (answer?.detail.some((line) => line.errors.length > 0))
      throw new CustomerLinesRefused(answer, payload.customers.length + payload.relations.length);
    return {
      customersSave: {
        status: answer?.status ?? null,
        readBack: readBack.read,
        notReadBack: readBack.notRead,
        warnings: (answer?.detail ?? []).reduce((n, line) => n + line.warnings.length, 0),
      },
    };
  },
  // A save is an upsert by external id: saving the same lines twice leaves what saving once did.
  afterLostAnswer: { policy: 'send-again' },

  // The saved customers are read back into the cache as the save is delivered.
  cacheTables: ['customers'],
};
