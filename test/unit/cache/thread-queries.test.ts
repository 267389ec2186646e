import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { ThreadFilterInput } from '../../../preload/contract';
import { ThreadListInput } from '../../../preload/contract';
import { migrate } from '../../../main/cache/open-cache';
import { migration001 } from '../../../main/cache/migrations/001-initial';
import { migration003 } from '../../../main/cache/migrations/003-threads';
import { createCacheWriter } from '../../../main/cache/repositories';
import { threadFacets, threadPage } from '../../../main/cache/thread-queries';
import { attachmentSafety, threadView } from '../../../main/cache/thread-view';
import {
  attachment,
  customer,
  damage,
  message,
  openTestCache,
  thread,
  type Customer,
  type Thread,
} from './review-records';

const NOW = Date.parse('2024-06-01T00:00:00Z');
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// A tenant of threads varied enough that each filter keeps some and drops others.

const PEOPLE: Customer[] = [
  customer('C0', { first_name: 'Anne', last_name: 'Martin' }),
  customer('C1', { first_name: 'Ольга', last_name: 'Петрова' }),
  customer('C2', { first_name: 'Zoë', last_name: 'Lefèvre' }),
  customer('C3', {
    account_type: { code: 'F', label: 'Firm' },
    first_name: '',
    last_name: '',
    company_name: 'Nordic Shipping AB',
  }),
  customer('C4', { first_name: 'Kenji', last_name: 'Tanaka' }),
];
const WORDS = ['passport', 'invoice', 'statement', 'shareholder', 'register', 'utility', 'bill'];
const TAGS = ['kyc', 'edd', 'urgent', 'sanctions'];
const GROUPS = ['retail', 'private', 'Corporate Desk'];

interface Seeded {
  record: Thread;
  createdMs: number;
  updatedMs: number;
  /** The words of each message the cache holds, subject included. */
  messageWords: string[][];
}

const pick = <T>(values: readonly T[], bits: number): T[] =>
  values.filter((_value, index) => (bits >> index) & 1);

function seedThreads(count: number): Seeded[] {
  const seeded: Seeded[] = [];
  for (let i = 0; i < count; i++) {
    const createdMs = Date.parse('2024-01-01T06:00:00Z') + Math.floor(i * 0.7 * DAY);
    const firstAt = createdMs + 3_600_000;
    const secondAt = createdMs + (i % 5) * DAY + 7_200_000;
    const words = (k: number) => [
      WORDS[(i + k) % WORDS.length] ?? '',
      WORDS[(i * 3 + k) % 7] ?? '',
    ];
    const first = message(`T${i}-m1`, {
      subject: `Request ${i}`,
      content: `<p>Please send the ${words(0).join(' ')}</p><script>secretword()</script>`,
      created_at: new Date(firstAt).toISOString(),
      from: `person${i}@mail.example`,
    });
    const second = message(`T${i}-m2`, {
      subject: `Re: Request ${i}`,
      content: `<div>Here is the ${words(1).join(' and ')}</div><img src="https://tracker.example/p.gif">`,
      created_at: new Date(secondAt).toISOString(),
      from: `kyc@bank.example`,
    });
    const linked = [
      PEOPLE[i % PEOPLE.length],
      ...(i % 7 === 0 ? [PEOPLE[(i + 1) % 5]] : []),
    ].filter((person): person is Customer => person !== undefined);
    const base = {
      created_at: new Date(createdMs).toISOString(),
      customers: linked,
      contacts: [`person${i}@mail.example`, ...(i % 4 === 0 ? [`Legal@Firm${i % 5}.example`] : [])],
      tags: pick(TAGS, i % 16),
      review_groups: pick(GROUPS, i % 8),
      status: 1 + (i % 3),
    };
    const twoMessages = i % 3 !== 0;
    seeded.push({
      record: thread(`T${String(i).padStart(3, '0')}`, {
        ...base,
        last_message: twoMessages ? second : first,
        message_count: twoMessages ? 2 : 1,
      }),
      createdMs,
      updatedMs: twoMessages ? secondAt : firstAt,
      messageWords: [
        ['request', String(i), ...words(0)],
        ...(twoMessages ? [['re', 'request', String(i), ...words(1)]] : []),
      ],
    });
    // The first sync saw the thread with its first message only.
    if (twoMessages)
      seeded.push({
        record: thread(`T${String(i).padStart(3, '0')}`, {
          ...base,
          last_message: first,
          message_count: 1,
        }),
        createdMs,
        updatedMs: firstAt,
        messageWords: [],
      });
  }
  return seeded;
}

