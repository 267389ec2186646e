import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServiceClient } from '../../../main/api';
import { silentLogger } from '../../../main/lib/logger';
import { applyDelivered } from '../../../main/outbox/delivered-to-cache';
import { documentUpload } from '../../../main/outbox/kinds/document-upload';
import type { OutboxKind, SomeOutboxKind } from '../../../main/outbox/kinds/kind';
import { OUTBOX_KINDS, OutboxPayload, payloadSchemaOf } from '../../../main/outbox/kinds/registry';
import {
  createOutboxReplayer,
  type FailureFacts,
  type OutboxTransport,
} from '../../../main/outbox/outbox-replayer';
import { openOutbox } from '../../../main/outbox/outbox-store';
import { outboxItemView } from '../../../main/outbox/outbox-view';
import { pendingDocumentChanges, withPendingChange } from '../../../main/outbox/pending-documents';
import { createServiceTransport } from '../../../main/outbox/service-transport';
import type { DocumentView } from '../../../preload/contract';
import { makeTempDir } from '../../support/temp-dir';
import { document, openTestCache } from '../cache/review-records';

// A kind that exists only here: adding it takes its object and the kinds list it joins, nothing else.
const RetitlePayload = z.object({
  kind: z.literal('test.retitle'),
  documentId: z.string().min(1),
  title: z.string().min(1),
});
type RetitlePayload = z.infer<typeof RetitlePayload>;
interface RetitleOps {
  retitle(documentId: string, title: string): Promise<{ title: string }>;
}
const retitle: OutboxKind<RetitlePayload, RetitleOps> = {
  name: 'test.retitle',
  payload: RetitlePayload,
  label: 'Document retitle',
  discardLoss: 'The title stays as it is.',
  summary: (payload) => `Retitle ${payload.documentId} as “${payload.title}”`,
  operations: () => ({ retitle: () => Promise.reject(new Error('not through a client here')) }),
  send: (payload, ops) => ops.retitle(payload.documentId, payload.title),
  afterLostAnswer: { policy: 'send-again' },
  cacheTables: ['documents'],
  applyDelivery(writer, payload, result) {
    writer.changeDocument(payload.documentId, {
      display_name: (result as { title: string }).title,
    });
  },
  documentChange: {
    documentId: (payload) => payload.documentId,
    over: (payload, pending) => ({
      pending: { ...pending, kind: 'update' },
      displayName: payload.title,
    }),
  },
};

/** A kind the service cannot be asked about: a lost answer leaves it to the investigator. */
const SubmitPayload = z.object({ kind: z.literal('test.submit'), reference: z.string() });
type SubmitPayload = z.infer<typeof SubmitPayload>;
interface SubmitOps {
  submit(reference: string): Promise<unknown>;
}
const submit: OutboxKind<SubmitPayload, SubmitOps> = {
  name: 'test.submit',
  payload: SubmitPayload,
  label: 'Submission',
  discardLoss: 'It will not be submitted.',
  summary: (payload) => `Submit ${payload.reference}`,
  operations: () => ({ submit: () => Promise.reject(new Error('not through a client here')) }),
  send: (payload, ops) => ops.submit(payload.reference),
  afterLostAnswer: { policy: 'ask' },
  cacheTables: [],
};

const KINDS = [...OUTBOX_KINDS, retitle, submit] as const;

class Unreachable extends Error {}
class LostAnswer extends Error {}
const classify = (error: unknown): FailureFacts => ({
  transient: error instanceof Unreachable || error instanceof LostAnswer,
  unreachable: error instanceof Unreachable,
  outcomeUnknown: error instanceof LostAnswer,
  notFound: false,
  message: error instanceof Error ? error.message : String(error),
});

/** The built-in kinds' operations, which these tests do not send. */
const builtIns: OutboxTransport = {
  upload: () => Promise.reject(new Error('no upload here')),
  findDocuments: () => Promise.resolve([]),
  update: () => Promise.resolve(),
  remove: () => Promise.resolve(),
  saveCustomers: () => Promise.resolve(null),
  forcePressReport: () => Promise.resolve(),
  pressReportEvents: () => Promise.resolve([]),
  pressCustomerServiceId: () => null,
  sendKytSubmission: () => Promise.reject(new Error('no KYT core here')),
  kytSubmissionDiscarded: () => undefined,
  kytSubmissionRetried: () => undefined,
};

const cachedView = (id: string): DocumentView => ({
  id,
  customerExternalId: 'C1',
  displayName: 'Passport',
  fileName: `${id}.pdf`,
  fileType: 'pdf',
  fileMime: 'application/pdf',
  fileSize: 10,
  source: 'internal',
  fileUrl: '',
  createdAt: null,
  tags: [],
});

