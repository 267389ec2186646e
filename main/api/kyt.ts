import type { KytTransactionRequest } from './request-types';
import type { CallOptions, Transport } from './call-spec';
import { WireKytTransactionSchema, type WireKytTransaction } from './wire/kyt';

export interface KytApi {
  /** POST /kyt/transaction: scored and stored by the service, so never repeated blindly. */
  createTransaction(
    body: KytTransactionRequest,
    options?: CallOptions,
  ): Promise<WireKytTransaction>;
}

export function createKytApi(transport: Transport): KytApi {
  return {
    createTransaction: (body, options = {}) =>
      transport.json(
        {
          operation: 'kyt.createTransaction',
          method: 'POST',
          path: '/kyt/transaction',
          body: { kind: 'json', value: body },
          ...options,
        },
        WireKytTransactionSchema,
      ),
  };
}
