import type { EvidenceKind } from '../../preload/contract';
import { AppError } from '../lib/app-error';
import { fingerprintOf, signatureHolds } from './identity';
import {
  ANSWER_FORMAT,
  AnswerBundle,
  BUNDLE_VERSION,
  REQUEST_FORMAT,
  RequestBundle,
  sha256Json,
  signedText,
  type Party,
} from './review-bundle';

// A review file checked before anything of it is kept, each refusal saying what is wrong and what
// to do: not a review file, another version, another service, not readable, an item changed after
// it was hashed (named), a signature that does not hold, or a request made by this very
// installation or analyst (maker and checker must differ).

export type ReadBundle =
  { kind: 'request'; bundle: RequestBundle } | { kind: 'answer'; bundle: AnswerBundle };

const KIND_NAMES: Record<EvidenceKind, string> = {
  alert: 'alert',
  document: 'document',
  message: 'message',
  press: 'press report',
  kyt: 'KYT submission',
};

const refused = (message: string) => new AppError('invalid_input', message);

/**
 * The tenant a review file belongs to: the service's base URL without its query or trailing
 * slash. Its path is kept, since two tenants may share a host (https://h/t/a and https://h/t/b).
 */
export function tenantOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The file's text as a request or an answer of this version, made on `tenant`; or why not. */
export function readBundle(text: string, fileName: string, tenant: string): ReadBundle {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refused(
      `“${fileName}” is not a CaseDesk review file (it is not JSON). Choose the file CaseDesk wrote, ending in .casedesk-review.json.`,
    );
  }
  const head = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const format = head.format;
  if (format !== REQUEST_FORMAT && format !== ANSWER_FORMAT)
    throw refused(
      `“${fileName}” is not a CaseDesk review file (a review request or answer). Choose the file CaseDesk wrote, ending in .casedesk-review.json.`,
    );
  if (head.version !== BUNDLE_VERSION)
    throw refused(
      `“${fileName}” is a review file of another version (${JSON.stringify(head.version ?? null)}); this CaseDesk reads version ${BUNDLE_VERSION}. Use the same version of CaseDesk on both sides.`,
    );
  if (typeof head.tenant === 'string' && head.tenant !== tenant)
    throw refused(
      `This review file was made on another service (${head.tenant}); the profile open here works on ${tenant}. Open a profile of ${head.tenant}, then import it again.`,
    );
  const parsed = (format === REQUEST_FORMAT ? RequestBundle : AnswerBundle).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length ? ` at ${issue.path.join('.')}` : '';
    throw refused(
      `“${fileName}” cannot be read as a review ${format === REQUEST_FORMAT ? 'request' : 'answer'}${where}: ${issue?.message ?? 'not as CaseDesk writes it'}. It may have been changed by hand or cut short; ask for the file again.`,
    );
  }
  return format === REQUEST_FORMAT
    ? { kind: 'request', bundle: parsed.data as RequestBundle }
    : { kind: 'answer', bundle: parsed.data as AnswerBundle };
}

/**
 * Each item's hash against its content, in the file's order: the first that does not match is
 * named. Checked before the signature, which such a change breaks too, so the refusal says which
 * record was changed.
 */
export function checkItems(bundle: RequestBundle): void {
  for (const item of bundle.items) {
    const matches =
      sha256Json(item.content) === item.sha256 &&
      (item.state === 'missing') === (item.content === null);
    if (!matches)
      throw refused(
        `The ${KIND_NAMES[item.kind]} ${item.id}’s content does not match its hash: the bundle was changed after it was signed. Ask ${bundle.maker.name} for the file again.`,
      );
  }
}

/** The file was signed by the key it names, and nothing of it changed since. */
export function checkSignature(bundle: RequestBundle | AnswerBundle): void {
  const party: Party = 'maker' in bundle ? bundle.maker : bundle.checker;
  const holds =
    fingerprintOf(party.publicKey) === party.fingerprint &&
    signatureHolds(party.publicKey, signedText(bundle), bundle.signature);
  if (!holds)
    throw refused(
      `This review file’s signature does not hold: it was changed after ${party.name}’s CaseDesk signed it, or CaseDesk did not make it. Ask ${party.name} for the file again.`,
    );
}

const sameName = (a: string, b: string) =>
  a.normalize('NFC').trim().toLowerCase() === b.normalize('NFC').trim().toLowerCase();

/**
 * Maker and checker must differ: neither the same installation (key) nor the same analyst.
 * `other` is the party the file names; `me` this installation and its analyst.
 */
export function checkDifferentParties(
  other: Party,
  me: { name: string; fingerprint: string },
  what: 'request' | 'answer',
): void {
  const role = what === 'request' ? 'made' : 'answered';
  if (other.fingerprint === me.fingerprint)
    throw refused(
      `This review ${what} was ${role} on this installation of CaseDesk: maker and checker must differ. A second review is made by a colleague, on their own CaseDesk.`,
    );
  if (sameName(other.name, me.name))
    throw refused(
      `This review ${what} was ${role} by ${other.name}, the name this CaseDesk works under: maker and checker must differ. If you are someone else, set your own name on the Journal screen (G then L), then import it again.`,
    );
}
