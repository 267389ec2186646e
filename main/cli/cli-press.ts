import type { z } from 'zod';
import {
  PressGenerateInput,
  PressListFilter,
  type PressGenerateResult,
} from '../../preload/contract';
import { isServiceError } from '../api';
import type { PressService } from '../press/press-service';
import { CliUsageError, flag, flagValues, type ParsedArgs } from './cli-args';
import { diffText, listText, reportText, terminalText } from './cli-press-text';

// `press …`: adverse-media reports from the command line, on the same press core as the app and
// the profile's same local store. Arguments are read here (a bad one is a CliUsageError, exit 2);
// the core and the outbox are given by the caller, so tests run it with fakes.

export const PRESS_USAGE = `  press report --name NAME [--first-name F] [--middle-name M] [--last-name L] [--company C]
         [--country CC]… [--dob YYYY-MM-DD] [--entity person|firm] [--customer ID]
         [--previous ID | --no-previous] [--yes] [--json]
         generates an instant report on the service (it may cost the tenant) and keeps it;
         --country repeats or takes a comma list; compared with --previous, else with the newest
         kept report of the same subject; --yes generates even when one was made a short while
         ago or an earlier generation of it may have reached the service
  press get ID [--json]                                 a kept report, else fetched and kept
  press force CUSTOMER_ID [--json]                      forces a report for a customer: sent now,
         or kept in the profile's outbox for the app to send once when the service is unreachable
  press list [--customer ID] [--subject TEXT] [--category C] [--severity low|medium|high]
         [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]  the reports kept in the profile, newest first
  press diff ID1 ID2 [--json]                           what changed between two kept reports
  Each takes --profile NAME, or --db FILE (the local store and the outbox beside it) with
  --base-url URL and a token for the commands that reach the service.`;

export type PressCommand =
  | { name: 'report'; input: z.output<typeof PressGenerateInput>; json: boolean }
  | { name: 'get'; id: string; json: boolean }
  | { name: 'force'; customerExternalId: string; json: boolean }
  | { name: 'list'; filter: z.output<typeof PressListFilter>; json: boolean }
  | { name: 'diff'; a: string; b: string; json: boolean };

/** Where a forced generation went. */
export type ForceAttempt =
  | { state: 'sent' }
  /** It did not reach the service (nothing was sent): safe to send later. */
  | { state: 'unreachable'; reason: string }
  /** Its answer was lost: the service may have made the report. */
  | { state: 'in-doubt'; reason: string };

export interface PressForceChannel {
  /** POST forcegen now. A refusal (unknown customer, token refused…) is thrown. */
  send(customerExternalId: string): Promise<ForceAttempt>;
  /** Keeps it in the profile's outbox, for the app to send exactly once. */
  queue(customerExternalId: string): { id: string };
  /** After it was sent: keeps the forced report if the customer's timeline already names it. */
  pickUp(customerExternalId: string): Promise<number>;
  /** One already waiting in the profile's outbox for this customer (as the app checks), if any. */
  waiting(customerExternalId: string): { id: string; state: string } | null;
}

/** What needService throws: this run has no address or no token for the service. */
export class NoServiceError extends Error {
  override readonly name = 'NoServiceError';
}
const isNoService = (error: unknown): error is NoServiceError => error instanceof NoServiceError;

export interface PressCliDeps {
  press: PressService;
  force: PressForceChannel;
  write: (text: string) => void;
  /** Throws a NoServiceError, in plain words, when this run has no address or no token. */
  needService: () => void;
}

const TARGET_FLAGS = [
  'profile',
  'data-dir',
  'db',
  'base-url',
  'token',
  'token-file',
  'token-stdin',
];
const ALLOWED: Record<PressCommand['name'], readonly string[]> = {
  report: [
    'name',
    'first-name',
    'middle-name',
    'last-name',
    'company',
    'country',
    'dob',
    'entity',
    'customer',
    'previous',
    'no-previous',
    'yes',
  ],
  get: [],
  force: [],
  list: ['customer', 'subject', 'category', 'severity', 'from', 'to'],
  diff: [],
};

/** Which flag of the command line each field of the generate input came from. */
const GENERATE_FLAGS: Record<string, string> = {
  name: '--name',
  firstName: '--first-name',
  middleName: '--middle-name',
  lastName: '--last-name',
  companyName: '--company',
  countryCodes: '--country',
  dateOfBirth: '--dob',
  entityType: '--entity',
  customerExternalId: '--customer',
  previousReportId: '--previous',
};
const LIST_FLAGS: Record<string, string> = {
  customerExternalId: '--customer',
  subject: '--subject',
  category: '--category',
  severity: '--severity',
  keptFrom: '--from',
  keptTo: '--to',
};

