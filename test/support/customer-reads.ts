import type { CustomersApi } from '../../main/api/customers';
import { WireCustomerDetailSchema, type WireCustomerDetail } from '../../main/api/wire/customer';

// GET /customers/{id} as the tests of the read-back of saved customers want it: a customer's
// detail, and a service whose answers wait until the test gives them (a read-back stopped midway).

/** A customer's detail as the service answers it. */
export const detailOf = (externalId: string, lastName = 'Okafor'): WireCustomerDetail =>
  WireCustomerDetailSchema.parse({
    customer: {
      external_id: externalId,
      id: `id-${externalId}`,
      account_type: { code: 'N' },
      last_name: lastName,
    },
  });

/** Answers each GET when the test says so (`answer` throwing: a failed read); counts what is in flight. */
export function heldService(
  answer: (externalId: string) => WireCustomerDetail = (id) => detailOf(id),
) {
  const asked: string[] = [];
  const waiting: Array<{ externalId: string; release: () => void }> = [];
  let inFlight = 0;
  let most = 0;
  const customers: Pick<CustomersApi, 'get'> = {
    get: (externalId, options) =>
      new Promise((resolve, reject) => {
        asked.push(externalId);
        inFlight += 1;
        most = Math.max(most, inFlight);
        let settled = false;
        const settle = (outcome: () => void) => {
          if (settled) return;
          settled = true;
          inFlight -= 1;
          outcome();
        };
        const entry = {
          externalId,
          release: () =>
            settle(() => {
              try {
                resolve(answer(externalId));
              } catch (error) {
                reject(error instanceof Error ? error : new Error(String(error)));
              }
            }),
        };
        options?.signal?.addEventListener('abort', () => {
          const at = waiting.indexOf(entry);
          if (at >= 0) waiting.splice(at, 1);
          settle(() => reject(new Error('This operation was aborted')));
        });
        waiting.push(entry);
      }),
  };
  return {
    customers,
    asked,
    mostInFlight: () => most,
    /** Answers the oldest GET still waiting, and lets the reader go on. */
    async answerNext() {
      const next = waiting.shift();
      if (!next) throw new Error('no GET is waiting');
      next.release();
      await new Promise((resolve) => setImmediate(resolve));
      return next.externalId;
    },
    waitingFor: () => waiting.map((one) => one.externalId),
  };
}
