import type { z } from 'zod';
import type {
  PressDiff,
  PressGenerateInput,
  PressGenerateResult,
  PressList,
  PressListFilter,
  PressReportDetail,
  PressReportSummary,
} from '../../preload/contract';
import { isServiceError, type ServiceClient } from '../api';
import type { InstantReportRequest } from '../api/request-types';
import type { WirePressReport } from '../api/wire/press';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { detailOf, groupOf, nameAskedFor, type KeptPressReport } from './kept-report';
import { filterReports } from './press-list';
import { lostGenerationFound, reportIdsNamedBy, type TimelineEvent } from './press-timeline';
import type { PressStore } from './press-store';
import { diffReports } from './report-diff';
import { foldedWords, subjectKey } from './subject-key';

/** Everything CaseDesk does with press reports, over one profile's local store and service. */
export interface PressService {
  /** POST /press/instantreport with the subject (and the previous report to compare with); keeps it. */
  generate(
    input: z.output<typeof PressGenerateInput>,
    options?: { signal?: AbortSignal },
  ): Promise<PressGenerateResult>;
  /** A kept report, from the local store only. */
  get(id: string): PressReportDetail | null;
  /** GET /press/reportbody/{id}; kept (origin "opened" unless already kept otherwise). */
  open(id: string, options?: { signal?: AbortSignal }): Promise<PressReportDetail>;
  list(filter: z.output<typeof PressListFilter>): PressList;
  /** Any two kept reports; older first. Throws a plain-words Error when one is not kept. */
  compare(a: string, b: string): PressDiff;
  markSourceRead(reportId: string, sourceKey: string, read: boolean): PressReportSummary;
  /** Kept reports matching words of their summaries, categories or source titles; best first. */
  search(text: string, limit: number): PressReportSummary[];
  /**
   * Reports a customer's timeline names (press_report_generated events linking
   * /api/v1/press/reportbody/{id}) that are not kept yet: fetched and kept as "forced".
   * `events` are the timeline's events (from the cache after a sync, or fetched after a forced
   * generation was delivered). Returns how many were newly kept.
   */
  pickUp(
    customerExternalId: string,
    events: ReadonlyArray<TimelineEvent>,
    options?: { signal?: AbortSignal },
  ): Promise<number>;
  /** How many reports of this customer are kept (the customer's Press tab). */
  countFor(customerExternalId: string): number;
  /** Whether a report is kept, its body not read. */
  has(id: string): boolean;
}

/** A second generation of the same subject within this time asks first (it may cost the tenant). */
export const RECENT_MS = 10 * 60_000;
/** Reports fetched by one pick-up at most: the rest wait for the next. */
export const PICK_UP_PER_CALL = 20;
const TIMELINE_LOOKED_AT = 100;
const SEARCH_CANDIDATES = 200;

export interface PressServiceDeps {
  store: PressStore;
  client: Pick<ServiceClient, 'press' | 'customers'>;
  logger: Logger;
  now?: () => number;
}