function usageFrom(
  error: z.ZodError,
  flags: Record<string, string>,
  fallback: string,
): CliUsageError {
  return new CliUsageError(
    error.issues
      .map((issue) => {
        const field = [...issue.path].reverse().find((part) => typeof part === 'string');
        return `${(field && flags[field]) || fallback}: ${issue.message}`;
      })
      .join('\n'),
  );
}

function positionals(args: ParsedArgs, count: number, what: string): string[] {
  const given = args.positionals.slice(1);
  if (given.length !== count)
    throw new CliUsageError(`press ${args.positionals[0] ?? ''} takes ${what}.`);
  return given.map((value) => value.trim());
}

/** The `press` command line read into one command; a bad argument is a CliUsageError. */
export function parsePressCommand(args: ParsedArgs): PressCommand {
  const name = args.positionals[0];
  if (!name || !(name in ALLOWED))
    throw new CliUsageError(`press takes report, get, force, list or diff.\n\n${PRESS_USAGE}`);
  const command = name as PressCommand['name'];
  const allowed = new Set([...TARGET_FLAGS, 'json', 'help', ...ALLOWED[command]]);
  for (const given of args.flags.keys())
    if (!allowed.has(given)) throw new CliUsageError(`press ${command} does not take --${given}.`);
  const json = args.flags.has('json');
  switch (command) {
    case 'report':
      return { name: command, input: generateInput(args), json };
    case 'get': {
      const [id = ''] = positionals(args, 1, 'a report id');
      return { name: command, id, json };
    }
    case 'force': {
      const [customerExternalId = ''] = positionals(args, 1, "a customer's external id");
      return { name: command, customerExternalId, json };
    }
    case 'diff': {
      const [a = '', b = ''] = positionals(args, 2, 'two report ids');
      return { name: command, a, b, json };
    }
    case 'list': {
      positionals(args, 0, 'no positional arguments (filters are flags)');
      const parsed = PressListFilter.safeParse({
        customerExternalId: flag(args, 'customer') ?? undefined,
        subject: flag(args, 'subject') ?? undefined,
        category: flag(args, 'category') ?? undefined,
        severity: flag(args, 'severity') ?? undefined,
        keptFrom: flag(args, 'from') ?? undefined,
        keptTo: flag(args, 'to') ?? undefined,
      });
      if (!parsed.success) throw usageFrom(parsed.error, LIST_FLAGS, 'press list');
      return { name: command, filter: parsed.data, json };
    }
  }
}

function generateInput(args: ParsedArgs): z.output<typeof PressGenerateInput> {
  positionals(args, 0, 'no positional arguments (quote a name with spaces: --name "A B")');
  const entity = flag(args, 'entity');
  if (entity !== null && entity !== 'person' && entity !== 'firm')
    throw new CliUsageError('--entity takes person or firm.');
  const previous = flag(args, 'previous');
  if (previous !== null && args.flags.has('no-previous'))
    throw new CliUsageError('Give --previous ID or --no-previous, not both.');
  const parsed = PressGenerateInput.safeParse({
    subject: {
      name: flag(args, 'name') ?? '',
      firstName: flag(args, 'first-name') ?? undefined,
      middleName: flag(args, 'middle-name') ?? undefined,
      lastName: flag(args, 'last-name') ?? undefined,
      companyName: flag(args, 'company') ?? undefined,
      countryCodes: flagValues(args, 'country')
        .flatMap((value) => value.split(','))
        .map((code) => code.trim())
        .filter(Boolean),
      dateOfBirth: flag(args, 'dob') ?? undefined,
      entityType: entity ?? undefined,
      customerExternalId: flag(args, 'customer') ?? undefined,
    },
    previousReportId: args.flags.has('no-previous') ? null : (previous ?? undefined),
    confirmRepeat: args.flags.has('yes'),
  });
  if (!parsed.success) throw usageFrom(parsed.error, GENERATE_FLAGS, '--name');
  return parsed.data;
}

const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Runs a press command; its exit code (0 done, 1 not done: the output says why). */
export async function runPressCommand(command: PressCommand, deps: PressCliDeps): Promise<number> {
  const { press, write } = deps;
  switch (command.name) {
    case 'report':
      return report(command.input, command.json, deps);
    case 'get': {
      const kept = press.get(command.id);
      if (!kept) deps.needService();
      const report = kept ?? (await press.open(command.id));
      write(command.json ? asJson(report) : reportText(report));
      return 0;
    }
    case 'list': {
      const list = press.list(command.filter);
      write(command.json ? asJson(list) : listText(list));
      return 0;
    }
    case 'diff': {
      const diff = press.compare(command.a, command.b);
      write(command.json ? asJson(diff) : diffText(diff));
      return 0;
    }
    case 'force':
      return force(command.customerExternalId, command.json, deps);
  }
}

