import { describe, expect, it } from 'vitest';
import { ftsQuery, searchCache } from '../../../main/cache/cache-queries';
import {
  alert,
  customer,
  detail,
  document,
  message,
  openTestCache,
  thread,
} from './review-records';

const NOW = Date.parse('2024-04-01T00:00:00Z');

function filledCache() {
  const { db, writer } = openTestCache();
  const anna = customer('C-100', { first_name: 'Anna', last_name: 'Lindqvist', review_groups: [] });
  writer.putCustomerDetail({
    customer: anna,
    detail: detail(anna),
    stats: null,
    events: [],
    documents: [
      document('D1', 'C-100', { display_name: 'Lindqvist passport', file_name: 'scan.pdf' }),
    ],
    nowMs: NOW,
  });
  writer.putAlerts(
    [
      alert('A1', 'C-100', {
        top_category: 'RCA_PEP',
        comment: 'Lindqvist namesake, other birth date',
      }),
      // Its customer is not cached yet: the hit is titled by the external id.
      alert('A2', 'C-200', { top_category: 'SAN', comment: 'Possible Lindqvist match' }),
    ],
    NOW,
  );
  writer.putThreads(
    [
      thread('T1', {
        contacts: ['compliance@lindqvist-holding.example'],
        tags: ['edd'],
        customers: [anna],
        last_message: message('M1', { subject: 'Source of funds', from: 'anna@mail.example' }),
      }),
      thread('T2', {
        contacts: ['ops@bank.example'],
        tags: ['lindqvist-review'],
        last_message: message('M2', { subject: '', content: '<p>Nothing here</p>' }),
      }),
    ],
    NOW,
  );
  return db;
}

