import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import { outboxCopyPath, removeOrphanCopies } from '../../../main/outbox/outbox-files';
import {
  type FoundDocument,
  inDoubtGraceMs,
  type UploadPayload,
  uploadOrigin,
} from '../../../main/outbox/kinds/document-upload';
import {
  createOutboxReplayer,
  type FailureFacts,
  type OutboxChange,
  type OutboxTransport,
} from '../../../main/outbox/outbox-replayer';
import { openOutbox, type Outbox, type OutboxItem } from '../../../main/outbox/outbox-store';
import { makeTempDir } from '../../support/temp-dir';

class Unreachable extends Error {}
class LostAnswer extends Error {}
class Refused extends Error {}

/** A service in memory: what it was asked, and documents it holds. */
function fakeService() {
  const uploads: UploadPayload[] = [];
  const documents: Array<FoundDocument & { file_size: number }> = [];
  const sent: string[] = [];
  let down = false;
  let searchRefused = false;
  let beforeUpload: () => void = () => undefined;
  const transport: OutboxTransport = {
    upload(payload, onSent, origin) {
      if (down) return Promise.reject(new Unreachable('unreachable'));
      beforeUpload();
      uploads.push(payload);
      const size = payload.source.type === 'file' ? payload.source.size : payload.source.file_size;
      onSent?.(size);
      const document = {
        id: `doc-${uploads.length}`,
        customer_external_id: payload.customer_external_id,
        display_name: payload.display_name,
        file_name: payload.file_name,
        created_at: Math.floor(Date.now() / 1000),
        file_size: size,
        tags: payload.tag_codes,
        origin: origin === undefined ? null : { value: origin },
      };
      documents.push(document);
      return Promise.resolve(document);
    },
    findDocuments: (customer, fileName) =>
      down
        ? Promise.reject(new Unreachable('unreachable'))
        : searchRefused
          ? Promise.reject(new Refused('search refused (403)'))
          : Promise.resolve(
              documents.filter(
                (doc) => doc.customer_external_id === customer && doc.file_name === fileName,
              ),
            ),
    update: (id) => {
      if (down) return Promise.reject(new Unreachable('unreachable'));
      sent.push(`update ${id}`);
      return Promise.resolve();
    },
    remove: (id) => {
      if (down) return Promise.reject(new Unreachable('unreachable'));
      sent.push(`delete ${id}`);
      return Promise.resolve();
    },
    saveCustomers: () => Promise.resolve(null),
    forcePressReport: () => Promise.resolve(),
    pressReportEvents: () => Promise.resolve([]),
    pressCustomerServiceId: () => null,
    sendKytSubmission: () => Promise.reject(new Error('no KYT core here')),
    kytSubmissionDiscarded: () => undefined,
    kytSubmissionRetried: () => undefined,
  };
  return {
    transport,
    uploads,
    documents,
    sent,
    setDown: (value: boolean) => void (down = value),
    refuseSearch: (value: boolean) => void (searchRefused = value),
    onUpload: (run: () => void) => void (beforeUpload = run),
  };
}

const classify = (error: unknown): FailureFacts => ({
  transient: error instanceof Unreachable || error instanceof LostAnswer,
  unreachable: error instanceof Unreachable,
  outcomeUnknown: error instanceof LostAnswer,
  notFound: false,
  message: error instanceof Error ? error.message : String(error),
});