describe('an outbox kind', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('defined in one place goes through the outbox with the built-in ones: queued, sent, shown, applied', async () => {
    const { db, writer } = openTestCache();
    writer.putDocument(document('D1', 'C1', { display_name: 'Passport' }));
    const outbox = openOutbox(join(temp.path, 'outbox.db'), silentLogger, Date.now, KINDS);
    const sent: string[] = [];
    const replayer = createOutboxReplayer({
      outbox,
      transport: {
        ...builtIns,
        retitle: (id, title) => {
          sent.push(`${id}: ${title}`);
          return Promise.resolve({ title });
        },
        submit: () => Promise.resolve(null),
      },
      classify,
      logger: silentLogger,
      onDelivered: (item) => applyDelivered(writer, item, outbox.kinds),
    });

    const item = replayer.enqueue({
      kind: 'test.retitle',
      documentId: 'D1',
      title: 'Passport 2026',
    });
    const removal = replayer.enqueue({ kind: 'document.delete', id: 'D9' });
    const view = outboxItemView(item, outbox.kinds);
    expect(view).toMatchObject({
      kind: 'test.retitle',
      label: 'Document retitle',
      summary: 'Retitle D1 as “Passport 2026”',
      discardLoss: 'The title stays as it is.',
      state: 'queued',
    });
    // Pending, it shows over the cached document as its kind says.
    const listed = withPendingChange(
      cachedView('D1'),
      pendingDocumentChanges(outbox.list(), outbox.kinds),
    );
    expect(listed).toMatchObject({ displayName: 'Passport 2026', pending: { kind: 'update' } });

    expect(await replayer.replay()).toMatchObject({ delivered: 2, failed: 0, stoppedBy: null });
    expect(sent).toEqual(['D1: Passport 2026']);
    expect(outbox.get(item.id)).toMatchObject({
      state: 'done',
      result: { title: 'Passport 2026' },
    });
    expect(outbox.get(removal.id)?.state).toBe('done');
    expect(outboxItemView(outbox.get(item.id) ?? item, outbox.kinds).label).toBe(
      'Document retitle',
    );
    expect(db.prepare('SELECT display_name FROM documents WHERE id = ?').get('D1')).toEqual({
      display_name: 'Passport 2026',
    });
    outbox.close();
    db.close();
  });

  it('the service cannot be asked about is held for the investigator after a lost answer, never sent again', async () => {
    const outbox = openOutbox(join(temp.path, 'outbox.db'), silentLogger, Date.now, KINDS);
    let submissions = 0;
    const replayer = createOutboxReplayer({
      outbox,
      transport: {
        ...builtIns,
        retitle: () => Promise.resolve({ title: '' }),
        submit: () => {
          submissions += 1;
          return Promise.reject(new LostAnswer('the connection dropped before the answer'));
        },
      },
      classify,
      logger: silentLogger,
    });
    const lost = replayer.enqueue({ kind: 'test.submit', reference: 'R1' });
    const report = await replayer.replay();
    expect(report).toMatchObject({
      failed: 1,
      stoppedBy: 'the connection dropped before the answer',
    });
    expect(outbox.get(lost.id)?.state).toBe('failed');
    expect(outbox.get(lost.id)?.lastError).toMatch(/cannot be asked whether it arrived/);

    // Left `sending` by a crash: the same, without a request.
    const crashed = replayer.enqueue({ kind: 'test.submit', reference: 'R2' });
    outbox.markSending(crashed.id);
    await replayer.replay();
    expect(outbox.get(crashed.id)?.state).toBe('failed');
    expect(submissions).toBe(1);
    outbox.close();
  });

  it('that is not registered is refused by the outbox', () => {
    const outbox = openOutbox(join(temp.path, 'outbox.db'), silentLogger);
    expect(() =>
      outbox.enqueue({ kind: 'test.retitle', documentId: 'D1', title: 'x' } as never),
    ).toThrow();
    expect(outbox.list()).toEqual([]);
    outbox.close();
  });
});

describe('the outbox kinds registry', () => {
  it('names every kind once, and its payload schema takes only registered kinds', () => {
    const names = OUTBOX_KINDS.map((kind) => kind.name);
    expect(new Set(names).size).toBe(names.length);
    expect(OutboxPayload.safeParse({ kind: 'document.delete', id: 'D1' }).success).toBe(true);
    expect(OutboxPayload.safeParse({ kind: 'kyt.submit', id: 'D1' }).success).toBe(false);
    expect(OutboxPayload.safeParse({ id: 'D1' }).success).toBe(false);
    expect(() => payloadSchemaOf([...OUTBOX_KINDS, documentUpload])).toThrow(
      /Two outbox kinds are named document\.upload/,
    );
  });

  it('gives the service transport every kind’s operations, and refuses two of one name', () => {
    const client = {} as ServiceClient;
    const transport = createServiceTransport(client, KINDS);
    expect(Object.keys(transport).sort()).toEqual(
      [
        'findDocuments',
        'forcePressReport',
        'kytSubmissionDiscarded',
        'kytSubmissionRetried',
        'pressCustomerServiceId',
        'pressReportEvents',
        'remove',
        'retitle',
        'readCustomersBack',
        'relationsAnswered',
        'saveCustomers',
        'sendKytSubmission',
        'submit',
        'update',
        'upload',
      ].sort(),
    );
    const clash: SomeOutboxKind = { ...(retitle as SomeOutboxKind), name: 'test.clash' };
    expect(() => createServiceTransport(client, [...KINDS, clash])).toThrow(
      /operation named retitle/,
    );
  });

  it('is the only place kinds are named: the outbox’s own code, the workspace and the outbox screen never name one', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const folders = ['main/outbox', 'main/workspace', 'renderer/src/features/outbox'];
    const files = folders.flatMap((folder) =>
      readdirSync(join(root, folder), { withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
        .map((entry) => join(folder, entry.name)),
    );
    expect(files.length).toBeGreaterThan(8);
    // A kind's full name, or the family it belongs to ('document.'), quoted in any way.
    const names = OUTBOX_KINDS.flatMap((kind) => [kind.name, kind.name.replace(/[^.]+$/, '')]);
    const literal = new RegExp(
      `(['"\`])(${names.map((name) => name.replace(/\./g, '\\.')).join('|')})\\1`,
    );
    const naming = files.filter((file) => literal.test(readFileSync(join(root, file), 'utf8')));
    expect(naming).toEqual([]);
  });
});
