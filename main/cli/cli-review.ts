import { basename, join, resolve } from 'node:path';
import type { ReviewDecision, ReviewRequestView } from '../../preload/contract';
import { openCache } from '../cache/open-cache';
import type { Logger } from '../lib/logger';
import { LOCAL_STORE_FILE, openLocalStore } from '../local/local-store';
import { loadIdentity } from '../review/identity';
import { createReview, type Me, type Review } from '../review/review';
import { readReviewFile } from '../review/review-files';
import { createAppSettings } from '../settings/app-settings';
import { createWorkbench } from '../workbench/workbench';
import { CliUsageError, flag, type ParsedArgs } from './cli-args';
import { resolveProfile } from './cli-profile';
import { tenantOf } from '../review/review-checks';

// `review …`: a second review of a proposed decision from the command line, offline, on a
// profile's own stores as the app keeps them (main/review/review.ts): the same files, checks,
// records and journal entries. The key and the analyst's name are this installation's (the app's
// data folder). Arguments are read here (a bad one is a CliUsageError, exit 2).

export const REVIEW_USAGE = `  review export --alert ID --out DIR                   writes a signed second-review request for the
         alert's open proposal (each piece of its evidence hashed) into the folder DIR
  review import FILE                                    imports a review file: a request (checked,
         kept, its evidence compared with this cache) or the answer to a request sent from here
         (recorded). A file changed by hand, from another service or made here is refused (exit 1)
  review answer FILE (--approve | --reject) --reason TEXT --out DIR   answers a request (imported
         first if need be), writing the signed answer into DIR
  Each takes --profile NAME [--data-dir D]; nothing is sent to the service.`;

export type ReviewCommand =
  | { name: 'export'; alertId: string; out: string }
  | { name: 'import'; file: string }
  | { name: 'answer'; file: string; decision: ReviewDecision; reason: string; out: string };

const TARGET_FLAGS = ['profile', 'data-dir'];
const ALLOWED: Record<ReviewCommand['name'], readonly string[]> = {
  export: ['alert', 'out'],
  import: [],
  answer: ['approve', 'reject', 'reason', 'out'],
};

const needed = (args: ParsedArgs, name: string, what: string): string => {
  const value = flag(args, name);
  if (value === null || value.trim() === '')
    throw new CliUsageError(`--${name} is required: ${what}.`);
  return value;
};

/** The `review` command line read into one command; a bad argument is a CliUsageError. */
export function parseReviewCommand(args: ParsedArgs): ReviewCommand {
  const name = args.positionals[0];
  if (!name || !(name in ALLOWED))
    throw new CliUsageError(`review takes export, import or answer.\n\n${REVIEW_USAGE}`);
  const command = name as keyof typeof ALLOWED;
  const allowed = new Set([...TARGET_FLAGS, 'help', ...ALLOWED[command]]);
  for (const given of args.flags.keys())
    if (!allowed.has(given)) throw new CliUsageError(`review ${command} does not take --${given}.`);
  const files = args.positionals.slice(1);
  if (command === 'export') {
    if (files.length)
      throw new CliUsageError('review export takes no file: give --alert ID --out DIR.');
    return {
      name: command,
      alertId: needed(args, 'alert', 'the alert whose open proposal is sent'),
      out: resolve(needed(args, 'out', 'the folder the request is written into')),
    };
  }
  if (files.length !== 1)
    throw new CliUsageError(
      `review ${command} takes one file: the review file to ${command === 'import' ? 'import' : 'answer'}.`,
    );
  const file = resolve(files[0]!);
  if (command === 'import') return { name: command, file };
  const approve = args.flags.has('approve');
  if (approve === args.flags.has('reject'))
    throw new CliUsageError('review answer takes --approve or --reject (one of them).');
  const reason = needed(args, 'reason', 'why the proposal is approved or rejected').trim();
  return {
    name: command,
    file,
    decision: approve ? 'approve' : 'reject',
    reason,
    out: resolve(needed(args, 'out', 'the folder the answer is written into')),
  };
}

const RESULTS: Record<ReviewRequestView['items'][number]['result'], string> = {
  same: 'same',
  differs: 'DIFFERS',
  'missing-here': 'missing here',
  'missing-there': 'missing there',
  'missing-both': 'missing on both',
};

