import type { SaveReport } from '../../preload/contract';
import { isServiceError } from '../api';
import type { CustomersApi } from '../api/customers';
import type { CacheWriter } from '../cache/repositories';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import type { CustomersSaveInput } from '../outbox/kinds/customers-save';
import { readCustomersBack } from './customer-read-back';
import type { CustomerSaver, SaveRequestLines } from './customer-ports';
import { displayName } from './customer-name';
import { queuedReport, reportOfAnswer, savedExternalIds } from './save-report';

export interface CustomerSaverDeps {
  customers: Pick<CustomersApi, 'save' | 'get'>;
  /** The offline cache's writer: saved customers are read back through it, as a sync writes them. */
  writer: Pick<CacheWriter, 'putCustomerDetail'>;
  /** The profile's outbox: a save made offline waits there (customers.save); answers the item's id. */
  outbox: { enqueue(payload: CustomersSaveInput): string };
  /** Cache tables changed by a read-back (the screens re-read them). */
  onCacheChange?: (tables: string[]) => void;
  logger?: Logger;
}

/** The service was not reached, or its answer never came: the save is worth queueing. */
const unreached = (error: unknown): boolean =>
  isServiceError(error) &&
  (error.kind === 'network' || error.kind === 'timeout' || error.outcomeUnknown);

/** The one way customers and relations are written: verified, saved and read back, or queued. */
export function createCustomerSaver(deps: CustomerSaverDeps): CustomerSaver {
  const body = (lines: SaveRequestLines, verify: boolean) => ({
    customers: lines.customers,
    relations: lines.relations,
    disable_risk_scan: lines.disableRiskScan,
    verify_input: verify,
  });

  const queue = (lines: SaveRequestLines): SaveReport => {
    const first = lines.customers[0];
    const label = first ? displayName(first) : '';
    deps.outbox.enqueue({
      kind: 'customers.save',
      customers: lines.customers,
      relations: lines.relations,
      disable_risk_scan: lines.disableRiskScan,
      ...(label ? { label } : {}),
    });
    return queuedReport(lines);
  };

  return {
    async verify(lines, signal) {
      try {
        const answer = await deps.customers.save(body(lines, true), signal ? { signal } : {});
        return reportOfAnswer(answer, lines, {
          verify: true,
          disableRiskScan: lines.disableRiskScan,
        });
      } catch (error) {
        if (unreached(error))
          throw new AppError(
            'unavailable',
            `The service cannot be reached, so these lines cannot be verified now (${(error as Error).message}). Nothing was sent to be saved.`,
          );
        throw error;
      }
    },

    async save(lines, options = {}) {
      if (options.offline && options.queueWhenOffline) return queue(lines);
      let answer: Awaited<ReturnType<CustomersApi['save']>>;
      try {
        answer = await deps.customers.save(
          body(lines, false),
          options.signal ? { signal: options.signal } : {},
        );
      } catch (error) {
        // A save is an upsert by external id: one whose answer was lost is safe to send again.
        if (options.queueWhenOffline && unreached(error)) return queue(lines);
        throw error;
      }
      const report = reportOfAnswer(answer, lines, {
        verify: false,
        disableRiskScan: lines.disableRiskScan,
      });
      const back = await readCustomersBack({
        customers: deps.customers,
        writer: deps.writer,
        externalIds: savedExternalIds(answer, report),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (back.read.length) deps.onCacheChange?.(['customers']);
      for (const missed of back.notRead) {
        deps.logger?.warn(`customer save: ${missed.externalId} not read back: ${missed.reason}`);
        const line = report.lines.find(
          (candidate) =>
            candidate.kind === 'customer' && candidate.externalId === missed.externalId,
        );
        line?.warnings.push({
          code: 'not_read_back',
          detail: `Saved, but CaseDesk could not read it back now (${missed.reason}); its page shows the change after a sync brings it.`,
          field: null,
        });
      }
      return report;
    },
  };
}