/** A report id as the investigator pasted it: one path segment, nothing hidden in it. */
function checkedId(id: string): string {
  const trimmed = id.trim();
  if (!trimmed)
    throw new AppError('invalid_input', 'Give the id of the press report to open.', {
      id: 'Give a report id.',
    });
  // eslint-disable-next-line no-control-regex
  if (trimmed.length > 200 || /[\s/\\?#%\u0000-\u001f\u007f]/.test(trimmed))
    throw new AppError(
      'invalid_input',
      'That is not a press report id: an id has no spaces, slashes or other separators.',
      { id: 'Not a report id.' },
    );
  return trimmed;
}

/** The service's created_at as a time, when it reads as one (its format is open). */
function madeAtMs(summary: PressReportSummary): number | null {
  const ms = summary.createdAt === null ? NaN : Date.parse(summary.createdAt);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Whether `a` was made before `b`: by the service's dates when both read as times (a colleague's
 * report opened by id today may have been made months before one generated yesterday), else by
 * when CaseDesk kept them.
 */
function madeBefore(a: PressReportSummary, b: PressReportSummary): boolean {
  const [aMs, bMs] = [madeAtMs(a), madeAtMs(b)];
  if (aMs !== null && bMs !== null && aMs !== bMs) return aMs < bMs;
  if (a.keptAtMs !== b.keptAtMs) return a.keptAtMs < b.keptAtMs;
  return (a.createdAt ?? '') < (b.createdAt ?? '');
}

const lostAnswer = (error: unknown) => isServiceError(error) && error.outcomeUnknown;

export function createPressService(deps: PressServiceDeps): PressService {
  const { store, client, logger } = deps;
  const now = deps.now ?? Date.now;

  const get = (id: string): PressReportDetail | null => {
    const kept = store.get(id);
    return kept ? detailOf(kept) : null;
  };
  const required = (id: string): KeptPressReport => {
    const kept = store.get(id);
    if (!kept)
      throw new AppError(
        'not_found',
        `The press report ${id} is not kept on this computer: open it by its id first.`,
      );
    return kept;
  };

  const pickUp: PressService['pickUp'] = async (customerExternalId, events, options = {}) => {
    const ids = reportIdsNamedBy(events).filter((id) => !store.has(id));
    let kept = 0;
    for (const id of ids.slice(0, PICK_UP_PER_CALL)) {
      try {
        const wire = await client.press.reportBody(id, { signal: options.signal });
        if (store.has(wire.report_body_id)) continue;
        store.keep({
          v: 1,
          wire,
          origin: 'forced',
          asked: null,
          customerExternalId,
          previousReportId: null,
          readSources: [],
          keptAtMs: now(),
        });
        kept += 1;
      } catch (error) {
        if (options.signal?.aborted) throw error;
        // One report that cannot be read now is tried again at the next pick-up.
        logger.warn(
          `the press report ${id} of customer ${customerExternalId} could not be picked up: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return kept;
  };

  /** After a lost answer: looks where the service lets CaseDesk look for what it may have made. */
  const lookForLost = async (
    group: string,
    customerExternalId: string | null,
    sinceMs: number,
    signal: AbortSignal | undefined,
  ): Promise<{ found: PressReportSummary | null; lookedIn: string }> => {
    if (!customerExternalId)
      return {
        found: null,
        lookedIn:
          'nowhere: the service offers no way to list the reports made for a name, so CaseDesk cannot tell whether it was made',
      };
    let events: TimelineEvent[];
    try {
      events = (
        await client.customers.timeline(
          customerExternalId,
          { limit: TIMELINE_LOOKED_AT },
          { signal },
        )
      ).map((event) => ({
        eventType: event.EventType ?? '',
        url: event.Url ?? '',
        createdAt: event.CreatedAt ?? null,
      }));
    } catch (error) {
      if (signal?.aborted) throw error;
      return {
        found: null,
        lookedIn: `nowhere: the customer’s timeline could not be read (${error instanceof Error ? error.message : String(error)})`,
      };
    }
    await pickUp(customerExternalId, events, { signal });
    const id = lostGenerationFound(events, sinceMs);
    const found = id ? (store.summaries(group).find((summary) => summary.id === id) ?? null) : null;
    return {
      found,
      lookedIn: `the customer’s timeline on the service (its latest ${TIMELINE_LOOKED_AT} events: press reports made since then)`,
    };
  };

  const instantReport = async (
    request: InstantReportRequest,
    group: string,
    marker: { name: string; customerExternalId: string | null },
    signal: AbortSignal | undefined,
  ): Promise<WirePressReport> => {
    const sentAt = now();
    try {
      return await client.press.instantReport(request, { signal });
    } catch (error) {
      if (!lostAnswer(error)) throw error;
      store.markInDoubt(group, {
        since: new Date(sentAt).toISOString(),
        sinceMs: sentAt,
        ...marker,
      });
      // Not "unavailable": the request reached the service, and the report may exist.
      throw new AppError(
        'outcome_unknown',
        `The connection was lost after the request to generate a press report on “${marker.name}” went out: the report may exist on the service (and may have been charged). ` +
          'CaseDesk will look for it before generating this subject again.',
      );
    }
  };

  const service: PressService = {
    async generate(input, options = {}) {
      const { subject } = input;
      const name = nameAskedFor(subject);
      const customerExternalId = subject.customerExternalId ?? null;
      const group = groupOf(customerExternalId, subjectKey(name));
      if (input.confirmRepeat) store.clearInDoubt(group);
      else {
        const doubt = store.inDoubt(group);
        if (doubt) {
          const looked = await lookForLost(
            group,
            customerExternalId,
            doubt.sinceMs,
            options.signal,
          );
          if (looked.found) {
            store.clearInDoubt(group);
            return { state: 'recent', recent: looked.found };
          }
          return { state: 'in-doubt', since: doubt.since, lookedIn: looked.lookedIn };
        }
        const recent = store
          .summaries(group)
          .find((summary) => summary.origin !== 'opened' && now() - summary.keptAtMs < RECENT_MS);
        if (recent) return { state: 'recent', recent };
      }

      let previousReportId =
        input.previousReportId === undefined
          ? (store.summaries(group)[0]?.id ?? null)
          : input.previousReportId;
      const additional: NonNullable<InstantReportRequest['additional_info']> = {
        ...(subject.countryCodes.length
          ? { country_codes: subject.countryCodes.map((code) => code.toUpperCase()) }
          : {}),
        ...(subject.dateOfBirth ? { date_of_birth: subject.dateOfBirth } : {}),
        ...(subject.entityType ? { entity_type: subject.entityType === 'person' ? 1 : 2 } : {}),
      };
      const request: InstantReportRequest = {
        name,
        ...(Object.keys(additional).length ? { additional_info: additional } : {}),
      };
      const marker = { name, customerExternalId };
      let notice: string | null = null;
      let wire: WirePressReport;
      try {
        wire = await instantReport(
          previousReportId ? { ...request, previous_instant_report_id: previousReportId } : request,
          group,
          marker,
          options.signal,
        );
      } catch (error) {
        // Refused with 404, nothing was made: the service does not know the report to compare
        // with (made under another tenant, or one it no longer keeps). Made without it instead.
        if (!(previousReportId && isServiceError(error) && error.status === 404)) throw error;
        notice = `The service does not know the previous report ${previousReportId}, so this report was made without comparing with it.`;
        previousReportId = null;
        wire = await instantReport(request, group, marker, options.signal);
      }
      store.clearInDoubt(group);
      const before = store.get(wire.report_body_id);
      const report = store.keep({
        v: 1,
        wire,
        origin: before?.origin ?? 'generated',
        asked: subject,
        customerExternalId,
        previousReportId,
        readSources: before?.readSources ?? [],
        keptAtMs: before?.keptAtMs ?? now(),
      });
      // A previous report made elsewhere (a colleague's id) is read and kept, to compare with.
      const previous = previousReportId
        ? (get(previousReportId) ??
          (await service.open(previousReportId, options).catch((error: unknown) => {
            logger.warn(
              `the previous press report ${previousReportId} could not be read to compare with: ${error instanceof Error ? error.message : String(error)}`,
            );
            return null;
          })))
        : null;
      return {
        state: 'generated',
        report,
        diff: previous ? diffReports(previous, report) : null,
        ...(notice ? { notice } : {}),
      };
    },

    get,

    async open(id, options = {}) {
      const wanted = checkedId(id);
      let wire: WirePressReport;
      try {
        wire = await client.press.reportBody(wanted, { signal: options.signal });
      } catch (error) {
        if (isServiceError(error) && error.status === 404)
          throw new AppError(
            'not_found',
            `The service has no press report ${wanted}: check the id (it may belong to another tenant).`,
          );
        throw error;
      }
      const before = store.get(wire.report_body_id);
      logger.info(`press report ${wire.report_body_id} opened by id`);
      return store.keep({
        v: 1,
        wire,
        origin: before?.origin ?? 'opened',
        asked: before?.asked ?? null,
        customerExternalId: before?.customerExternalId ?? null,
        previousReportId: before?.previousReportId ?? null,
        readSources: before?.readSources ?? [],
        keptAtMs: before?.keptAtMs ?? now(),
      });
    },

    list: (filter) =>
      filterReports(
        store.summaries(
          filter.customerExternalId === undefined
            ? undefined
            : groupOf(filter.customerExternalId, ''),
        ),
        filter,
      ),

    compare(a, b) {
      const [first, second] = [detailOf(required(a)), detailOf(required(b))];
      return madeBefore(second.summary, first.summary)
        ? diffReports(second, first)
        : diffReports(first, second);
    },

    markSourceRead(reportId, sourceKey, read) {
      const kept = required(reportId);
      if (!detailOf(kept).sources.some((source) => source.key === sourceKey))
        throw new AppError('not_found', `The press report ${reportId} has no such source.`);
      const readSources = new Set(kept.readSources);
      if (read) readSources.add(sourceKey);
      else readSources.delete(sourceKey);
      return store.keep({ ...kept, readSources: [...readSources] }).summary;
    },

    search(text, limit) {
      const words = [...new Set(foldedWords(text))];
      if (words.length === 0 || limit <= 0) return [];
      // The newest matches are ranked, not every one: search runs per keystroke.
      const found = store.search(words, SEARCH_CANDIDATES);
      // Reports about the name searched first; otherwise newest first.
      const aboutIt = (summary: PressReportSummary) => {
        const name = new Set(foldedWords(summary.subjectName));
        return words.every((word) => [...name].some((part) => part.startsWith(word)));
      };
      return [...found.filter(aboutIt), ...found.filter((summary) => !aboutIt(summary))].slice(
        0,
        limit,
      );
    },

    pickUp,

    countFor: (customerExternalId) => store.count(groupOf(customerExternalId, '')),
    has: (id) => store.has(id),
  };
  return service;
}
