import { describe, expect, it } from 'vitest';
import { customer360 } from '../../../main/cache/customer-360';
import { PARENT_OF_RAW } from '../../../main/cache/migrations/003-threads';
import type { CacheDb } from '../../../main/cache/open-cache';
import {
  alert,
  customer,
  damage,
  detail,
  document,
  event,
  message,
  openTestCache,
  thread,
} from './review-records';

const NOW = Date.parse('2024-04-01T00:00:00Z');

function relate(db: CacheDb, id: string, parent: string, child: string, type: number) {
  const raw = {
    relation_external_id: id,
    parent_customer_external_id: parent,
    child_customer_external_id: child,
    relation_type: type,
    disabled: false,
    fields: {},
  };
  db.prepare(
    'INSERT INTO relations (relation_external_id, parent_external_id, child_external_id, relation_type, raw) VALUES (?, ?, ?, ?, ?)',
  ).run(id, parent, child, type, JSON.stringify(raw));
}

function seeded() {
  const { db, writer } = openTestCache();
  const anne = customer('C1', { review_groups: ['private'] });
  const firm = customer('F1', {
    account_type: { code: 'F', label: 'Firm' },
    first_name: '',
    last_name: '',
    company_name: 'Martin Holding SA',
  });
  writer.putAlerts(
    [
      alert('A1', 'C1', { created_at: '2024-03-01T10:00:00Z' }),
      alert('A2', 'C1', { created_at: '2024-03-05T10:00:00Z', agent_id: '3', state: 4 }),
      alert('B1', 'F1'),
    ],
    NOW,
  );
  writer.putThreads(
    [
      thread('T1', {
        customers: [anne],
        last_message: message('M1', { created_at: '2024-03-02T08:00:00Z' }),
      }),
      thread('T2', {
        customers: [anne, firm],
        last_message: message('M2', { created_at: '2024-03-06T08:00:00Z' }),
      }),
      thread('T3', { customers: [firm] }),
    ],
    NOW,
  );
  writer.putCustomerDetail({
    customer: anne,
    detail: {
      ...detail(anne, {
        pep: { fieldtype: { type: 'boolean' }, id: 6, name: 'pep', value: true },
        custom_fields: [
          { fieldtype: { type: 'string' }, id: 1000, name: 'segment', value: 'private' },
          { fieldtype: { type: 'list' }, id: 1001, name: 'products', value: ['card', 'loan'] },
        ],
      }),
      // A field the spec does not list, shaped like an indicator: shown among the others.
      kyt_alerts: { fieldtype: { type: 'number' }, id: 40, name: 'kyt_alerts', value: 3 },
    },
    stats: { alerts: 2, last_scan_date: '2024-03-05T02:00:00Z' },
    events: [
      event('E1', 'C1', '2024-03-01T10:00:00Z'),
      event('E3', 'C1', '2024-03-05T10:00:00Z'),
      event('E2', 'C1', '2024-03-03T10:00:00Z'),
    ],
    documents: [
      document('D1', 'C1', { created_at: 1_709_251_200 }),
      document('D2', 'C1', {
        created_at: 1_709_510_400,
        file_source: 'external',
        file_url: 'https://files.example/d2.pdf',
        tags: ['proof-of-address', 'kyc'],
      }),
    ],
    nowMs: NOW,
  });
  relate(db, 'R1', 'F1', 'C1', 2);
  relate(db, 'R2', 'C1', 'C7', 5);
  return { db, anne };
}