describe('the global search', () => {
  it('finds threads by contact and tag, with their thread and first customer', () => {
    const hits = searchCache(filledCache(), 'lindqvist').filter((hit) => hit.kind === 'thread');
    expect(hits.map((hit) => hit.id).sort()).toEqual(['T1', 'T2']);
    expect(hits.find((hit) => hit.id === 'T1')).toEqual({
      kind: 'thread',
      id: 'T1',
      title: 'Source of funds',
      detail: 'compliance@lindqvist-holding.example · edd',
      threadId: 'T1',
      customerExternalId: 'C-100',
    });
    expect(hits.find((hit) => hit.id === 'T2')).toMatchObject({
      title: '(no subject)',
      customerExternalId: null,
    });
  });

  it('finds a thread by the subject of its last message', () => {
    const hits = searchCache(filledCache(), 'source fund');
    expect(hits.filter((hit) => hit.kind === 'thread').map((hit) => hit.id)).toEqual(['T1']);
    expect(hits.find((hit) => hit.kind === 'message')).toEqual({
      kind: 'message',
      id: 'M1',
      title: 'Source of funds',
      detail: 'compliance@lindqvist-holding.example · 2024-03-02',
      threadId: 'T1',
      customerExternalId: 'C-100',
    });
  });

  it('matches up to three letters as whole words in the alerts and messages, as word starts elsewhere', () => {
    const db = filledCache();
    const kinds = (text: string, kind: string) =>
      searchCache(db, text)
        .filter((hit) => hit.kind === kind)
        .map((hit) => hit.id);
    // "Lindqvist namesake, other birth date": no word is "nam", one starts with "name".
    expect(kinds('nam', 'alert')).toEqual([]);
    expect(kinds('name', 'alert')).toEqual(['A1']);
    // "Source of funds": "of" is a whole word.
    expect(kinds('of', 'message')).toEqual(['M1']);
    expect(kinds('fun', 'message')).toEqual([]);
    expect(kinds('fund', 'message')).toEqual(['M1']);
    // Customers are few: their names match from the first letters.
    expect(kinds('an', 'customer')).toEqual(['C-100']);
    expect(ftsQuery('a bc déf ghij', 4)).toBe('"a" "bc" "déf" "ghij"*');
  });

  it('titles an alert by its customer and category, not by its id', () => {
    const hits = searchCache(filledCache(), 'lindqvist').filter((hit) => hit.kind === 'alert');
    expect(hits).toHaveLength(2);
    expect(hits.find((hit) => hit.id === 'A1')).toEqual({
      kind: 'alert',
      id: 'A1',
      title: 'Anna Lindqvist · RCA_PEP',
      detail: 'Lindqvist namesake, other birth date',
      threadId: null,
      customerExternalId: 'C-100',
    });
    expect(hits.find((hit) => hit.id === 'A2')).toMatchObject({
      title: 'C-200 · SAN',
      customerExternalId: 'C-200',
    });
  });

  it('links customers and documents to their customer', () => {
    const hits = searchCache(filledCache(), 'lindq');
    expect(hits.find((hit) => hit.kind === 'customer')).toEqual({
      kind: 'customer',
      id: 'C-100',
      title: 'Anna Lindqvist',
      detail: 'C-100',
      threadId: null,
      customerExternalId: 'C-100',
    });
    expect(hits.find((hit) => hit.kind === 'document')).toEqual({
      kind: 'document',
      id: 'D1',
      title: 'Lindqvist passport',
      detail: 'Anna Lindqvist · scan.pdf',
      threadId: null,
      customerExternalId: 'C-100',
    });
  });

  it('finds an alert by the start of its id, and a customer by the start of its external id', () => {
    const { db, writer } = openTestCache();
    const ship = customer('CUST-00042/B', {
      first_name: 'Ship',
      last_name: 'Owner',
      review_groups: [],
    });
    writer.putCustomerDetail({
      customer: ship,
      detail: detail(ship),
      stats: null,
      events: [],
      documents: [],
      nowMs: NOW,
    });
    writer.putAlerts(
      [
        alert('alert_3f9c0b7e1d2a4c6e8f01', 'CUST-00042/B', { comment: 'nothing to see' }),
        alert('alert_77aa0b7e1d2a4c6e8f01', 'CUST-00042/B'),
      ],
      NOW,
    );
    const alerts = (text: string) =>
      searchCache(db, text)
        .filter((hit) => hit.kind === 'alert')
        .map((hit) => hit.id);
    // As shown in the alert's header, whole or cut short, in any case.
    expect(alerts('alert_3f9c0b7e1d2a4c6e8f01')).toEqual(['alert_3f9c0b7e1d2a4c6e8f01']);
    expect(alerts('alert_3f9c')).toEqual(['alert_3f9c0b7e1d2a4c6e8f01']);
    expect(alerts('ALERT_3F9C')).toEqual(['alert_3f9c0b7e1d2a4c6e8f01']);
    expect(alerts(' alert_77 ')).toEqual(['alert_77aa0b7e1d2a4c6e8f01']);
    const customers = (text: string) =>
      searchCache(db, text)
        .filter((hit) => hit.kind === 'customer')
        .map((hit) => hit.id);
    expect(customers('CUST-00042/')).toEqual(['CUST-00042/B']);
    expect(customers('cust-00042/b')).toEqual(['CUST-00042/B']);
  });

  it('groups hits by kind: customers, alerts, threads, messages, documents', () => {
    const kinds = searchCache(filledCache(), 'lindqvist').map((hit) => hit.kind);
    const order = ['customer', 'alert', 'thread', 'message', 'document'];
    expect(kinds).toEqual([...kinds].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    expect(new Set(kinds)).toEqual(new Set(['customer', 'alert', 'thread', 'document']));
  });

  it('reads a damaged stored thread as empty fields instead of failing the search', () => {
    const db = filledCache();
    db.prepare("UPDATE threads SET raw = '{\"contacts\": [' WHERE id = 'T1'").run();
    const hit = searchCache(db, 'source').find((entry) => entry.kind === 'thread');
    expect(hit).toMatchObject({ id: 'T1', title: 'Source of funds', customerExternalId: null });
  });

  it('takes any text as words, never as query syntax', () => {
    const db = filledCache();
    for (const text of ['"', 'lindqvist OR', 'NEAR(a b)', '*', 'a:b', '-x', "'; DROP TABLE alerts"])
      expect(() => searchCache(db, text)).not.toThrow();
    expect(ftsQuery('  ')).toBeNull();
    expect(searchCache(db, '')).toEqual([]);
  });
});
