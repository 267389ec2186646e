import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The colour tokens of both themes meet WCAG 2.1 AA: text 4.5:1 on every surface it can sit on,
// the focus ring 3:1 (non-text contrast), so every theme keeps text readable and focus visible.

const css = readFileSync(join(__dirname, '../../../renderer/src/styles/tokens.css'), 'utf8');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block in tokens.css`);
  const body = css.slice(start, css.indexOf('\n}', start));
  const tokens: Record<string, string> = {};
  for (const match of body.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi))
    if (match[1] && match[2]) tokens[match[1]] = match[2];
  return tokens;
}

const light = block(':root');
const themes = { light, dark: { ...light, ...block(":root[data-theme='dark']") } };

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const SURFACES = ['bg-app', 'bg-surface', 'bg-subtle', 'bg-hover', 'bg-selected'];
const TEXTS = ['text', 'text-muted', 'text-faint', 'accent'];

describe.each(Object.entries(themes))('the %s theme', (_name, tokens) => {
  const color = (token: string) => {
    const value = tokens[token];
    if (!value) throw new Error(`no --${token}`);
    return value;
  };

  it.each(TEXTS)('--%s reads at 4.5:1 on every surface', (text) => {
    for (const surface of SURFACES)
      expect(
        contrast(color(text), color(surface)),
        `--${text} on --${surface}`,
      ).toBeGreaterThanOrEqual(4.5);
  });

  it('the focus ring (--accent) stands out at 3:1 from every surface', () => {
    for (const surface of SURFACES)
      expect(
        contrast(color('accent'), color(surface)),
        `--accent on --${surface}`,
      ).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['success', 'success-soft'],
    ['warning', 'warning-soft'],
    ['danger', 'danger-soft'],
    ['accent-text', 'accent'],
    ['danger-text', 'danger'],
  ])('--%s reads at 4.5:1 on --%s', (text, surface) => {
    expect(contrast(color(text), color(surface))).toBeGreaterThanOrEqual(4.5);
  });
});
