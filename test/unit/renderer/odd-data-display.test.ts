import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DateText } from '../../../renderer/src/components/DateText';
import { ScoreBar, StatePill } from '../../../renderer/src/components/Pills';
import { ScreenErrorBoundary } from '../../../renderer/src/components/ScreenErrorBoundary';
import { ServiceText } from '../../../renderer/src/components/ServiceText';
import { FileName } from '../../../renderer/src/components/FileName';
import { formatDate, formatDateTime, parseDate } from '../../../renderer/src/lib/format';

/** What a reader sees: the markup's text, tags dropped. */
const visibleText = (html: string) =>
  html
    .replace(/<span class="visually-hidden">.*?<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const render = (element: Parameters<typeof renderToStaticMarkup>[0]) =>
  renderToStaticMarkup(element);

describe('dates as the screens show them', () => {
  it('reads every form the service may send', () => {
    const instant = Date.parse('2026-11-24T10:15:00Z');
    expect(parseDate('2026-11-24T10:15:00Z')?.getTime()).toBe(instant);
    expect(parseDate('2026-11-24T11:15:00+01:00')?.getTime()).toBe(instant);
    expect(parseDate('2026-11-24T10:15:00')?.getTime()).toBe(instant);
    expect(parseDate('2026-11-24 10:15:00')?.getTime()).toBe(instant);
    expect(parseDate(instant / 1000)?.getTime()).toBe(instant);
    expect(parseDate(instant)?.getTime()).toBe(instant);
    expect(parseDate(String(instant / 1000))?.getTime()).toBe(instant);
    expect(parseDate(String(instant))?.getTime()).toBe(instant);
    expect(parseDate('Tue, 24 Nov 2026 10:15:00 GMT')?.getTime()).toBe(instant);
  });

  it.each([
    '',
    '   ',
    '0',
    0,
    -1,
    'not a date',
    '1970-01-01T00:00:00.000Z',
    '2026-13-40',
    '2026-02-30',
    '99999-01-01',
    'NaN',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e20,
    '1',
    null,
    undefined,
  ])('shows %j as a dash with the value in the tooltip, never 1970', (value) => {
    expect(formatDateTime(value)).toBe('—');
    expect(formatDate(value)).toBe('—');
    const html = render(createElement(DateText, { value }));
    expect(visibleText(html)).toBe('—');
    expect(html).toContain('data-unreadable-date');
    expect(html).toMatch(/title="Unreadable date: /);
  });

  it('never shows 1970 or "Invalid Date" for anything it receives', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.integer({ min: -1e6, max: 1e6 }),
          fc.double(),
          fc.integer().map(String),
        ),
        (value) => {
          const shown = visibleText(render(createElement(DateText, { value })));
          expect(shown).not.toMatch(/1970|Invalid/);
          expect(formatDateTime(value)).not.toMatch(/1970|Invalid/);
        },
      ),
    );
  });

  it('keeps the raw value of an unreadable date in the tooltip', () => {
    const html = render(createElement(DateText, { value: 'yesterday-ish' }));
    expect(html).toContain('title="Unreadable date: &quot;yesterday-ish&quot;"');
  });
});

describe('scores and states outside what the interface names', () => {
  it('shows a score past 100 as received, flagged in words', () => {
    const html = render(createElement(ScoreBar, { score: 250 }));
    expect(visibleText(html)).toContain('250');
    expect(visibleText(html)).toContain('outside 0–100');
    expect(visibleText(render(createElement(ScoreBar, { score: -3 })))).toContain('-3');
    expect(visibleText(render(createElement(ScoreBar, { score: 55.5 })))).toBe('55.5');
    expect(visibleText(render(createElement(ScoreBar, { score: 90 })))).toBe('90');
  });

  it('shows an unknown state as received, flagged in words', () => {
    const html = visibleText(render(createElement(StatePill, { state: 99 })));
    expect(html).toContain('99');
    expect(html).toContain('unknown state');
    expect(visibleText(render(createElement(StatePill, { state: 2 })))).toBe('New');
  });
});

describe('service strings', () => {
  it('are isolated and show direction controls instead of applying them', () => {
    const html = render(createElement(ServiceText, { text: 'Ali\u202Ecod.exe' }));
    expect(html).toMatch(/^<bdi dir="auto"/);
    expect(html).not.toContain('\u202E');
    expect(visibleText(html)).toBe('AliRLOcod.exe');
    expect(html).toContain('title="Ali[RLO]cod.exe"');
  });

  it('clamp a 10,000-character name, the whole text in the tooltip', () => {
    const name = 'N'.repeat(10_000);
    const html = render(createElement(ServiceText, { text: name, lines: 2 }));
    expect(visibleText(html).length).toBeLessThan(600);
    expect(visibleText(html).endsWith('…')).toBe(true);
    expect(html).toContain(`title="${name}"`);
    expect(html).toContain('clamp-n');
  });

  it('show a file name with its real extension', () => {
    const html = render(createElement(FileName, { name: 'invoice\u202Efdp.exe' }));
    expect(visibleText(html)).toBe('invoicefdp.exe');
  });
});

describe('a screen that fails', () => {
  it('says what failed and offers to reload the screen', () => {
    const boundary = new ScreenErrorBoundary({
      screen: 'alert',
      resetKey: '#/alert/A1',
      children: null,
    });
    boundary.state = {
      ...boundary.state,
      ...ScreenErrorBoundary.getDerivedStateFromError(new Error('score.toFixed is not a function')),
    };
    const text = visibleText(render(boundary.render()));
    expect(text).toContain('The alert screen failed');
    expect(text).toContain('score.toFixed is not a function');
    expect(text).toContain('Reload this screen');
  });

  it('clears the failure when the user moves elsewhere', () => {
    const failed = {
      error: new Error('boom'),
      resetKey: '#/alert/A1',
      attempt: 0,
    };
    const props = { screen: 'queue', resetKey: '#/queue', children: null };
    expect(ScreenErrorBoundary.getDerivedStateFromProps(props, failed)).toMatchObject({
      error: null,
    });
    expect(
      ScreenErrorBoundary.getDerivedStateFromProps({ ...props, resetKey: '#/alert/A1' }, failed),
    ).toBeNull();
  });
});
