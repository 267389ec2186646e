import { describe, expect, it } from 'vitest';
import { timelineLink } from '../../../renderer/src/features/customers/timeline-link';

describe('a timeline event’s Url', () => {
  it('opens the CaseDesk screen a path of the service names', () => {
    expect(timelineLink('/alerts/AL-1')).toMatchObject({
      kind: 'screen',
      route: { screen: 'alert', id: 'AL-1' },
    });
    expect(timelineLink('/customers/C%2F7')).toMatchObject({
      kind: 'screen',
      route: { screen: 'customer', externalId: 'C/7' },
    });
    expect(timelineLink('/customers/C7/documents/D1')).toMatchObject({
      kind: 'screen',
      route: { screen: 'customer', externalId: 'C7', tab: 'documents' },
    });
    expect(timelineLink('/api/v1/threads/T9')).toMatchObject({
      kind: 'screen',
      route: { screen: 'thread', id: 'T9' },
    });
  });

  it('opens a press report body in CaseDesk (kept, or fetched by its id)', () => {
    expect(timelineLink('/api/v1/press/reportbody/PR-9')).toMatchObject({
      kind: 'screen',
      route: { screen: 'press-report', id: 'PR-9' },
    });
    expect(timelineLink('/press/reportbody/PR%2F9?x=1')).toMatchObject({
      kind: 'screen',
      route: { screen: 'press-report', id: 'PR/9' },
    });
    for (const url of ['/press/reportbody/', '/press/report/C1/forcegen', '/press/other/PR-9'])
      expect(timelineLink(url), url).toEqual({ kind: 'text' });
  });

  it('is shown, not opened, when it names no CaseDesk screen or is not https', () => {
    for (const url of [
      '/reports/7',
      '/alerts/',
      '/alerts/A1/extra/more',
      '/alerts/%E0%A4%A',
      'relative/path',
      'http://example.com/x',
      'javascript:alert(1)',
      'file:///etc/passwd',
      '//example.com/x',
    ])
      expect(timelineLink(url), url).toEqual({ kind: 'text' });
  });

  it('goes to the system browser, through its confirmation, only as an absolute https address', () => {
    expect(timelineLink(' https://example.com/case/1 ')).toEqual({
      kind: 'browser',
      url: 'https://example.com/case/1',
    });
  });
});
