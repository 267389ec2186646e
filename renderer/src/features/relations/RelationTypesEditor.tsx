import { useState } from 'react';
import type { RelationTypeLabel } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { api, errorMessage, fieldErrors, unwrap } from '../../lib/api';
import { labelsOf, type LabelRow as Row } from './relation-labels';

const rowsOf = (types: readonly RelationTypeLabel[]): Row[] =>
  types.map((type) => ({ value: String(type.value), label: type.label }));

/**
 * The profile's labels for the interface's relation types: the interface names the list
 * (RelationsTypes) but not its values, so each tenant's are named here.
 */
export function RelationTypesEditor({
  types,
  onSaved,
}: {
  types: readonly RelationTypeLabel[];
  onSaved: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    types.length ? rowsOf(types) : [{ value: '', label: '' }],
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [state, setState] = useState<
    { is: 'idle' } | { is: 'saving' } | { is: 'saved' } | { is: 'failed'; message: string }
  >({ is: 'idle' });
  const change = (index: number, patch: Partial<Row>) => {
    setRows(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
    setState({ is: 'idle' });
  };
  const save = async () => {
    const checked = labelsOf(rows);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    setState({ is: 'saving' });
    try {
      const saved = await unwrap(api.relations.setTypes({ types: checked.types }));
      setRows(saved.length ? rowsOf(saved) : [{ value: '', label: '' }]);
      setState({ is: 'saved' });
      onSaved();
    } catch (error) {
      setProblems(fieldErrors(error));
      setState({ is: 'failed', message: errorMessage(error) });
    }
  };
  return (
    <div className="relation-types" data-testid="relation-types">
      <p className="field-hint">
        The service knows relation types by number only. Name the ones your tenant uses; an unnamed
        type shows as “Type N”.
      </p>
      {rows.map((row, index) => (
        <div key={index} className="relation-type-row" data-testid="relation-type-row">
          <TextField
            label={`Type ${index + 1} number`}
            inputMode="numeric"
            value={row.value}
            maxLength={12}
            error={problems[`types.${index}.value`]}
            data-testid="relation-type-value"
            onChange={(event) => change(index, { value: event.target.value })}
          />
          <TextField
            label={`Type ${index + 1} label`}
            value={row.label}
            maxLength={100}
            error={problems[`types.${index}.label`]}
            data-testid="relation-type-label"
            onChange={(event) => change(index, { label: event.target.value })}
          />
          <Button
            variant="ghost"
            aria-label={`Remove type ${index + 1}`}
            onClick={() => setRows(rows.filter((_, at) => at !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      <div className="relation-form-actions">
        <Button
          data-testid="relation-type-add"
          onClick={() => setRows([...rows, { value: '', label: '' }])}
        >
          Add type
        </Button>
        <Button
          variant="primary"
          busy={state.is === 'saving'}
          data-testid="relation-types-save"
          onClick={() => void save()}
        >
          Save labels
        </Button>
      </div>
      {state.is === 'saved' && (
        <Banner tone="success" testId="relation-types-saved">
          Labels saved for this profile.
        </Banner>
      )}
      {state.is === 'failed' && (
        <Banner tone="danger" testId="relation-types-failed">
          {state.message}
        </Banner>
      )}
    </div>
  );
}
