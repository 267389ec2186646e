import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewImportView } from '../../../preload/contract';
import type { CacheDb } from '../../../main/cache/open-cache';
import type { createCacheWriter } from '../../../main/cache/repositories';
import { createDownloadedFiles } from '../../../main/downloads/downloaded-files';
import { AppError } from '../../../main/lib/app-error';
import { silentLogger } from '../../../main/lib/logger';
import { openLocalStore, type LocalStore } from '../../../main/local/local-store';
import { IDENTITY_FILE, loadIdentity, type Identity } from '../../../main/review/identity';
import { createReview, type Me, type Review } from '../../../main/review/review';
import { createWorkbench, type Workbench } from '../../../main/workbench/workbench';
import { alert, document, openTestCache } from '../cache/review-records';
import { makeTempDir } from '../../support/temp-dir';

// A second review between two installations, each with its own data folder, key, cache and local
// store, on the same service: the request signed and checked, refused when changed by hand (naming
// the record), from another service or from the same installation or analyst; the evidence set
// beside the checker's own cache; the answer recorded back; every step in each journal.

const TENANT = 'https://tenant.example';
const START = Date.parse('2026-05-04T08:00:00Z');
const SYNCED = Date.parse('2024-04-01T00:00:00Z');

interface Installation {
  folder: ReturnType<typeof makeTempDir>;
  local: LocalStore;
  cache: CacheDb;
  writer: ReturnType<typeof createCacheWriter>;
  bench: Workbench;
  review: Review;
  identity: Identity;
  me: Me;
}

async function installation(name: string, now: () => number): Promise<Installation> {
  const folder = makeTempDir('casedesk-review-');
  const opening = openLocalStore(join(folder.path, 'local.db'), silentLogger, now);
  if (opening.state !== 'open') throw new Error(opening.reason);
  const local = opening.store;
  const { db: cache, writer } = openTestCache();
  writer.putAlerts([alert('A1', 'C-1')], SYNCED);
  writer.putDocument(document('D-1', 'C-1'));
  writer.putDocument(document('D-2', 'C-1'));
  const bench = createWorkbench({ local, cache, logger: silentLogger, now });
  const review = createReview({
    local,
    cache,
    workbench: bench,
    tenant: TENANT,
    logger: silentLogger,
    now,
  });
  const identity = await loadIdentity(folder.path, silentLogger, now);
  return { folder, local, cache, writer, bench, review, identity, me: { name, identity } };
}

/** The AppError `work` rejects with, or a failure when it does not. */
async function refusal(work: () => unknown): Promise<AppError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('no AppError was thrown');
}