function seededCache(count = 90) {
  const { db, writer } = openTestCache();
  const seeded = seedThreads(count);
  // Older syncs first: each thread's first message, then the threads as they are now.
  const firstSync = seeded.filter((entry) => entry.messageWords.length === 0);
  const now = seeded.filter((entry) => entry.messageWords.length > 0);
  writer.putThreads(
    firstSync.map((entry) => entry.record),
    NOW,
  );
  writer.putThreads(
    now.map((entry) => entry.record),
    NOW,
  );
  return { db, threads: now };
}

/** The filter's meaning, computed from the records themselves. */
function expected(threads: readonly Seeded[], filter: ThreadFilterInput): string[] {
  const lower = (text: string) => text.toLowerCase();
  const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
  const terms = (filter.content ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return threads
    .filter(({ record, createdMs, updatedMs, messageWords }) => {
      if (filter.status !== undefined && record.status.code !== filter.status) return false;
      if (filter.tags && !filter.tags.some((tag) => record.tags.includes(tag))) return false;
      if (
        filter.reviewGroups &&
        !filter.reviewGroups.some((group) => record.review_groups.includes(group))
      )
        return false;
      if (filter.customer) {
        const wanted = filter.customer;
        const named = record.customers.some(
          (person) =>
            person.external_id === wanted ||
            lower(
              [person.first_name, person.middle_name, person.last_name].filter(Boolean).join(' ') ||
                person.company_name,
            ).includes(lower(wanted)),
        );
        if (!named) return false;
      }
      if (
        filter.contact &&
        !record.contacts.some((contact) => lower(contact).includes(lower(filter.contact ?? '')))
      )
        return false;
      if (filter.content) {
        const found = messageWords.some((words) =>
          terms.every((term) => words.some((word) => word.toLowerCase().startsWith(term))),
        );
        if (!terms.length || !found) return false;
      }
      if (filter.createdFrom && createdMs < dayStart(filter.createdFrom)) return false;
      if (filter.createdTo && createdMs >= dayStart(filter.createdTo) + DAY) return false;
      if (filter.updatedFrom && updatedMs < dayStart(filter.updatedFrom)) return false;
      if (filter.updatedTo && updatedMs >= dayStart(filter.updatedTo) + DAY) return false;
      return true;
    })
    .sort((a, b) => b.updatedMs - a.updatedMs || (a.record.id < b.record.id ? 1 : -1))
    .map(({ record }) => record.id);
}

const list = (
  db: Database.Database,
  filter: ThreadFilterInput,
  page: { offset?: number; limit?: number } = {},
) => threadPage(db, ThreadListInput.parse({ filter, limit: 500, ...page }));

describe('the thread list', () => {
  const { db, threads } = seededCache();

  const filters: Array<[string, ThreadFilterInput, number]> = [
    ['no filter', {}, 90],
    ['status', { status: 2 }, 20],
    ['one tag', { tags: ['urgent'] }, 20],
    ['any of two tags', { tags: ['edd', 'sanctions'] }, 20],
    ['review group with a space', { reviewGroups: ['Corporate Desk'] }, 20],
    ['customer by external id', { customer: 'C3' }, 10],
    ['customer by part of a Cyrillic name, any case', { customer: 'ОЛЬГ' }, 10],
    ['customer by part of a name', { customer: 'tin' }, 10],
    ['contact, any case', { contact: 'legal@firm2' }, 3],
    ['content word prefix', { content: 'pass' }, 10],
    ['content, two words in one message', { content: 'shareholder regis' }, 3],
    ['content in a script is not text', { content: 'secretword' }, 0],
    ['content without a word', { content: '!!!' }, 0],
    ['created days, to inclusive', { createdFrom: '2024-01-10', createdTo: '2024-01-20' }, 10],
    ['updated days', { updatedFrom: '2024-02-01', updatedTo: '2024-02-03' }, 2],
    ['together', { status: 1, tags: ['kyc'], updatedFrom: '2024-01-15' }, 5],
  ];

  it.each(filters)('%s', (_name, filter, atLeast) => {
    const want = expected(threads, filter);
    // Each case keeps some threads and drops others, or it would not test the filter.
    if (atLeast === 0) expect(want).toEqual([]);
    else expect(want.length).toBeGreaterThanOrEqual(Math.min(atLeast, threads.length));
    if (atLeast > 0 && atLeast < 90) expect(want.length).toBeLessThan(threads.length);
    const page = list(db, filter);
    expect(page.rows.map((row) => row.id)).toEqual(want);
    expect(page.total).toBe(want.length);
  });

  it('pages at any offset, with the total of the whole filtered list', () => {
    const want = expected(threads, { status: 1 });
    const page = list(db, { status: 1 }, { offset: 7, limit: 7 });
    expect(page).toMatchObject({ total: want.length, offset: 7 });
    expect(page.rows.map((row) => row.id)).toEqual(want.slice(7, 14));
    expect(list(db, { status: 1 }, { offset: 500 }).rows).toEqual([]);
  });

  it('gives each row what the thread list shows', () => {
    const source = threads.find((entry) => entry.record.id === 'T014');
    const [row] = list(db, { customer: 'C4', tags: ['edd'], status: 3 }).rows.filter(
      (candidate) => candidate.id === 'T014',
    );
    expect(source && row).toBeTruthy();
    expect(row).toEqual({
      id: 'T014',
      subject: 'Re: Request 14',
      status: 3,
      statusLabel: 'Closed',
      contacts: ['person14@mail.example'],
      tags: ['edd', 'urgent', 'sanctions'],
      reviewGroups: ['private', 'Corporate Desk'],
      customers: [
        { externalId: 'C4', name: 'Kenji Tanaka' },
        { externalId: 'C0', name: 'Anne Martin' },
      ].sort((a, b) => a.name.localeCompare(b.name)),
      messageCount: 2,
      lastFrom: 'kyc@bank.example',
      attachmentCount: 0,
      createdAt: new Date(source?.createdMs ?? 0).toISOString(),
      updatedAt: new Date(source?.updatedMs ?? 0).toISOString(),
    });
  });

  it('walks one covering index for the page and the count', () => {
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>)
        .map((step) => step.detail)
        .join('\n');
    const where = "WHERE l.status = 1 AND instr(l.tags, '|kyc|') > 0 AND l.updated_ms >= 0";
    expect(
      plan(
        `SELECT l.thread_id FROM thread_list l INDEXED BY thread_list_by_updated ${where} ORDER BY l.updated_ms DESC, l.thread_id DESC LIMIT 10`,
      ),
    ).toMatch(/USING COVERING INDEX thread_list_by_updated/);
    expect(plan(`SELECT COUNT(*) FROM thread_list l ${where}`)).toMatch(/COVERING INDEX/);
  });

  it('offers the statuses, tags and review groups seen, sorted', () => {
    expect(threadFacets(db)).toEqual({
      statuses: [
        { code: 1, label: 'Open' },
        { code: 2, label: 'Waiting for customer' },
        { code: 3, label: 'Closed' },
      ],
      tags: ['edd', 'kyc', 'sanctions', 'urgent'],
      reviewGroups: ['Corporate Desk', 'private', 'retail'],
    });
  });
});

