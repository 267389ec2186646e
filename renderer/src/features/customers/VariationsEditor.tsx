import { useState } from 'react';
import type { NameVariationDraft } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { FieldProblems, type ShownProblem } from './FieldProblems';

const NAMES = ['first_name', 'middle_name', 'last_name', 'company_name', 'trading_name'] as const;
const LABELS: Record<(typeof NAMES)[number], string> = {
  first_name: 'First',
  middle_name: 'Middle',
  last_name: 'Last',
  company_name: 'Company',
  trading_name: 'Trading',
};

const nameOf = (variation: NameVariationDraft) =>
  NAMES.map((name) => variation[name])
    .filter(Boolean)
    .join(' ');

/**
 * Name variations: those the customer has are kept (`set`); one removed is sent as `del`, so the
 * service removes it; a new one is added (`set`). With `removeDrops` (a line of a file, not yet
 * saved) either button drops the entry from the line instead: a removed `set` was never the
 * service's to delete, and a kept `del` is a deletion the line no longer asks for.
 */
export function VariationsEditor({
  variations,
  onChange,
  problems,
  removeDrops = false,
}: {
  variations: NameVariationDraft[];
  onChange: (variations: NameVariationDraft[]) => void;
  problems: readonly ShownProblem[] | undefined;
  removeDrops?: boolean;
}) {
  const [adding, setAdding] = useState<NameVariationDraft>({ _op: 'set' });
  const toggle = (index: number) =>
    onChange(
      removeDrops
        ? variations.filter((_, at) => at !== index)
        : variations.map((variation, at) =>
            at === index
              ? { ...variation, _op: variation._op === 'del' ? 'set' : 'del' }
              : variation,
          ),
    );
  const add = () => {
    if (!NAMES.some((name) => adding[name]?.trim())) return;
    onChange([...variations, adding]);
    setAdding({ _op: 'set' });
  };
  return (
    <fieldset className="customer-section" data-testid="variations">
      <legend>Name variations</legend>
      {variations.length === 0 ? (
        <p className="field-hint">No name variation.</p>
      ) : (
        <ul className="variation-list">
          {variations.map((variation, index) => (
            <li
              key={index}
              className={variation._op === 'del' ? 'variation-removed' : undefined}
              data-testid="variation"
            >
              <bdi dir="auto">{nameOf(variation)}</bdi>
              {variation._op === 'del' && <span className="badge">removed when saved</span>}
              <Button
                variant="ghost"
                onClick={() => toggle(index)}
                aria-label={`${variation._op === 'del' ? 'Keep' : 'Remove'} ${nameOf(variation)}`}
              >
                {variation._op === 'del' ? 'Keep' : 'Remove'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="variation-add">
        {NAMES.map((name) => (
          <label key={name} className="variation-name">
            <span className="field-label">{LABELS[name]}</span>
            <input
              value={adding[name] ?? ''}
              onChange={(event) => setAdding({ ...adding, [name]: event.target.value })}
              onKeyDown={(event) => {
                // Enter adds the variation typed; it does not submit the form around it.
                if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                event.preventDefault();
                add();
              }}
              data-testid={`variation-${name}`}
            />
          </label>
        ))}
        <Button onClick={add} data-testid="variation-add">
          Add variation
        </Button>
      </div>
      <FieldProblems problems={problems} testId="problems-variations" />
    </fieldset>
  );
}
