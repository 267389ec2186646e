import { describe, expect, it } from 'vitest';
import { agentLabel } from '../../../renderer/src/lib/alert-states';
import { describeChange } from '../../../renderer/src/features/alerts/alert-values';

describe('an alert’s assignee', () => {
  it('is said one way: 0 or nothing is "Unassigned", anyone else "Agent <id>"', () => {
    expect(['', '0', ' 0 ', '10', '23'].map(agentLabel)).toEqual([
      'Unassigned',
      'Unassigned',
      'Unassigned',
      'Agent 10',
      'Agent 23',
    ]);
  });

  it('reads the same in an alert’s history', () => {
    expect(describeChange({ field: 'agent_id', before: '0', after: '10' })).toMatchObject({
      before: 'Unassigned',
      after: 'Agent 10',
    });
  });
});
