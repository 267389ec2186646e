import {
  KYT_FIELDS,
  type KytAnswerView,
  type KytParticipantEcho,
  type KytStateView,
} from '../../preload/contract';
import { bounded, isRecord, jsonText, textOf, usableNumber, type LooseRecord } from './loose-json';

// Reading the service's answer to POST /kyt/transaction, whatever shape the interface allows:
// every member optional, the state object's inside unknown, numbers that may be strings or absent.
// Every reader is total: any JSON value (or undefined) in, a view out, never a throw. Strings the
// service sent are kept as sent (nothing trimmed, nothing stripped: the renderer shows them as
// text and isolates bidirectional controls itself); only their length is bounded.

/** What lists and filters need of an answer; every member null when absent or unusable. */
export interface AnswerBrief {
  serviceId: string | null;
  score: number | null;
  state: KytStateView | null;
  convertedAmount: number | null;
  convertedCurrency: string | null;
  /** `customers` as sent: service ids or external ids (the interface does not say which). */
  customers: string[];
}

/** A customer id from an answer, as the cache knows it (by service id or external id). */
export type ResolveCustomer = (id: string) => { externalId: string; name: string } | null;

/** The whole answer shown as text is cut here (about 200 KB); the kept answer stays whole. */
export const RAW_ANSWER_MAX_CHARS = 200_000;
/** One member shown as text (a state's, a participant's) is cut here. */
export const MEMBER_MAX_CHARS = 10_000;

const memberNote = (length: number) => ` … (cut: ${length.toLocaleString('en')} characters)`;
const member = (text: string) => bounded(text, MEMBER_MAX_CHARS, memberNote);

/** The answer's customers, each once, in the order sent; ids only (text or numbers). */
function customersOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const ids = value.flatMap((item: unknown) => {
    const id = typeof item === 'boolean' ? null : textOf(item);
    return id === null ? [] : [id];
  });
  return [...new Set(ids)];
}

/** An id: text or a number written out (a boolean is no id). */
function idOf(value: unknown): string | null {
  return typeof value === 'boolean' ? null : textOf(value);
}

export function answerBrief(raw: unknown): AnswerBrief {
  const answer: LooseRecord = isRecord(raw) ? raw : {};
  return {
    serviceId: idOf(answer.id),
    score: usableNumber(answer.score),
    state: stateView(answer.state),
    convertedAmount: usableNumber(answer.converted_amount),
    convertedCurrency: idOf(answer.converted_currency),
    customers: customersOf(answer.customers),
  };
}

/** A state's code as text, whatever its type; null when absent, null or empty. */
function codeOf(code: unknown): string | null {
  if (code === undefined || code === null || code === '') return null;
  return member(textOf(code) ?? jsonText(code));
}

/** The members whose words name a state best, best first. */
const STATE_WORDS = ['label', 'name', 'code', 'description'] as const;

/**
 * The state as received (spec, Gaps: its inside is not shown): its label, else its name, code or
 * description, else its JSON; a bare string or number is its own text.
 */
export function stateView(state: unknown): KytStateView | null {
  if (state === undefined || state === null) return null;
  if (typeof state === 'string' || typeof state === 'number' || typeof state === 'boolean') {
    return { text: member(textOf(state) ?? jsonText(state)), code: null, members: [] };
  }
  const members = Object.entries(state).map(([key, value]: [string, unknown]) => ({
    key,
    value: member(jsonText(value)),
  }));
  if (!isRecord(state)) return { text: member(jsonText(state)), code: null, members };
  const words = STATE_WORDS.map((name) => textOf(state[name])).find((text) => text !== null);
  return { text: member(words ?? jsonText(state)), code: codeOf(state.code), members };
}

/* ----- participants ----- */

const SIDE_LABEL = { from: 'Sender', to: 'Receiver' } as const;

/**
 * Labels by path, and the place of each known path: the order of KYT_FIELDS, with the computed
 * `real_external_id` (a response field, so not in KYT_FIELDS) right after the external id sent.
 */