/** A received request in lines: who asked, what, and each item beside this cache. */
export function requestText(view: ReviewRequestView): string {
  const lines = [
    `Review request from ${view.maker.name} (key ${view.maker.fingerprint.slice(0, 16)}…) on alert ${view.alertId}`,
    `Proposed state ${view.proposal.state}: ${view.proposal.reason.replace(/\s+/g, ' ')}`,
    'Evidence, theirs beside this cache:',
    ...view.items.map((item) => {
      const changes = item.changes.map((change) => change.path).join(', ');
      return `  ${RESULTS[item.result].padEnd(15)} ${item.kind} ${item.id}${changes ? ` (${changes})` : ''}`;
    }),
  ];
  if (view.answer)
    lines.push(
      `Answered here: ${view.answer.decision} — ${view.answer.reason.replace(/\s+/g, ' ')}`,
    );
  return `${lines.join('\n')}\n`;
}

export interface ReviewCliDeps {
  review: Review;
  me: () => Promise<Me>;
  write: (text: string) => void;
  read?: (path: string) => Promise<string>;
}

/** Runs a review command; its exit code (0: done; a refusal throws, exit 1). */
export async function runReviewCommand(
  command: ReviewCommand,
  deps: ReviewCliDeps,
): Promise<number> {
  const { review, write } = deps;
  const read = deps.read ?? ((path: string) => readReviewFile(path));
  switch (command.name) {
    case 'export': {
      const sent = await review.send(command.alertId, await deps.me(), command.out);
      write(`Wrote the review request ${sent.path}\nRequest ${sent.requestDigest}\n`);
      return 0;
    }
    case 'import': {
      const imported = review.importText(
        await read(command.file),
        basename(command.file),
        await deps.me(),
      );
      if (imported.kind === 'request') {
        if (imported.alreadyImported) write('This request was imported before.\n');
        write(requestText(await review.request(imported.requestDigest)));
      } else {
        const decided = imported.decision === 'approve' ? 'Approved' : 'Rejected';
        write(
          `${imported.alreadyRecorded ? 'Already recorded' : 'Recorded'}: ${decided} by ${imported.checker.name} (alert ${imported.alertId})\n`,
        );
        if (imported.answeredClosedProposal)
          write(`Note: the proposal was ${imported.answeredClosedProposal} meanwhile.\n`);
      }
      return 0;
    }
    case 'answer': {
      const me = await deps.me();
      const imported = review.importText(await read(command.file), basename(command.file), me);
      if (imported.kind !== 'request')
        throw new CliUsageError(
          `${basename(command.file)} is an answer, not a request: import it with review import.`,
        );
      const answered = await review.answer(
        imported.requestDigest,
        command.decision,
        command.reason,
        me,
        command.out,
      );
      write(`Wrote the answer ${answered.path}\n`);
      return 0;
    }
  }
}

export interface OpenedReview {
  review: Review;
  me: () => Promise<Me>;
  close(): void;
}

/**
 * A profile's reviews as the app opens them: its cache and local store (the journal with it), its
 * service's origin as the tenant, and this installation's key and analyst name.
 */
export async function openReviewForCli(args: ParsedArgs, logger: Logger): Promise<OpenedReview> {
  const { dataDir, profile, folder } = await resolveProfile(args, logger);
  const opening = openLocalStore(join(folder, LOCAL_STORE_FILE), logger);
  if (opening.state !== 'open')
    throw new Error(`The local store ${opening.path} cannot be opened: ${opening.reason}`);
  const local = opening.store;
  let cache: ReturnType<typeof openCache>['db'];
  try {
    cache = openCache(join(folder, 'cache.db'), logger).db;
  } catch (error) {
    local.close();
    throw error;
  }
  const workbench = createWorkbench({ local, cache, logger });
  const settings = createAppSettings({ dataDir, logger });
  return {
    review: createReview({
      local,
      cache,
      workbench,
      tenant: tenantOf(profile.baseUrl),
      logger,
    }),
    me: async () => ({
      name: await settings.analystName(),
      identity: await loadIdentity(dataDir, logger),
    }),
    close() {
      cache.close();
      local.close();
    },
  };
}
