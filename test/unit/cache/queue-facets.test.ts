import { describe, expect, it } from 'vitest';
import { queueFacets } from '../../../main/cache/queue-facets';
import { queueWindow } from '../../../main/cache/queue-window';
import { QueueWindowInput } from '../../../preload/contract';
import { alert, cacheCustomer, customer, openTestCache } from './review-records';

const NOW = Date.parse('2024-04-01T00:00:00Z');

describe('the queue facets', () => {
  it('lists the categories, agents and review groups the cached alerts have, sorted, once each', () => {
    const { db, writer } = openTestCache();
    writer.putAlerts(
      [
        alert('A1', 'C1', { top_category: 'SIP', agent_id: 'agent-10' }),
        alert('A2', 'C1', { top_category: 'PEP', agent_id: 'agent-2' }),
        alert('A3', 'C2', { top_category: 'pep', agent_id: '' }),
        alert('A4', 'C404', { top_category: 'RCA_SIP', agent_id: 'agent-2' }),
      ],
      NOW,
    );
    for (const record of [
      customer('C1', { review_groups: ['Retail', 'emea'] }),
      customer('C2', { review_groups: ['emea', 'vip'] }),
      // A customer without cached alerts (here through a thread) offers no group to the queue.
      customer('C3', { review_groups: ['corporate'] }),
    ]) {
      cacheCustomer(writer, record, NOW);
    }
    expect(queueFacets(db)).toEqual({
      categories: ['pep', 'rca_sip', 'sip'],
      reviewGroups: ['emea', 'Retail', 'vip'],
      agents: ['agent-2', 'agent-10'],
    });
  });

  it('follows the cache: a new alert brings its category and agent', () => {
    const { db, writer } = openTestCache();
    expect(queueFacets(db)).toEqual({ categories: [], reviewGroups: [], agents: [] });
    writer.putAlerts([alert('A1', 'C1', { top_category: 'SAN', agent_id: 'agent-1' })], NOW);
    expect(queueFacets(db)).toMatchObject({ categories: ['san'], agents: ['agent-1'] });
  });

  it('takes agent 0 for no agent: no "Agent 0" to choose, and "Unassigned" finds it', () => {
    const { db, writer } = openTestCache();
    writer.putAlerts(
      [
        alert('A1', 'C1', { agent_id: '0' }),
        alert('A2', 'C1', { agent_id: '' }),
        alert('A3', 'C1', { agent_id: '10' }),
      ],
      NOW,
    );
    expect(queueFacets(db).agents).toEqual(['10']);
    const unassigned = queueWindow(
      db,
      QueueWindowInput.parse({ filter: { onlyWithoutAssignment: true } }),
    );
    expect(unassigned.rows.map((row) => row.id).sort()).toEqual(['A1', 'A2']);
  });
});
