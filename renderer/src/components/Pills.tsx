import { categoryLabel, stateLabel, stateTone } from '../lib/alert-states';

export function StatePill({ state }: { state: number }) {
  return (
    <span className={`pill pill-${stateTone(state)}`} data-state={state}>
      {stateLabel(state)}
    </span>
  );
}

export function CategoryTag({ category }: { category: string }) {
  return <span className="tag">{categoryLabel(category)}</span>;
}

/** A 0–100 match score as a number and a bar; high scores read as more urgent. */
export function ScoreBar({ score }: { score: number }) {
  const clamped = Math.max(0, Math.min(100, score));
  const level = clamped >= 85 ? 'high' : clamped >= 60 ? 'medium' : 'low';
  return (
    <span className={`score score-${level}`} title={`Match score ${clamped} of 100`}>
      <span className="score-value">{clamped}</span>
      <span className="score-track" aria-hidden="true">
        <span className="score-fill" style={{ width: `${clamped}%` }} />
      </span>
    </span>
  );
}
