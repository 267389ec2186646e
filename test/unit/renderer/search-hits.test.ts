import { describe, expect, it } from 'vitest';
import type { SearchHitView } from '../../../preload/contract';
import { groupHits, KIND_HEADINGS, routeFor } from '../../../renderer/src/features/search/hits';

const hit = (kind: SearchHitView['kind'], id: string): SearchHitView => ({
  kind,
  id,
  title: id,
  detail: '',
  threadId: null,
  customerExternalId: null,
});

describe('press reports in the global search', () => {
  it('open the kept report, even without a customer', () => {
    expect(routeFor(hit('press', 'PR-1'))).toEqual({ screen: 'press-report', id: 'PR-1' });
  });

  it('come in a group of their own, under its own heading', () => {
    const groups = groupHits([hit('customer', 'C1'), hit('press', 'PR-1'), hit('press', 'PR-2')]);
    expect(groups.map((group) => group.kind)).toEqual(['customer', 'press']);
    expect(groups[1]?.hits.map((entry) => entry.hit.id)).toEqual(['PR-1', 'PR-2']);
    expect(KIND_HEADINGS.press).toBe('Press reports');
  });
});