describe('the customer 360', () => {
  it('brings identity, risk, stats and detail time together', () => {
    const { db, anne } = seeded();
    const view = customer360(db, 'C1');
    expect(view?.identity).toMatchObject({
      externalId: 'C1',
      name: 'Anne Martin',
      accountType: 'N',
      fields: anne,
      reviewGroups: ['private'],
    });
    expect(view?.stats).toEqual({ alerts: 2, lastScanDate: '2024-03-05T02:00:00Z' });
    expect(view?.detailSyncedAt).toBe(new Date(NOW).toISOString());
    const risk = view?.risk;
    expect(risk?.overallRisk).toEqual({
      level: 'high',
      score: 64,
      reasons: ['politically exposed person'],
    });
    expect(risk?.screening.map((indicator) => [indicator.key, indicator.value])).toEqual([
      ['pep', true],
      ['press_risk', false],
      ['may_be_pep', false],
      ['may_be_san', false],
      ['may_be_press_risk', false],
    ]);
    expect(risk?.identityVerification.map((indicator) => indicator.key)).toEqual([
      'vid_success',
      'vid_failed',
      'vid_in_progress',
      'vid_outdated',
    ]);
    expect(risk?.other.map((indicator) => indicator.key)).toEqual([
      'se',
      'str',
      'tm',
      'open_chat_categories',
      'closed_chat_categories',
      'kyt_alerts',
    ]);
    expect(risk?.screening[0]).toEqual({
      key: 'pep',
      id: 6,
      name: 'pep',
      value: true,
      fieldType: { type: 'boolean' },
    });
    expect(risk?.customFields.map((field) => [field.key, field.value])).toEqual([
      ['segment', 'private'],
      ['products', ['card', 'loan']],
    ]);
    expect(risk?.edd).toEqual({
      state: { code: 'required', label: 'Required' },
      nextReviewDate: '2025-02-01',
      agentName: 'Jo Analyst',
      comment: 'Reviewed',
      createdAt: '2024-02-01T10:00:00Z',
      revisionNumber: 2,
      disabled: false,
    });
  });

  it('lists relations both ways, timeline newest first, documents, threads and alerts', () => {
    const { db } = seeded();
    const view = customer360(db, 'C1');
    expect(view?.relations).toEqual({
      asParent: [
        { relationExternalId: 'R2', relationType: 5, otherExternalId: 'C7', otherName: '' },
      ],
      asChild: [
        {
          relationExternalId: 'R1',
          relationType: 2,
          otherExternalId: 'F1',
          otherName: 'Martin Holding SA',
        },
      ],
    });
    expect(view?.timeline.map((entry) => entry.id)).toEqual(['E3', 'E2', 'E1']);
    expect(view?.timeline[0]).toEqual({
      id: 'E3',
      eventType: 'customer_updated',
      title: 'Event E3',
      description: 'What happened in E3',
      createdAt: '2024-03-05T10:00:00Z',
      url: '',
    });
    expect(view?.documents.map((entry) => entry.id)).toEqual(['D2', 'D1']);
    expect(view?.documents[0]).toEqual({
      id: 'D2',
      customerExternalId: 'C1',
      displayName: 'Passport D2',
      fileName: 'D2.pdf',
      fileType: 'pdf',
      fileMime: 'application/pdf',
      fileSize: 4096,
      source: 'external',
      fileUrl: 'https://files.example/d2.pdf',
      createdAt: '2024-03-04T00:00:00.000Z',
      tags: ['proof-of-address', 'kyc'],
    });
    expect(view?.threads.map((row) => row.id)).toEqual(['T2', 'T1']);
    expect(view?.threads[0]?.customers.map((linked) => linked.externalId).sort()).toEqual([
      'C1',
      'F1',
    ]);
    expect(view?.alerts.map((row) => [row.id, row.agentId, row.reviewGroups])).toEqual([
      ['A2', '3', ['private']],
      ['A1', '', ['private']],
    ]);
  });

  it('shows a customer known only from a thread, before its detail is fetched', () => {
    const { db } = seeded();
    const view = customer360(db, 'F1');
    expect(view?.identity.name).toBe('Martin Holding SA');
    expect(view?.risk).toBeNull();
    expect(view?.stats).toBeNull();
    expect(view?.detailSyncedAt).toBeNull();
    expect(view?.threads.map((row) => row.id).sort()).toEqual(['T2', 'T3']);
    expect(view?.relations.asParent.map((relation) => relation.otherName)).toEqual(['Anne Martin']);
  });

  it('links parent and children named by the read shape, once each, beside the relations table', () => {
    const { db, writer } = openTestCache();
    writer.putThreads(
      [
        thread('T1', {
          customers: [
            customer('P1', { first_name: 'Parent', last_name: 'Holding' }),
            customer('K1', { first_name: 'Kid', last_name: 'One', parent_external_id: 'P1' }),
            customer('K2', { first_name: 'Kid', last_name: 'Two', parent_external_id: 'P1' }),
            customer('S1', { first_name: 'Self', last_name: 'Loop', parent_external_id: 'S1' }),
          ],
        }),
      ],
      NOW,
    );
    relate(db, 'R9', 'P1', 'K2', 3);
    const parent = customer360(db, 'P1');
    expect(
      parent?.relations.asParent.map((link) => [link.otherExternalId, link.relationType]),
    ).toEqual([
      ['K2', 3],
      ['K1', null],
    ]);
    expect(parent?.relations.asChild).toEqual([]);
    expect(customer360(db, 'K1')?.relations.asChild).toEqual([
      {
        relationExternalId: 'parent_external_id:K1',
        relationType: null,
        otherExternalId: 'P1',
        otherName: 'Parent Holding',
      },
    ]);
    expect(customer360(db, 'S1')?.relations).toEqual({ asParent: [], asChild: [] });
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT external_id FROM customers WHERE ${PARENT_OF_RAW} = ?`)
      .all('P1') as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join(' ')).toContain('customers_by_parent');
  });

  it('leaves press reports and KYT transactions to the local store: the cache has no table for them', () => {
    const { db } = seeded();
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{
        name: string;
      }>
    ).map((row) => row.name);
    expect(tables).not.toContain('press_reports');
    expect(tables).not.toContain('kyt_transactions');
    const view = customer360(db, 'C1');
    expect(view).not.toBeNull();
    // Counted from the local store by the customers bridge (Customer360.pressReportCount).
    expect(view).not.toHaveProperty('pressReports');
    expect(view).not.toHaveProperty('pressReportCount');
  });

  it('answers null for a customer the cache does not hold', () => {
    const { db } = seeded();
    expect(customer360(db, 'C404')).toBeNull();
  });

  it('shows what it can when stored JSON is damaged, instead of failing', () => {
    const { db } = seeded();
    damage(db, 'customers', 'detail_raw', { external_id: 'C1' });
    damage(db, 'customers', 'raw', { external_id: 'C1' });
    damage(db, 'timeline_events', 'raw', { id: 'E2' });
    damage(db, 'documents', 'raw', { id: 'D1' });
    const view = customer360(db, 'C1');
    expect(view?.identity).toMatchObject({ externalId: 'C1', name: 'Anne Martin', fields: {} });
    expect(view?.risk).toBeNull();
    expect(view?.timeline.map((entry) => [entry.id, entry.title])).toEqual([
      ['E3', 'Event E3'],
      ['E2', ''],
      ['E1', 'Event E1'],
    ]);
    expect(view?.documents.find((entry) => entry.id === 'D1')).toMatchObject({
      displayName: 'Passport D1',
      fileMime: '',
      tags: ['kyc'],
    });
  });
});
