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
import { isAnswerWithoutReportId } from '../api/press';
import type { InstantReportRequest } from '../api/request-types';
import type { WirePressReport } from '../api/wire/press';
import { AppError } from '../lib/app-error';
import { parseServiceDate } from '../lib/service-date';
import type { Logger } from '../lib/logger';
import { detailOf, groupOf, nameAskedFor, type KeptPressReport } from './kept-report';
import { filterReports } from './press-list';
import { madeBefore, newestMadeFirst } from './made-order';
import { reportIdsNamedBy, type TimelineEvent } from './press-timeline';
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
  /**
   * A forced generation for the customer was delivered now (asked at `sinceMs`): its report is
   * looked for on the customer's timeline, made since `sinceMs`, at every followForced until it
   * is kept, for AWAIT_FORCED_MS from now.
   */
  awaitForced(customerExternalId: string, sinceMs: number): void;
  /**
   * Reads the timeline of each customer awaiting a forced report (all, or the one named), keeps
   * the reports it names, and stops awaiting one whose report made since is kept. Never throws
   * for a timeline that cannot be read (it is read again next time). Returns how many were kept.
   */
  followForced(options?: { customerExternalId?: string; signal?: AbortSignal }): Promise<number>;
  /** How many reports of this customer are kept (the customer's Press tab). */
  countFor(customerExternalId: string): number;
  /** Whether a report is kept, its body not read. */
  has(id: string): boolean;
  /** Whether a report a timeline names is still to be fetched: not kept, not lately unknown (404). */
  wants(id: string): boolean;
}