describe('one thread', () => {
  it('lists every cached message oldest first with its body as received and its attachments', () => {
    const { db, writer } = openTestCache();
    const html =
      '<p onclick="steal()">Dear Anne,</p><script>alert(1)</script><img src="https://tracker.example/open.gif">';
    const first = message('M1', {
      created_at: '2024-03-02T08:00:00Z',
      subject: 'KYC refresh',
      content: html,
      to: 'anne.martin@mail.example',
      from: 'kyc@bank.example',
      cc: 'legal@bank.example',
      bcc: 'archive@bank.example',
      priority: 1,
      attachments: [attachment('F1', true)],
    });
    const second = message('M2', {
      created_at: '2024-03-03T08:00:00Z',
      subject: 'Re: KYC refresh',
      attachments: [attachment('F2', false), attachment('F3', null)],
    });
    const unseen = attachment('F4', true);
    // The spec says null means "not verified"; a service that leaves the field out means the same.
    const { file_not_dangerous: _dropped, ...unverified } = attachment('F5', true);
    const reminder = { delay: 7, next_date: '2024-03-10T09:00:00Z', number_left: 2 };
    const later = thread('T1', {
      last_message: second,
      message_count: 3,
      attachments: [unseen, ...second.attachments],
    });
    // A later sync can bring a message older than one already cached: order is by time.
    writer.putThreads([{ ...later, attachments: [...later.attachments, unverified] }], NOW);
    writer.putThreads([thread('T1', { last_message: first, message_count: 3, reminder })], NOW);

    const view = threadView(db, 'T1');
    expect(view?.messages.map((entry) => entry.id)).toEqual(['M1', 'M2']);
    expect(view?.messages[0]).toEqual({
      id: 'M1',
      from: 'kyc@bank.example',
      to: 'anne.martin@mail.example',
      cc: 'legal@bank.example',
      bcc: 'archive@bank.example',
      subject: 'KYC refresh',
      createdAt: '2024-03-02T08:00:00Z',
      priority: 1,
      html,
      attachments: [
        {
          id: 'F1',
          fileName: 'F1.pdf',
          fileMime: 'application/pdf',
          fileType: 'pdf',
          fileSize: 2048,
          safety: 'safe',
        },
      ],
    });
    expect(view?.messages[1]?.attachments.map((file) => [file.id, file.safety])).toEqual([
      ['F2', 'dangerous'],
      ['F3', 'unverified'],
    ]);
    expect(view?.attachments.map((file) => [file.id, file.safety])).toEqual([
      ['F4', 'safe'],
      ['F5', 'unverified'],
    ]);
    expect(view?.reminder).toEqual({
      delay: 7,
      nextDate: '2024-03-10T09:00:00Z',
      numberLeft: 2,
    });
    expect(view?.thread).toMatchObject({ id: 'T1', attachmentCount: 5, messageCount: 3 });
  });

  it('maps the cached verdict to safe, dangerous or unverified', () => {
    expect([1, 0, null].map(attachmentSafety)).toEqual(['safe', 'dangerous', 'unverified']);
  });

  it('answers null for a thread the cache does not hold', () => {
    const { db, writer } = openTestCache();
    writer.putThreads([thread('T1')], NOW);
    expect(threadView(db, 'T2')).toBeNull();
  });

  it('shows a thread whose stored JSON is damaged, with what its columns know', () => {
    const { db, writer } = openTestCache();
    writer.putThreads(
      [
        thread('T1', {
          tags: ['kyc'],
          last_message: message('M1', { attachments: [attachment('F1', false)] }),
        }),
      ],
      NOW,
    );
    damage(db, 'threads', 'raw', { id: 'T1' });
    damage(db, 'messages', 'raw', { id: 'M1' });
    damage(db, 'attachments', 'raw', { id: 'F1' });
    const view = threadView(db, 'T1');
    expect(view?.reminder).toBeNull();
    expect(view?.messages).toEqual([
      expect.objectContaining({ id: 'M1', subject: 'Documents', html: '', from: '' }),
    ]);
    expect(view?.messages[0]?.attachments).toEqual([
      expect.objectContaining({ id: 'F1', fileName: 'F1.pdf', fileType: '', safety: 'dangerous' }),
    ]);
    expect(list(db, {}).rows.map((row) => [row.id, row.tags])).toEqual([['T1', ['kyc']]]);
  });
});

