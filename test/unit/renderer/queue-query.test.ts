import { describe, expect, it } from 'vitest';
import { QUEUE_COLUMNS } from '../../../preload/contract';
import { QUEUE_COLUMNS as SCREEN_COLUMNS } from '../../../renderer/src/features/queue/queue-columns';
import { cleanFilter, cleanSort } from '../../../renderer/src/features/queue/queue-query';

describe('the queue’s address', () => {
  it('keeps the alert search’s name filter, trimmed', () => {
    expect(cleanFilter({ name: '  anna berg ' })).toEqual({ name: 'anna berg' });
    expect(cleanFilter({ name: '   ' })).toEqual({});
  });

  it('sorts by any column of the contract, the alert id and the assignee among them', () => {
    for (const column of QUEUE_COLUMNS)
      expect(cleanSort({ column, direction: 'asc' })).toEqual({ column, direction: 'asc' });
    expect(QUEUE_COLUMNS).toEqual(expect.arrayContaining(['id', 'agentId']));
    expect(SCREEN_COLUMNS).toEqual(QUEUE_COLUMNS);
  });
});