/** A second generation of the same subject within this time asks first (it may cost the tenant). */
export const RECENT_MS = 10 * 60_000;
/** A forced report the timeline has not named this long after delivery is no longer looked for. */
export const AWAIT_FORCED_MS = 7 * 24 * 60 * 60_000;
/** A service's clock a little behind CaseDesk's still names a report made for the request. */
const CLOCK_SLACK_MS = 60_000;
/** Reports fetched by one pick-up at most: the rest wait for the next. */
export const PICK_UP_PER_CALL = 20;
const SEARCH_CANDIDATES = 200;
const FORCED_TIMELINE_READ = 100;
/** Timelines read by one followForced at most (one request each): the rest wait for the next. */
export const FORCED_FOLLOWED_PER_CALL = 20;
/** A report id the service answered 404 for is asked for again after this long. */
const GONE_RETRY_MS = 30 * 24 * 60 * 60_000;

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

  /**
   * The same subject: a report of a customer belongs to that customer only (two customers may
   * share a name); the name key matches only where at least one side names no customer.
   */
  const sameSubjectAs = (
    a: { customerExternalId: string | null; key: string },
    b: { customerExternalId: string | null; key: string },
  ): boolean =>
    a.customerExternalId && b.customerExternalId
      ? a.customerExternalId === b.customerExternalId
      : a.key === b.key;

  /** Generations waiting for the service: one at a time per subject. */
  const inFlight = new Set<{ customerExternalId: string | null; key: string; since: string }>();
  /** Kept reports of the same subject, newest made first. */
  const sameSubject = (customerExternalId: string | null, key: string): PressReportSummary[] =>
    newestMadeFirst(
      customerExternalId
        ? [
            ...store.summaries(groupOf(customerExternalId, '')),
            // Made by name alone (no customer): the group of that name key.
            ...store.summaries(groupOf(null, key)),
          ]
        : store.summaries().filter((summary) => summary.subjectKey === key),
    );
  /** The same customer's newest made report first, else the newest of the same name key. */
  const defaultPrevious = (
    customerExternalId: string | null,
    same: readonly PressReportSummary[],
  ): PressReportSummary | null =>
    (customerExternalId
      ? same.find((summary) => summary.customerExternalId === customerExternalId)
      : undefined) ??
    same[0] ??
    null;

  /**
   * The in-doubt markers of a subject: its own group's, and its name key's when that one was
   * lost for the name alone or for this very customer (another customer of the name is not it).
   */
  const doubtGroups = (customerExternalId: string | null, key: string): string[] => {
    const byName = groupOf(null, key);
    if (!customerExternalId) return [byName];
    const marker = store.inDoubt(byName);
    const applies =
      marker !== null &&
      sameSubjectAs(
        { customerExternalId, key },
        { customerExternalId: marker.customerExternalId, key },
      );
    return applies
      ? [groupOf(customerExternalId, key), byName]
      : [groupOf(customerExternalId, key)];
  };

  const wants = (id: string): boolean => {
    if (store.has(id)) return false;
    // One the service did not know (404) is asked for again only after a while, so it never
    // crowds out the reports that can be read.
    const gone = store.goneSince(id);
    return gone === null || now() - gone > GONE_RETRY_MS;
  };

  const pickUpFrom = async (
    customerExternalId: string,
    events: ReadonlyArray<TimelineEvent>,
    options: { signal?: AbortSignal; awaited?: boolean },
  ): Promise<number> => {
    // For an awaited forced report, a 404 is asked again at the next sync: a service may name
    // the event a moment before the body can be read.
    const ids = reportIdsNamedBy(events).filter((id) =>
      options.awaited ? !store.has(id) : wants(id),
    );
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
        if (isServiceError(error) && error.status === 404) store.markGone(id, now());
        // One report that cannot be read now is tried again at the next pick-up.
        logger.warn(
          `the press report ${id} of customer ${customerExternalId} could not be picked up: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return kept;
  };
  const pickUp: PressService['pickUp'] = (customerExternalId, events, options = {}) =>
    pickUpFrom(customerExternalId, events, options);

  /**
   * After a lost answer, what CaseDesk could do to find the report, as one sentence: nothing. The
   * interface cannot list instant reports, and the customer's timeline names forced reports only
   * (the sandbox never writes instant ones there): a forced report is no proof of the lost one.
   */
  const LOOKED_IN =
    'The interface cannot list instant reports, so CaseDesk cannot look for it on the service (a forced report on the customer’s timeline is not the one asked for).';

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
      const withoutId = isAnswerWithoutReportId(error);
      if (!lostAnswer(error) && !withoutId) throw error;
      // Under the customer and the name alike: both are the same subject.
      for (const doubtful of new Set([group, groupOf(null, subjectKey(marker.name))]))
        store.markInDoubt(doubtful, {
          since: new Date(sentAt).toISOString(),
          sinceMs: sentAt,
          ...marker,
        });
      // Either way the request reached the service and the report may exist: "outcome_unknown".
      if (withoutId)
        throw new AppError(
          'outcome_unknown',
          `The service answered the request to generate a press report on “${marker.name}” without a report id, so CaseDesk cannot keep the report or read it again. ` +
            'The report may exist on the service (and may have been charged); CaseDesk asks before generating this subject again.',
        );
      // Not "unavailable": the request reached the service, and the report may exist.
      throw new AppError(
        'outcome_unknown',
        `The connection was lost after the request to generate a press report on “${marker.name}” went out: the report may exist on the service (and may have been charged). ` +
          'The interface cannot list instant reports, so CaseDesk cannot look for it: it remembers this generation and asks before generating this subject again.',
      );
    }
  };

  const generateNow = async (
    input: z.output<typeof PressGenerateInput>,
    name: string,
    customerExternalId: string | null,
    group: string,
    same: readonly PressReportSummary[],
    options: { signal?: AbortSignal },
  ): Promise<PressGenerateResult> => {
    const { subject } = input;
    let previousReportId =
      input.previousReportId === undefined
        ? (defaultPrevious(customerExternalId, same)?.id ?? null)
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
    for (const doubtful of doubtGroups(customerExternalId, subjectKey(name)))
      store.clearInDoubt(doubtful);
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
  };

  const service: PressService = {
    async generate(input, options = {}) {
      const { subject } = input;
      const name = nameAskedFor(subject);
      const customerExternalId = subject.customerExternalId ?? null;
      const key = subjectKey(name);
      const group = groupOf(customerExternalId, key);
      // One generation of a subject at a time.
      const asked = { customerExternalId, key };
      const running = [...inFlight].find((flight) => sameSubjectAs(flight, asked));
      if (running) return { state: 'running', since: running.since };
      const same = sameSubject(customerExternalId, key);
      const doubtful = doubtGroups(customerExternalId, key);
      if (input.confirmRepeat) for (const group of doubtful) store.clearInDoubt(group);
      else {
        const doubt = doubtful.map((group) => store.inDoubt(group)).find(Boolean);
        if (doubt) return { state: 'in-doubt', since: doubt.since, lookedIn: LOOKED_IN };
        const recent = same.find(
          (summary) => summary.origin !== 'opened' && now() - summary.keptAtMs < RECENT_MS,
        );
        if (recent) return { state: 'recent', recent };
      }
      const flight = { ...asked, since: new Date(now()).toISOString() };
      inFlight.add(flight);
      try {
        return await generateNow(input, name, customerExternalId, group, same, options);
      } finally {
        inFlight.delete(flight);
      }
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
        filter.subjectKey === undefined
          ? store.summaries(
              filter.customerExternalId === undefined
                ? undefined
                : groupOf(filter.customerExternalId, ''),
            )
          : sameSubject(filter.customerExternalId ?? null, subjectKey(filter.subjectKey)),
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

    awaitForced(customerExternalId, sinceMs) {
      store.awaitForced({ customerExternalId, sinceMs, deliveredAtMs: now(), gaveUpAtMs: null });
    },

    async followForced(options = {}) {
      let kept = 0;
      const followed = store
        .awaited()
        .filter(
          (awaited) =>
            awaited.gaveUpAtMs === null &&
            (options.customerExternalId === undefined ||
              options.customerExternalId === awaited.customerExternalId),
        )
        // The least lately read first, so every awaited customer is read in turn.
        .sort((a, b) => (a.readAtMs ?? 0) - (b.readAtMs ?? 0))
        .slice(0, FORCED_FOLLOWED_PER_CALL);
      for (const awaited of followed) {
        const customer = awaited.customerExternalId;
        if (now() - (awaited.deliveredAtMs ?? awaited.sinceMs) > AWAIT_FORCED_MS) {
          store.awaitForced({ ...awaited, gaveUpAtMs: now() });
          logger.warn(
            `no press report forced for customer ${customer} was named by its timeline within ${AWAIT_FORCED_MS / 86_400_000} days: no longer looked for`,
          );
          continue;
        }
        store.awaitForced({ ...awaited, readAtMs: now() });
        let events: TimelineEvent[];
        try {
          events = (
            await client.customers.timeline(
              customer,
              { limit: FORCED_TIMELINE_READ },
              { signal: options.signal },
            )
          ).map((event) => ({
            eventType: event.EventType ?? '',
            url: event.Url ?? '',
            createdAt: event.CreatedAt ?? null,
          }));
        } catch (error) {
          if (options.signal?.aborted) throw error;
          logger.warn(
            `the timeline of customer ${customer} could not be read for its forced press report: ${error instanceof Error ? error.message : String(error)}`,
          );
          continue;
        }
        const keptNow = await pickUpFrom(customer, events, {
          signal: options.signal,
          awaited: true,
        });
        kept += keptNow;
        // A report newly kept for the customer is the one awaited, whether or not the service's
        // date reads; else one the timeline names since it was asked, kept earlier.
        if (keptNow > 0) {
          store.settleForced(customer);
          continue;
        }
        const made = reportIdsNamedBy(
          events.filter((event) => {
            const at = event.createdAt === null ? null : parseServiceDate(event.createdAt);
            return at !== null && at >= awaited.sinceMs - CLOCK_SLACK_MS;
          }),
        );
        if (made.some((id) => store.has(id))) store.settleForced(customer);
      }
      return kept;
    },

    countFor: (customerExternalId) => store.count(groupOf(customerExternalId, '')),
    has: (id) => store.has(id),
    wants,
  };
  return service;
}