describe('second review', () => {
  let clock = START;
  const now = () => (clock += 1000);
  let maker: Installation;
  let checker: Installation;
  let files: ReturnType<typeof makeTempDir>;

  beforeEach(async () => {
    clock = START;
    maker = await installation('Ana Ruiz', now);
    checker = await installation('Bo Chen', now);
    files = makeTempDir('casedesk-review-files-');
  });
  afterEach(() => {
    for (const side of [maker, checker]) {
      side.local.close();
      side.cache.close();
      side.folder.remove();
    }
    files.remove();
  });

  const propose = () =>
    maker.bench.propose(
      {
        alertId: 'A1',
        state: 7,
        reason: 'Date of birth differs from the listed person.',
        evidence: [
          { kind: 'document', id: 'D-1', label: 'Passport' },
          { kind: 'kyt', id: 'T-404', label: '' },
        ],
      },
      maker.me.name,
    );
  const send = async () => {
    propose();
    const sent = await maker.review.send('A1', maker.me, files.path);
    return { ...sent, text: readFileSync(sent.path, 'utf8') };
  };
  const journal = (side: Installation) =>
    side.local.journal.of('alert:A1').map(({ actor, action }) => ({ actor, action }));

  it('keeps one key per installation, made once, readable by the user alone', async () => {
    const again = await loadIdentity(maker.folder.path, silentLogger);
    expect(again.fingerprint).toBe(maker.identity.fingerprint);
    expect(again.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(checker.identity.fingerprint).not.toBe(maker.identity.fingerprint);
    if (process.platform !== 'win32')
      expect(statSync(join(maker.folder.path, IDENTITY_FILE)).mode & 0o777).toBe(0o600);
    // Two first uses at once end with one key.
    const fresh = makeTempDir('casedesk-review-key-');
    try {
      const keys = await Promise.all(
        Array.from({ length: 4 }, () => loadIdentity(fresh.path, silentLogger)),
      );
      expect(new Set(keys.map((key) => key.fingerprint)).size).toBe(1);
    } finally {
      fresh.remove();
    }
  });

  it('sends the open proposal as a signed request listing each record with its hash', async () => {
    const sent = await send();
    expect(sent.path).toBe(join(files.path, 'A1-review-request.casedesk-review.json'));
    const bundle = JSON.parse(sent.text) as {
      format: string;
      tenant: string;
      items: Array<{ kind: string; id: string; state: string; sha256: string }>;
      maker: { name: string; fingerprint: string };
      signature: string;
    };
    expect(bundle.format).toBe('casedesk.review-request');
    expect(bundle.tenant).toBe(TENANT);
    expect(bundle.maker).toMatchObject({
      name: 'Ana Ruiz',
      fingerprint: maker.identity.fingerprint,
    });
    expect(bundle.items.map(({ kind, id, state }) => [kind, id, state])).toEqual([
      ['alert', 'A1', 'present'],
      ['document', 'D-1', 'present'],
      ['kyt', 'T-404', 'missing'],
    ]);
    expect(bundle.signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(maker.review.status('A1').sent).toMatchObject([
      {
        requestDigest: sent.requestDigest,
        state: 'awaiting',
        fileName: 'A1-review-request.casedesk-review.json',
      },
    ]);
    expect(maker.review.awaitingAlertIds()).toEqual(['A1']);
    expect(maker.review.counts()).toEqual({ awaitingAnswer: 1, toAnswer: 0, alerts: 1 });
    // A second file of the same alert never replaces the first.
    const again = await maker.review.send('A1', maker.me, files.path);
    expect(again.path).toBe(join(files.path, 'A1-review-request (2).casedesk-review.json'));
    expect(journal(maker)).toEqual([
      { actor: 'Ana Ruiz', action: 'proposal.made' },
      { actor: 'Ana Ruiz', action: 'review.requested' },
      { actor: 'Ana Ruiz', action: 'review.requested' },
    ]);
  });

  it('refuses to send without an open proposal, or a stale one', async () => {
    expect((await refusal(() => maker.review.send('A1', maker.me, files.path))).message).toMatch(
      /no open proposal on this alert/,
    );
    propose();
    maker.writer.putAlerts([alert('A1', 'C-1', { revision_number: 2 })], SYNCED);
    const stale = await refusal(() => maker.review.send('A1', maker.me, files.path));
    expect(stale.code).toBe('conflict');
    expect(stale.message).toMatch(/stale/);
    expect(readdirSync(files.path)).toEqual([]);
  });

  it('goes there and back: imported, compared, answered, and the answer recorded', async () => {
    const sent = await send();
    const imported = checker.review.importText(sent.text, 'request.json', checker.me);
    expect(imported).toEqual({
      kind: 'request',
      requestDigest: sent.requestDigest,
      alertId: 'A1',
      maker: { name: 'Ana Ruiz', fingerprint: maker.identity.fingerprint },
      alreadyImported: false,
    });
    // Imported twice: the same request, kept once.
    expect(checker.review.importText(sent.text, 'request.json', checker.me)).toMatchObject({
      alreadyImported: true,
    });
    const view = await checker.review.request(sent.requestDigest);
    expect(view.items.map(({ kind, id, result }) => [kind, id, result])).toEqual([
      ['alert', 'A1', 'same'],
      ['document', 'D-1', 'same'],
      ['kyt', 'T-404', 'missing-both'],
    ]);
    expect(checker.review.counts()).toEqual({ awaitingAnswer: 0, toAnswer: 1, alerts: 1 });

    const answered = await checker.review.answer(
      sent.requestDigest,
      'approve',
      'Evidence checked against my cache.',
      checker.me,
      files.path,
    );
    expect(answered.path).toBe(join(files.path, 'A1-review-answer.casedesk-review.json'));
    expect(checker.review.counts().toAnswer).toBe(0);
    const twice = await refusal(() =>
      checker.review.answer(sent.requestDigest, 'reject', 'No.', checker.me, files.path),
    );
    expect(twice.code).toBe('conflict');

    const recorded = maker.review.importText(
      readFileSync(answered.path, 'utf8'),
      'answer.json',
      maker.me,
    );
    expect(recorded).toEqual({
      kind: 'answer',
      requestDigest: sent.requestDigest,
      alertId: 'A1',
      decision: 'approve',
      checker: { name: 'Bo Chen', fingerprint: checker.identity.fingerprint },
      answeredClosedProposal: null,
      alreadyRecorded: false,
    } satisfies ReviewImportView);
    const [status] = maker.review.status('A1').sent;
    expect(status).toMatchObject({
      state: 'approved',
      answer: { decision: 'approve', reason: 'Evidence checked against my cache.' },
      answeredClosedProposal: null,
    });
    expect(maker.review.awaitingAlertIds()).toEqual([]);
    expect(
      maker.review.importText(readFileSync(answered.path, 'utf8'), 'answer.json', maker.me),
    ).toMatchObject({ alreadyRecorded: true });

    expect(journal(maker)).toEqual([
      { actor: 'Ana Ruiz', action: 'proposal.made' },
      { actor: 'Ana Ruiz', action: 'review.requested' },
      { actor: 'Ana Ruiz', action: 'review.recorded' },
    ]);
    expect(journal(checker)).toEqual([
      { actor: 'Bo Chen', action: 'review.received' },
      { actor: 'Bo Chen', action: 'review.answered' },
    ]);
    const [entry] = maker.local.journal.of('alert:A1').slice(-1);
    expect(entry?.body).toMatchObject({
      request: sent.requestDigest,
      decision: 'approve',
      reason: 'Evidence checked against my cache.',
      checker: { name: 'Bo Chen' },
    });
    expect(maker.local.journal.verify().state).toBe('intact');
    expect(checker.local.journal.verify().state).toBe('intact');
  });

  it('flags what the checker’s cache holds otherwise, down to the field', async () => {
    const sent = await send();
    checker.writer.putAlerts([alert('A1', 'C-1', { state: 5, revision_number: 2 })], SYNCED);
    checker.writer.putDocument(document('D-1', 'C-1', { display_name: 'Passport (expired)' }));
    checker.review.importText(sent.text, 'request.json', checker.me);
    const view = await checker.review.request(sent.requestDigest);
    const [alertItem, documentItem] = view.items;
    expect(alertItem).toMatchObject({ result: 'differs' });
    expect(alertItem?.changes.map((change) => change.path)).toEqual([
      'last_revision.id',
      'last_revision.revision_number',
      'last_revision.state',
    ]);
    expect(alertItem?.changes[2]).toEqual({ path: 'last_revision.state', theirs: '2', here: '5' });
    expect(documentItem).toMatchObject({
      result: 'differs',
      changes: [{ path: 'display_name', theirs: 'Passport D-1', here: 'Passport (expired)' }],
      file: 'not-compared',
    });
    const answered = await checker.review.answer(
      sent.requestDigest,
      'reject',
      'The alert moved on.',
      checker.me,
      files.path,
    );
    const answer = JSON.parse(readFileSync(answered.path, 'utf8')) as { differences: unknown[] };
    expect(answer.differences).toEqual([
      { kind: 'alert', id: 'A1', label: 'The alert under review', result: 'differs' },
      { kind: 'document', id: 'D-1', label: 'Passport', result: 'differs' },
      { kind: 'kyt', id: 'T-404', label: '', result: 'missing-both' },
    ]);
  });

  it('refuses a request changed by hand, naming the record whose hash does not match', async () => {
    const sent = await send();
    const changed = JSON.parse(sent.text) as {
      items: Array<{ content: { display_name?: string } | null }>;
      proposal: { reason: string };
    };
    changed.items[1]!.content!.display_name = 'Someone else’s passport';
    const refused = await refusal(() =>
      checker.review.importText(JSON.stringify(changed), 'request.json', checker.me),
    );
    expect(refused.message).toBe(
      'The document D-1’s content does not match its hash: the bundle was changed after it was signed. Ask Ana Ruiz for the file again.',
    );

    // Changed where no hash covers it: the signature does not hold.
    const reason = JSON.parse(sent.text) as { proposal: { reason: string } };
    reason.proposal.reason = 'Approved by the board.';
    expect(
      (
        await refusal(() =>
          checker.review.importText(JSON.stringify(reason), 'request.json', checker.me),
        )
      ).message,
    ).toMatch(/signature does not hold: it was changed after Ana Ruiz’s CaseDesk signed it/);
    expect(checker.review.counts().toAnswer).toBe(0);
    expect(checker.local.journal.head().seq).toBe(0);
  });

  it('refuses a file of another service, naming both', async () => {
    const sent = await send();
    const elsewhere = createReview({
      local: checker.local,
      cache: checker.cache,
      workbench: checker.bench,
      tenant: 'https://other.example',
      logger: silentLogger,
    });
    expect(
      (await refusal(() => elsewhere.importText(sent.text, 'request.json', checker.me))).message,
    ).toBe(
      'This review file was made on another service (https://tenant.example); the profile open here works on https://other.example. Open a profile of https://tenant.example, then import it again.',
    );
  });

  it('refuses a request from the same installation or the same analyst', async () => {
    const sent = await send();
    const own = await refusal(() => maker.review.importText(sent.text, 'request.json', maker.me));
    expect(own.message).toMatch(
      /made on this installation of CaseDesk: maker and checker must differ/,
    );
    const sameName = await refusal(() =>
      checker.review.importText(sent.text, 'request.json', {
        ...checker.me,
        name: ' ana ruiz ',
      }),
    );
    expect(sameName.message).toMatch(/made by Ana Ruiz, the name this CaseDesk works under/);
  });

  it('refuses what is not a review file, or of another version', async () => {
    const notJson = await refusal(() => checker.review.importText('hello', 'x.txt', checker.me));
    expect(notJson.message).toMatch(/“x.txt” is not a CaseDesk review file \(it is not JSON\)/);
    const other = await refusal(() =>
      checker.review.importText('{"format":"zip"}', 'x.json', checker.me),
    );
    expect(other.message).toMatch(/is not a CaseDesk review file/);
    const sent = await send();
    const newer = { ...(JSON.parse(sent.text) as object), version: 2 };
    expect(
      (await refusal(() => checker.review.importText(JSON.stringify(newer), 'r.json', checker.me)))
        .message,
    ).toMatch(/review file of another version \(2\); this CaseDesk reads version 1/);
  });

  it('records an answer to a proposal withdrawn meanwhile, flagged, and refuses one to no request sent', async () => {
    const sent = await send();
    checker.review.importText(sent.text, 'request.json', checker.me);
    const answered = await checker.review.answer(
      sent.requestDigest,
      'reject',
      'Not enough evidence.',
      checker.me,
      files.path,
    );
    const [open] = maker.bench.proposals('A1');
    maker.bench.withdraw(open!.id, 'Customer closed the account.', maker.me.name);
    const text = readFileSync(answered.path, 'utf8');

    // The checker's own CaseDesk sent no such request.
    expect(
      (await refusal(() => checker.review.importText(text, 'a.json', checker.me))).message,
    ).toMatch(/not sent from this profile of this CaseDesk/);
    // A changed answer is refused.
    const edited = JSON.parse(text) as { decision: string };
    edited.decision = 'approve';
    expect(
      (await refusal(() => maker.review.importText(JSON.stringify(edited), 'a.json', maker.me)))
        .message,
    ).toMatch(/signature does not hold/);

    expect(maker.review.importText(text, 'a.json', maker.me)).toMatchObject({
      decision: 'reject',
      answeredClosedProposal: 'withdrawn',
    });
    expect(maker.review.status('A1').sent[0]).toMatchObject({
      state: 'rejected',
      proposalStatus: 'withdrawn',
      answeredClosedProposal: 'withdrawn',
    });
  });

  /** A download of document D-1 saved at `path`, recorded as the downloads record it. */
  const keepDownload = (local: LocalStore, path: string, bytes: string) =>
    createDownloadedFiles(local).keep({
      v: 1,
      target: { kind: 'document', id: 'D-1' },
      customerExternalId: 'C-1',
      threadId: null,
      displayName: 'Passport',
      fileName: 'passport.pdf',
      fileMime: 'application/pdf',
      revisionId: 'D-1-rev',
      path,
      savedName: 'passport.pdf',
      bytes: Buffer.byteLength(bytes),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      savedAtMs: 0,
    });

  it('compares a downloaded document’s file when both sides hold one', async () => {
    const saved = join(maker.folder.path, 'passport.pdf');
    writeFileSync(saved, 'the passport scan');
    keepDownload(maker.local, saved, 'the passport scan');
    const sent = await send();
    const bundle = JSON.parse(sent.text) as { items: Array<{ file: unknown }> };
    expect(bundle.items[1]?.file).toEqual({
      sha256: createHash('sha256').update('the passport scan').digest('hex'),
      bytes: 17,
    });
    const copy = join(checker.folder.path, 'passport.pdf');
    writeFileSync(copy, 'a different scan!');
    keepDownload(checker.local, copy, 'a different scan!');
    checker.review.importText(sent.text, 'request.json', checker.me);
    const [, documentItem] = (await checker.review.request(sent.requestDigest)).items;
    expect(documentItem).toMatchObject({ result: 'same', file: 'differs' });
  });
});
