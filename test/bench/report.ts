import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  /** measured / baseline, or as the figure defines it. */
  ratio?: number;
  target?: string;
  met?: boolean;
}

/** Prints the figures and keeps them as JSON beside the test results. */
export function report(bench: string, figures: BenchFigure[]): void {
  const lines = figures.map((figure) => {
    const base = figure.baseline
      ? ` | baseline ${figure.baseline.name}: ${figure.baseline.value.toFixed(1)} ${figure.unit}`
      : '';
    const ratio = figure.ratio === undefined ? '' : ` | ratio ${figure.ratio.toFixed(2)}`;
    const target = figure.target
      ? ` | target ${figure.target}: ${figure.met ? 'met' : 'NOT met'}`
      : '';
    return `  ${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}${base}${ratio}${target}`;
  });
  process.stdout.write(`\n[bench] ${bench}\n${lines.join('\n')}\n`);
  const dir = join('test-results', 'bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${bench}.json`),
    JSON.stringify({ bench, at: new Date().toISOString(), figures }, null, 2),
  );
}