const KNOWN_PATHS: ReadonlyMap<string, { label: string; place: number }> = (() => {
  const known = new Map<string, { label: string; place: number }>();
  for (const field of KYT_FIELDS) {
    known.set(field.path, { label: field.label, place: known.size });
    for (const side of ['from', 'to'] as const) {
      if (field.path !== `${side}.payment_institution.external_id`) continue;
      known.set(`${side}.payment_institution.real_external_id`, {
        label: `${SIDE_LABEL[side]} institution real external id`,
        place: known.size,
      });
    }
  }
  return known;
})();

const DEEPEST_ECHO = 16;

/** Every leaf of a participant as [path, value]: nested objects walked, lists kept whole. */
function leaves(value: unknown, path: string, depth: number, into: Array<[string, unknown]>) {
  if (isRecord(value) && depth < DEEPEST_ECHO) {
    for (const [name, inner] of Object.entries(value)) {
      leaves(inner, `${path}.${name}`, depth + 1, into);
    }
    return;
  }
  into.push([path, value]);
}

/** A leaf as the echo shows it: text as sent, other values as JSON (true, 12.5, ["a"]). */
function leafText(value: unknown): string {
  return member(typeof value === 'string' ? value : jsonText(value));
}

/**
 * A participant as the service echoed it: every member with a value, labelled as the form labels
 * it, known fields in the form's order, members the interface does not name after them by path.
 * Members the service left null are not listed: they say nothing.
 */
export function participantEcho(
  side: 'from' | 'to',
  participant: unknown,
): KytParticipantEcho | null {
  if (participant === undefined || participant === null) return null;
  if (!isRecord(participant)) {
    return { fields: [{ path: side, label: SIDE_LABEL[side], value: leafText(participant) }] };
  }
  const found: Array<[string, unknown]> = [];
  leaves(participant, side, 0, found);
  const present = found.filter(([, value]) => value !== null && value !== undefined);
  const known = present
    .filter(([path]) => KNOWN_PATHS.has(path))
    .sort(
      ([left], [right]) =>
        (KNOWN_PATHS.get(left)?.place ?? 0) - (KNOWN_PATHS.get(right)?.place ?? 0),
    );
  const others = present.filter(([path]) => !KNOWN_PATHS.has(path));
  return {
    fields: [...known, ...others].map(([path, value]) => ({
      path,
      label: KNOWN_PATHS.get(path)?.label ?? path,
      value: leafText(value),
    })),
  };
}

/* ----- the whole answer ----- */

/** The answer as pretty JSON, cut at about 200 KB with a note saying where it is kept whole. */
export function rawText(raw: unknown): string {
  if (raw === undefined) return '';
  return bounded(
    jsonText(raw, 2),
    RAW_ANSWER_MAX_CHARS,
    (length) =>
      `\n… cut here: the answer is ${length.toLocaleString('en')} characters long as JSON. ` +
      'CaseDesk keeps it whole in the local store.',
  );
}

function textList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const text = typeof item === 'string' ? item : typeof item === 'number' ? textOf(item) : null;
    return text === null ? [] : [text];
  });
}

/** A cached customer for an id, or null; a resolver that fails is taken as not knowing it. */
function resolved(resolve: ResolveCustomer, id: string) {
  try {
    return resolve(id);
  } catch {
    return null;
  }
}

export function answerView(raw: unknown, resolve: ResolveCustomer): KytAnswerView {
  const answer: LooseRecord = isRecord(raw) ? raw : {};
  const brief = answerBrief(raw);
  return {
    serviceId: brief.serviceId ?? '',
    score: brief.score,
    state: brief.state,
    convertedAmount: brief.convertedAmount,
    convertedCurrency: brief.convertedCurrency,
    convertedDate: idOf(answer.converted_date),
    clientId: usableNumber(answer.client_id),
    customers: brief.customers.map((id) => {
      const customer = resolved(resolve, id);
      return {
        id,
        externalId: customer?.externalId ?? null,
        name: customer?.name ?? null,
      };
    }),
    from: participantEcho('from', answer.from),
    to: participantEcho('to', answer.to),
    searchVector: textList(answer.search_vector),
    raw: rawText(raw),
  };
}
