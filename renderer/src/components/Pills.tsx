import { categoryLabel, isKnownState, stateLabel, stateTone } from '../lib/alert-states';

/** A state as received; one the interface does not name is flagged in words, not by colour only. */
export function StatePill({ state }: { state: number }) {
  const known = isKnownState(state);
  return (
    <span className="pill-with-flag">
      <span className={`pill pill-${stateTone(state)}`} data-state={state}>
        {stateLabel(state)}
      </span>
      {!known && (
        <span className="odd-flag" data-testid="odd-state">
          unknown state
        </span>
      )}
    </span>
  );
}

export function CategoryTag({ category }: { category: string }) {
  return <span className="tag">{categoryLabel(category)}</span>;
}

/** Scores the interface allows; any other is shown as received and flagged. */
export const isScoreInRange = (score: number) =>
  Number.isFinite(score) && score >= 0 && score <= 100;

/** A 0–100 match score as a number and a bar; high scores read as more urgent. */
export function ScoreBar({ score }: { score: number }) {
  const inRange = isScoreInRange(score);
  const clamped = inRange ? score : Math.max(0, Math.min(100, Number.isFinite(score) ? score : 0));
  const level = !inRange ? 'odd' : clamped >= 85 ? 'high' : clamped >= 60 ? 'medium' : 'low';
  return (
    <span
      className={`score score-${level}`}
      title={inRange ? `Match score ${score} of 100` : `Match score ${score}: outside 0–100`}
    >
      <span className="score-value">{String(score)}</span>
      {inRange ? (
        <span className="score-track" aria-hidden="true">
          <span className="score-fill" style={{ width: `${clamped}%` }} />
        </span>
      ) : (
        <span className="odd-flag" data-testid="odd-score">
          outside 0–100
        </span>
      )}
    </span>
  );
}