describe('migration 003', () => {
  it('fills the thread list from the threads already cached, then follows every write', () => {
    const db = new Database(':memory:');
    migrate(db, [migration001]);
    const writer = createCacheWriter(db);
    writer.putThreads(
      [
        thread('T1', {
          tags: ['kyc', 'edd'],
          review_groups: ['retail'],
          contacts: ['a@x.example'],
        }),
        thread('T2', { status: 3 }),
      ],
      NOW,
    );
    migrate(db, [migration001, migration003]);
    const rows = () =>
      db
        .prepare(
          'SELECT thread_id, status, tags, review_groups, contacts, last_from FROM thread_list ORDER BY thread_id',
        )
        .all();
    expect(rows()).toEqual([
      {
        thread_id: 'T1',
        status: 1,
        tags: '|kyc|edd|',
        review_groups: '|retail|',
        contacts: 'a@x.example',
        last_from: 'anne.martin@mail.example',
      },
      {
        thread_id: 'T2',
        status: 3,
        tags: '',
        review_groups: '',
        contacts: 'anne.martin@mail.example',
        last_from: 'anne.martin@mail.example',
      },
    ]);

    const moved = thread('T2', {
      status: 2,
      tags: ['urgent'],
      contacts: ['b@y.example', 'c@z.example'],
      last_message: message('M9', { from: 'b@y.example', created_at: '2024-05-01T00:00:00Z' }),
    });
    createCacheWriter(db).putThreads([moved], NOW);
    expect(rows()[1]).toEqual({
      thread_id: 'T2',
      status: 2,
      tags: '|urgent|',
      review_groups: '',
      contacts: 'b@y.example\nc@z.example',
      last_from: 'b@y.example',
    });
    expect(db.prepare("SELECT updated_ms FROM thread_list WHERE thread_id = 'T2'").get()).toEqual({
      updated_ms: Date.parse('2024-05-01T00:00:00Z'),
    });

    // A damaged raw value lists as empty rather than failing the write that carries it.
    db.prepare("UPDATE threads SET raw = '{\"tags\": [\"kyc' WHERE id = 'T1'").run();
    expect(rows()[0]).toMatchObject({ thread_id: 'T1', tags: '', contacts: '', last_from: '' });
    db.prepare("DELETE FROM threads WHERE id = 'T1'").run();
    expect(rows()).toHaveLength(1);
  });
});
