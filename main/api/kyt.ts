import { z } from 'zod';
import type { KytTransactionRequest } from './request-types';
import type { CallOptions, Transport } from './call-spec';
import { WireKytTransactionSchema, type WireKytTransaction } from './wire/kyt';

/**
 * Any JSON the service answered. The interface promises no KYT answer field (not even the id) and
 * leaves the state's inside open: CaseDesk keeps the answer exactly as received, since no call can
 * read it again, and reads it with tolerant readers (main/kyt/kyt-answer.ts) rather than refusing
 * a shape it did not foresee.
 */
const AnswerAsReceived = z.unknown();

export interface KytApi {
  /** POST /kyt/transaction: scored and stored by the service, so never repeated blindly. */
  createTransaction(
    body: KytTransactionRequest,
    options?: CallOptions,
  ): Promise<WireKytTransaction>;
  /**
   * The same call, answering the decoded body as received (not rewritten by the wire schema):
   * what KYT keeps. Failures are the same ServiceErrors; a body that is not JSON is `malformed`.
   */
  createTransactionAsReceived(body: KytTransactionRequest, options?: CallOptions): Promise<unknown>;
}

export function createKytApi(transport: Transport): KytApi {
  const post = <S extends z.ZodType>(
    body: KytTransactionRequest,
    options: CallOptions,
    schema: S,
  ) =>
    transport.json(
      {
        operation: 'kyt.createTransaction',
        method: 'POST',
        path: '/kyt/transaction',
        body: { kind: 'json', value: body },
        ...options,
      },
      schema,
    );
  return {
    createTransaction: (body, options = {}) => post(body, options, WireKytTransactionSchema),
    createTransactionAsReceived: (body, options = {}) => post(body, options, AnswerAsReceived),
  };
}