async function report(
  input: z.output<typeof PressGenerateInput>,
  json: boolean,
  { press, write, needService }: PressCliDeps,
): Promise<number> {
  needService();
  let result: PressGenerateResult;
  try {
    result = await press.generate(input);
  } catch (error) {
    // A lost answer: the report may exist; the core keeps that in mind and looks for it first.
    if (isServiceError(error) && error.outcomeUnknown)
      throw new Error(
        `${error.message}\nThe report may have been made on the service: the next “press report” for this subject says so before generating again.`,
        { cause: error },
      );
    throw error;
  }
  if (json) write(asJson(result));
  switch (result.state) {
    case 'generated':
      if (!json) {
        write(reportText(result.report));
        if (result.diff) write(`\n${diffText(result.diff)}`);
      }
      return 0;
    case 'recent':
      if (!json)
        write(
          `A report about “${terminalText(result.recent.subjectName)}” was made a short while ago: ${terminalText(result.recent.id)}, ${terminalText(result.recent.createdAt ?? '')}.\n` +
            `Read it with “press get ${terminalText(result.recent.id)}”, or add --yes to generate another (it may cost the tenant).\n`,
        );
      return 1;
    case 'in-doubt':
      if (!json)
        write(
          `An earlier generation of this subject (${terminalText(result.since)}) lost its answer: the report may exist on the service. ${terminalText(result.lookedIn)}\n` +
            'Add --yes to generate anyway.\n',
        );
      return 1;
    case 'running':
      if (!json)
        write(
          `A generation of this subject started at ${terminalText(result.since)} is still waiting for the service's answer: wait for it, then list the kept reports.\n`,
        );
      return 1;
  }
}

async function force(
  customerExternalId: string,
  json: boolean,
  { force: channel, write, needService }: PressCliDeps,
): Promise<number> {
  // One waiting in the outbox (even failed) is the answer: a customer asked for twice gets one report.
  const waiting = channel.waiting(customerExternalId);
  if (waiting) {
    if (json) write(asJson({ state: 'waiting', customerExternalId, outboxItemId: waiting.id }));
    else
      write(
        `A forced generation for customer ${terminalText(customerExternalId)} already waits in the profile's outbox (item ${waiting.id}, ${waiting.state}): not sent again. The app sends it, or shows why it failed.\n`,
      );
    return 0;
  }
  // Without a token this run (one kept in the keyring is the app's alone), the app sends it.
  let attempt: ForceAttempt;
  try {
    needService();
    attempt = await channel.send(customerExternalId);
  } catch (error) {
    if (!isNoService(error)) throw error;
    attempt = { state: 'unreachable', reason: error.message };
  }
  const id = terminalText(customerExternalId);
  switch (attempt.state) {
    case 'sent': {
      // Sent is done: failing to read the timeline now only means the report is kept later.
      let pickedUp = 0;
      let notPickedUp: string | null = null;
      try {
        pickedUp = await channel.pickUp(customerExternalId);
      } catch (error) {
        notPickedUp = error instanceof Error ? error.message : String(error);
      }
      if (json) write(asJson({ state: 'sent', customerExternalId, pickedUp, notPickedUp }));
      else
        write(
          `Sent: the service is generating a press report for customer ${id}.\n` +
            (notPickedUp ? `The timeline could not be read: ${terminalText(notPickedUp)}\n` : '') +
            (pickedUp
              ? `Kept ${pickedUp} new report${pickedUp === 1 ? '' : 's'} named on the customer's timeline (press list --customer ${id}).\n`
              : "It is kept once the customer's timeline names it (after a sync, in the app or with “sync”).\n"),
        );
      return 0;
    }
    case 'unreachable': {
      const item = channel.queue(customerExternalId);
      if (json)
        write(
          asJson({
            state: 'queued',
            customerExternalId,
            outboxItemId: item.id,
            reason: attempt.reason,
          }),
        );
      else
        write(
          `Not sent: ${terminalText(attempt.reason)}\nQueued in the profile's outbox (item ${item.id}): the app sends it once, when the service can be reached.\n`,
        );
      return 0;
    }
    case 'in-doubt': {
      // It may have been made: awaited as a sent one is, so the app's syncs keep it if it was.
      let pickedUp = 0;
      try {
        pickedUp = await channel.pickUp(customerExternalId);
      } catch {
        // Read again at the next sync.
      }
      if (json)
        write(asJson({ state: 'in-doubt', customerExternalId, reason: attempt.reason, pickedUp }));
      else
        write(
          `The answer was lost: ${terminalText(attempt.reason)}\nThe service may be generating the report; not queued again. ` +
            (pickedUp
              ? `Kept ${pickedUp} new report${pickedUp === 1 ? '' : 's'} named on the customer's timeline (press list --customer ${id}).\n`
              : "If it was made, it is kept once the customer's timeline names it (at a sync, in the app or with “sync”).\n"),
        );
      return 1;
    }
  }
}