describe('the outbox replayer', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let outbox: Outbox;
  let service: ReturnType<typeof fakeService>;
  let changes: OutboxChange[];
  let delivered: OutboxItem[];
  let progress: Array<[string, number, number]>;
  const replayerFor = (now?: () => number) =>
    createOutboxReplayer({
      ...(now ? { now } : {}),
      outbox,
      transport: service.transport,
      classify,
      logger: silentLogger,
      onChange: (change) => changes.push(change),
      onDelivered: (item) => delivered.push(item),
      onProgress: (item, sentBytes, total) => progress.push([item.id, sentBytes, total]),
    });
  /** An upload whose bytes are a copy kept in the outbox's own folder. */
  const keptUpload = (id: string, fileName = 'passport.pdf'): UploadPayload => {
    mkdirSync(outbox.filesDir, { recursive: true });
    const path = outboxCopyPath(outbox.filesDir, id);
    writeFileSync(path, 'bytes');
    return {
      kind: 'document.upload',
      customer_external_id: 'C1',
      display_name: 'Passport',
      file_name: fileName,
      tag_codes: [],
      source: { type: 'file', path, size: 5, sha256: 'f' },
    };
  };

  beforeEach(() => {
    temp = makeTempDir();
    outbox = openOutbox(join(temp.path, 'outbox.db'), silentLogger);
    service = fakeService();
    changes = [];
    delivered = [];
    progress = [];
  });
  afterEach(() => {
    outbox.close();
    temp.remove();
  });

  it('queues a request once, however often it is made', () => {
    const replayer = replayerFor();
    const id = randomUUID();
    const first = replayer.enqueue({ kind: 'document.delete', id: 'doc-1', label: 'Passport' }, id);
    const again = replayer.enqueue({ kind: 'document.delete', id: 'doc-1' }, id);
    expect(again).toEqual(first);
    expect(outbox.list()).toHaveLength(1);
    expect(changes).toEqual([{ id, item: first }]);
  });

  it('sends each write once, tells what was delivered, and removes the kept copy (never an original)', async () => {
    const replayer = replayerFor();
    const uploadId = randomUUID();
    replayer.enqueue(keptUpload(uploadId), uploadId);
    const original = join(temp.path, 'original.pdf');
    writeFileSync(original, 'bytes');
    replayer.enqueue({
      ...keptUpload('unused'),
      file_name: 'original.pdf',
      source: { type: 'file', path: original, size: 5, sha256: 'f' },
    });
    replayer.enqueue({ kind: 'document.update', id: 'doc-9', display_name: 'Renamed' });

    expect(await replayer.replay()).toEqual({
      delivered: 3,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(await replayer.replay()).toEqual({
      delivered: 0,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(service.uploads.map((upload) => upload.file_name)).toEqual([
      'passport.pdf',
      'original.pdf',
    ]);
    expect(service.sent).toEqual(['update doc-9']);
    expect(delivered.map((item) => item.payload.kind)).toEqual([
      'document.upload',
      'document.upload',
      'document.update',
    ]);
    expect(delivered[0]?.result).toMatchObject({ id: 'doc-1', file_name: 'passport.pdf' });
    expect(progress).toContainEqual([uploadId, 5, 5]);
    expect(existsSync(outboxCopyPath(outbox.filesDir, uploadId))).toBe(false);
    expect(existsSync(original)).toBe(true);
    const states = changes.filter((change) => change.id === uploadId).map((c) => c.item?.state);
    expect(states).toEqual(['queued', 'sending', 'done']);
  });

  it('keeps writes while the service is down, in order, and sends them when it is back', async () => {
    const replayer = replayerFor();
    service.setDown(true);
    const id = randomUUID();
    replayer.enqueue(keptUpload(id), id);
    replayer.enqueue({ kind: 'document.delete', id: 'doc-3' });
    const offline = await replayer.replay();
    expect(offline).toEqual({
      delivered: 0,
      failed: 0,
      stoppedBy: 'unreachable',
      unreachable: true,
    });
    expect(outbox.get(id)).toMatchObject({ state: 'queued', lastError: 'unreachable' });
    expect(existsSync(outboxCopyPath(outbox.filesDir, id))).toBe(true);
    service.setDown(false);
    expect(await replayer.replay()).toEqual({
      delivered: 2,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(service.uploads).toHaveLength(1);
    expect(service.sent).toEqual(['delete doc-3']);
  });

  it('finds an upload a crash left “sending” that had arrived, instead of sending it again', async () => {
    const id = randomUUID();
    const payload = keptUpload(id);
    outbox.enqueue(payload, id);
    outbox.markSending(id);
    outbox.markBodyStarted(id);
    // It went out with its origin, and the service kept it.
    service.documents.push({
      id: 'doc-arrived',
      customer_external_id: 'C1',
      file_name: 'passport.pdf',
      created_at: Math.floor(Date.now() / 1000),
      file_size: 5,
      origin: { value: uploadOrigin(id) },
    });
    expect(await replayerFor().replay()).toEqual({
      delivered: 0,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(service.uploads).toEqual([]);
    expect(outbox.get(id)).toMatchObject({ state: 'done', result: { id: 'doc-arrived' } });
    expect(delivered.map((item) => item.id)).toEqual([id]);
  });

  it('sends at once an upload a crash left “sending” before any of its bytes went out', async () => {
    const id = randomUUID();
    outbox.enqueue(keptUpload(id), id);
    outbox.markSending(id);
    expect((await replayerFor().replay()).delivered).toBe(1);
    expect(service.uploads).toHaveLength(1);
    expect(outbox.get(id)?.state).toBe('done');
  });

  it('sends again, once, an upload a crash left “sending” that never arrived, once its time in doubt is over', async () => {
    const id = randomUUID();
    outbox.enqueue(keptUpload(id), id);
    outbox.markSending(id);
    outbox.markBodyStarted(id);
    const later = randomUUID();
    outbox.enqueue({ kind: 'document.delete', id: 'doc-9' }, later);
    // Just after: it may still be being stored; it waits in doubt, and the rest goes out.
    expect((await replayerFor().replay()).delivered).toBe(1);
    expect(service.sent).toEqual(['delete doc-9']);
    expect(outbox.get(id)?.state).toBe('sending');
    expect(service.uploads).toHaveLength(0);
    const replayer = replayerFor(() => Date.now() + inDoubtGraceMs(5) + 1000);
    expect(await replayer.replay()).toEqual({
      delivered: 1,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(await replayer.replay()).toEqual({
      delivered: 0,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(service.uploads).toHaveLength(1);
  });

  it('without origins kept by the service, takes only a document alike in every field sent, new, and not another filing’s', async () => {
    const first = randomUUID();
    const second = randomUUID();
    const third = randomUUID();
    for (const id of [first, second, third]) {
      outbox.enqueue(keptUpload(id), id);
      outbox.markSending(id);
      outbox.markBodyStarted(id);
    }
    const alike = {
      customer_external_id: 'C1',
      display_name: 'Passport',
      file_name: 'passport.pdf',
      file_size: 5,
      tags: [],
      origin: null,
    };
    const nowSeconds = Math.floor(Date.now() / 1000);
    service.documents.push(
      // Filed a month ago, its time in milliseconds: not this upload.
      { ...alike, id: 'doc-old', created_at: (nowSeconds - 30 * 86_400) * 1000 },
      // Another display name: not this upload.
      { ...alike, id: 'doc-other-name', display_name: 'Visa', created_at: nowSeconds },
      // Alike: the first upload in doubt takes it, and no other may.
      { ...alike, id: 'doc-new', created_at: nowSeconds },
    );
    await replayerFor().replay();
    const states = [first, second, third].map((id) => outbox.get(id));
    expect(states.filter((item) => item?.state === 'done')).toHaveLength(1);
    expect(states.find((item) => item?.state === 'done')?.result).toMatchObject({ id: 'doc-new' });
    // The other two wait in doubt, then are sent: each filed exactly once.
    await replayerFor(() => Date.now() + inDoubtGraceMs(5) + 1000).replay();
    expect(service.uploads).toHaveLength(2);
    expect(outbox.list(['done'])).toHaveLength(3);
  });

  it('does not take a document another CaseDesk filing names for an upload in doubt', async () => {
    const id = randomUUID();
    outbox.enqueue(keptUpload(id), id);
    outbox.markSending(id);
    outbox.markBodyStarted(id);
    service.documents.push({
      id: 'doc-someone-else',
      customer_external_id: 'C1',
      display_name: 'Passport',
      file_name: 'passport.pdf',
      file_size: 5,
      tags: [],
      created_at: Math.floor(Date.now() / 1000),
      origin: { value: uploadOrigin(randomUUID()) },
    });
    await replayerFor(() => Date.now() + inDoubtGraceMs(5) + 1000).replay();
    expect(service.uploads).toHaveLength(1);
    expect(outbox.get(id)?.result).toMatchObject({ id: 'doc-1', file_name: 'passport.pdf' });
  });

  it('fails an upload in doubt whose look-up is refused, and sends the rest', async () => {
    const id = randomUUID();
    outbox.enqueue(keptUpload(id), id);
    outbox.markSending(id);
    outbox.markBodyStarted(id);
    outbox.enqueue({ kind: 'document.delete', id: 'doc-4' });
    service.refuseSearch(true);
    const report = await replayerFor().replay();
    expect(report.delivered).toBe(1);
    expect(service.sent).toEqual(['delete doc-4']);
    expect(outbox.get(id)).toMatchObject({ state: 'failed' });
    expect(outbox.get(id)?.lastError).toMatch(/could not check whether it arrived/);
    expect(service.uploads).toHaveLength(0);
  });

  it('does not send what was discarded while a run was going', async () => {
    const replayer = replayerFor();
    const first = randomUUID();
    const second = randomUUID();
    replayer.enqueue(keptUpload(first, 'first.pdf'), first);
    replayer.enqueue(keptUpload(second, 'second.pdf'), second);
    service.onUpload(() => {
      if (service.uploads.length === 0) expect(replayer.discard(second)).toBe(true);
    });
    await replayer.replay();
    expect(service.uploads.map((upload) => upload.file_name)).toEqual(['first.pdf']);
    expect(outbox.get(second)).toBeNull();
    expect(existsSync(outboxCopyPath(outbox.filesDir, second))).toBe(false);
  });

  it('keeps an upload whose answer was lost “sending” with the reason; it may be discarded then, not while it goes out', async () => {
    const replayer = replayerFor();
    const id = randomUUID();
    replayer.enqueue(keptUpload(id), id);
    service.onUpload(() => {
      expect(replayer.discard(id)).toBe(false);
      throw new LostAnswer('the connection dropped before the answer');
    });
    const report = await replayer.replay();
    expect(report.stoppedBy).toBe('the connection dropped before the answer');
    expect(outbox.get(id)).toMatchObject({
      state: 'sending',
      lastError: 'the connection dropped before the answer',
    });
    expect(replayer.discard(id)).toBe(true);
    expect(outbox.get(id)).toBeNull();
    expect(existsSync(outboxCopyPath(outbox.filesDir, id))).toBe(false);
    expect(changes.at(-1)).toEqual({ id, item: null });
  });

  it('sends a write queued during a run in the run that follows it', async () => {
    const replayer = replayerFor();
    const late = randomUUID();
    service.onUpload(() => {
      if (service.uploads.length === 0) {
        replayer.enqueue({ kind: 'document.delete', id: 'doc-late' }, late);
        void replayer.replay();
      }
    });
    const first = randomUUID();
    replayer.enqueue(keptUpload(first), first);
    const running = replayer.replay();
    const following = replayer.replay();
    await running;
    await following;
    expect(outbox.get(late)?.state).toBe('done');
    expect(service.sent).toEqual(['delete doc-late']);
  });

  it('removes copies no change waits for when the outbox opens', () => {
    const waiting = randomUUID();
    outbox.enqueue(keptUpload(waiting), waiting);
    const delivered = randomUUID();
    outbox.enqueue(keptUpload(delivered), delivered);
    outbox.markDone(delivered, null);
    writeFileSync(outboxCopyPath(outbox.filesDir, delivered), 'left by a crash');
    writeFileSync(outboxCopyPath(outbox.filesDir, randomUUID()), 'never queued');
    writeFileSync(`${outboxCopyPath(outbox.filesDir, waiting)}.partial`, 'half written');
    const removed = removeOrphanCopies(
      outbox.filesDir,
      (id) => {
        const item = outbox.get(id);
        return item !== null && item.state !== 'done';
      },
      silentLogger,
    );
    expect(removed).toBe(3);
    expect(readdirSync(outbox.filesDir)).toEqual([waiting]);
  });
});
