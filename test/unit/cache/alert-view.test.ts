import { describe, expect, it } from 'vitest';
import { alertView } from '../../../main/cache/alert-view';
import { alert, customer, damage, detail, openTestCache } from './review-records';

const NOW = Date.parse('2024-04-01T00:00:00Z');

describe('the alert view', () => {
  it('keeps every revision seen over several syncs, oldest first, each with what it changed', () => {
    const { db, writer } = openTestCache();
    const first = alert('A1', 'C1', { created_at: '2024-03-01T10:00:00Z' });
    const second = alert('A1', 'C1', {
      revision_number: 2,
      state: 3,
      agent_id: '5',
      comment: 'Asked the customer for a passport copy',
      created_at: '2024-03-02T11:00:00Z',
    });
    const third = alert('A1', 'C1', {
      revision_number: 3,
      state: 7,
      score: 64,
      agent_id: '5',
      comment: 'Namesake: other date of birth',
      top_category: 'RCA_PEP',
      customer_revision_id: 'cr-2',
      profile_date: 1_709_337_600,
      created_at: '2024-03-05T09:30:00Z',
    });
    writer.putAlerts([first], NOW);
    writer.putAlerts([second], NOW);
    writer.putAlerts([third], NOW);
    // A sync that brings the same revision again adds nothing to the history.
    writer.putAlerts([third], NOW);

    const view = alertView(db, 'A1');
    expect(view?.revisions.map((revision) => revision.revisionNumber)).toEqual([1, 2, 3]);
    expect(view?.revisions.map((revision) => revision.id)).toEqual(['A1-r1', 'A1-r2', 'A1-r3']);
    expect(view?.revisions[0]?.changes).toEqual([]);
    expect(view?.revisions[1]?.changes).toEqual([
      { field: 'State', before: '2', after: '3' },
      { field: 'Comment', before: '', after: 'Asked the customer for a passport copy' },
      { field: 'Agent', before: '', after: '5' },
    ]);
    expect(view?.revisions[2]?.changes).toEqual([
      { field: 'State', before: '3', after: '7' },
      { field: 'Score', before: '70', after: '64' },
      { field: 'Top category', before: 'PEP', after: 'RCA_PEP' },
      {
        field: 'Comment',
        before: 'Asked the customer for a passport copy',
        after: 'Namesake: other date of birth',
      },
      { field: 'Customer revision', before: 'cr-1', after: 'cr-2' },
      { field: 'Profile date', before: '1709251200', after: '1709337600' },
    ]);
    expect(view?.last).toEqual(view?.revisions[2]);
    expect(view?.last).toMatchObject({
      state: 7,
      score: 64,
      topCategory: 'rca_pep',
      agentId: '5',
      createdAt: '2024-03-05T09:30:00Z',
      customerRevisionId: 'cr-2',
      profileDate: 1_709_337_600,
    });
    expect(view?.raw).toEqual(third);
    expect(view?.profileNumber).toBe('WL-A1');
    expect(view?.createdAt).toBe('2024-03-01T10:00:00Z');
  });

  it('names the customer as cached and lists its other alerts, most recently updated first', () => {
    const { db, writer } = openTestCache();
    const anne = customer('C1', {
      review_groups: ['retail', 'fr'],
      name_variations: [
        {
          first_name: 'Anna',
          middle_name: '',
          last_name: 'Martín',
          company_name: '',
          trading_name: '',
        },
        {
          first_name: '',
          middle_name: '',
          last_name: '',
          company_name: 'Martin Conseil',
          trading_name: '',
        },
      ],
    });
    writer.putAlerts(
      [
        alert('A1', 'C1'),
        alert('A2', 'C1', { created_at: '2024-03-03T10:00:00Z', agent_id: '7', state: 3 }),
        alert('A3', 'C1', { created_at: '2024-03-04T10:00:00Z', top_category: 'SIP' }),
        alert('B1', 'C2', { created_at: '2024-03-05T10:00:00Z' }),
      ],
      NOW,
    );
    writer.putCustomerDetail({
      customer: anne,
      detail: detail(anne),
      stats: { alerts: 3, last_scan_date: '2024-03-04' },
      events: [],
      documents: [],
      nowMs: NOW,
    });

    const view = alertView(db, 'A1');
    expect(view?.customer).toEqual({
      externalId: 'C1',
      id: 'id-C1',
      name: 'Anne Martin',
      accountType: 'N',
      fields: anne,
      nameVariations: ['Anna Martín', 'Martin Conseil'],
      reviewGroups: ['retail', 'fr'],
    });
    expect(view?.otherAlerts).toEqual([
      {
        id: 'A3',
        customerExternalId: 'C1',
        customerName: 'Anne Martin',
        category: 'sip',
        score: 70,
        state: 2,
        createdAt: '2024-03-01T10:00:00.000Z',
        updatedAt: '2024-03-04T10:00:00.000Z',
        reviewGroups: ['retail', 'fr'],
        agentId: '',
        revisionNumber: 1,
        work: null,
      },
      expect.objectContaining({ id: 'A2', agentId: '7', state: 3 }),
    ]);
  });

  it('shows an alert whose customer has not reached the cache yet', () => {
    const { db, writer } = openTestCache();
    writer.putAlerts([alert('A1', 'C9')], NOW);
    const view = alertView(db, 'A1');
    expect(view?.customer).toBeNull();
    expect(view?.customerExternalId).toBe('C9');
    expect(view?.otherAlerts).toEqual([]);
  });

  it('answers null for an alert the cache does not hold', () => {
    const { db, writer } = openTestCache();
    writer.putAlerts([alert('A1', 'C1')], NOW);
    expect(alertView(db, 'A2')).toBeNull();
  });

  it('shows what the columns know when stored JSON is damaged, instead of failing', () => {
    const { db, writer } = openTestCache();
    writer.putAlerts([alert('A1', 'C1')], NOW);
    writer.putAlerts([alert('A1', 'C1', { revision_number: 2, state: 3, score: 80 })], NOW);
    writer.putAlerts([alert('A2', 'C1', { created_at: '2024-03-09T10:00:00Z' })], NOW);
    damage(db, 'alert_revisions', 'raw', { alert_id: 'A1', revision_number: '1' });
    damage(db, 'alerts', 'raw', { id: 'A1' });
    damage(db, 'alerts', 'raw', { id: 'A2' });

    const view = alertView(db, 'A1');
    expect(view?.raw).toBeNull();
    expect(view?.revisions.map((revision) => [revision.revisionNumber, revision.state])).toEqual([
      [1, 2],
      [2, 3],
    ]);
    expect(view?.last).toMatchObject({ state: 3, score: 80, topCategory: 'pep', id: '' });
    expect(view?.revisions[1]?.changes).toContainEqual({
      field: 'Score',
      before: '70',
      after: '80',
    });
    // The other alert's damaged JSON costs it only its agent.
    expect(view?.otherAlerts).toEqual([expect.objectContaining({ id: 'A2', agentId: '' })]);
  });
});
