import type { ReactNode } from 'react';
import type { KytParticipantChoice } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { TagInput } from '../../components/TagInput';
import {
  GROUP_TITLES,
  SIDE_NAMES,
  TRANSACTION_FIELDS,
  fieldByPath,
  participantFields,
  type KytFieldGroup,
  type KytFormFieldDef,
  type KytSide,
} from './kyt-fields';
import { localDateTime, withParticipant, type KytForm, type KytFormErrors } from './kyt-form';
import { CustomFieldRows } from './CustomFieldRows';
import { KytField } from './KytField';
import { ParticipantPicker } from './ParticipantPicker';

/** The collapsible parts of the form. */
export type KytDetails = 'transaction' | KytSide;

/** The details a field sits in (null: always shown). */
export function detailsOf(path: string): KytDetails | null {
  const top = path.split('.')[0];
  if (top === 'fields') return 'transaction';
  const group = fieldByPath(path)?.group;
  if (top === 'from' || top === 'to') return group === 'participant' ? null : top;
  return group === 'transaction' || group === undefined ? null : 'transaction';
}

interface Props {
  form: KytForm;
  errors: KytFormErrors;
  open: Record<KytDetails, boolean>;
  onOpen: (details: KytDetails, open: boolean) => void;
  onChange: (form: KytForm) => void;
}

function Fields({
  defs,
  form,
  errors,
  onChange,
}: {
  defs: readonly KytFormFieldDef[];
  form: KytForm;
  errors: KytFormErrors;
  onChange: (form: KytForm) => void;
}) {
  return (
    <>
      {defs.map((def) => (
        <KytField
          key={def.path}
          def={def}
          value={form.values[def.path] ?? ''}
          error={errors[def.path]}
          trailing={
            def.type === 'date' ? (
              <Button
                onClick={() =>
                  onChange({ ...form, values: { ...form.values, [def.path]: localDateTime() } })
                }
                data-testid="kyt-date-now"
              >
                Now
              </Button>
            ) : undefined
          }
          onChange={(value) => onChange({ ...form, values: { ...form.values, [def.path]: value } })}
        />
      ))}
    </>
  );
}

const ofGroup = (defs: readonly KytFormFieldDef[], group: KytFieldGroup) =>
  defs.filter((def) => def.group === group);

function Details({
  id,
  title,
  open,
  onOpen,
  summary,
  children,
}: {
  id: KytDetails;
  title: string;
  open: boolean;
  onOpen: (details: KytDetails, open: boolean) => void;
  summary: string;
  children: ReactNode;
}) {
  return (
    <details
      className="kyt-details"
      open={open}
      data-testid={`kyt-details-${id}`}
      onToggle={(event) => {
        const now = event.currentTarget.open;
        if (now !== open) onOpen(id, now);
      }}
    >
      <summary>
        {title}
        {summary && <span className="kyt-muted"> · {summary}</span>}
      </summary>
      <div className="kyt-details-body">{children}</div>
    </details>
  );
}

/** How many fields of a list are filled, for a closed group's summary. */
function filledText(form: KytForm, defs: readonly KytFormFieldDef[], extra = 0): string {
  const filled = defs.filter((def) => (form.values[def.path] ?? '').trim() !== '').length + extra;
  return filled === 0 ? '' : filled === 1 ? '1 field filled' : `${filled} fields filled`;
}

/** Amount, currency, date and label; the rest of the transaction under "More". */
export function TransactionFields({ form, errors, open, onOpen, onChange }: Props) {
  const details = TRANSACTION_FIELDS.filter((def) => def.group === 'transaction-details');
  const crypto = ofGroup(TRANSACTION_FIELDS, 'crypto');
  const textDetails = details.filter((def) => def.type !== 'list' && def.type !== 'json');
  const extra =
    (form.reviewGroups.length ? 1 : 0) + form.custom.filter((row) => row.key.trim()).length;
  return (
    <section className="kyt-form-section" aria-labelledby="kyt-section-transaction">
      <h2 id="kyt-section-transaction" className="kyt-section-title">
        {GROUP_TITLES.transaction}
      </h2>
      <div className="kyt-grid kyt-grid-main">
        <Fields
          defs={ofGroup(TRANSACTION_FIELDS, 'transaction')}
          form={form}
          errors={errors}
          onChange={onChange}
        />
      </div>
      <Details
        id="transaction"
        title={GROUP_TITLES['transaction-details']}
        summary={filledText(form, [...textDetails, ...crypto], extra)}
        open={open.transaction}
        onOpen={onOpen}
      >
        <div className="kyt-grid">
          <Fields defs={textDetails} form={form} errors={errors} onChange={onChange} />
        </div>
        <TagInput
          label="Review groups"
          tags={form.reviewGroups}
          onChange={(reviewGroups) => onChange({ ...form, reviewGroups })}
          suggestions={[]}
          placeholder="Type a group, then a comma or Enter"
          error={errors.review_groups}
          testId="kyt-review-groups"
        />
        <CustomFieldRows
          rows={form.custom}
          errors={errors}
          onChange={(custom) => onChange({ ...form, custom })}
        />
        <fieldset className="kyt-fieldset">
          <legend className="field-label">{GROUP_TITLES.crypto}</legend>
          <div className="kyt-grid">
            <Fields defs={crypto} form={form} errors={errors} onChange={onChange} />
          </div>
        </fieldset>
      </Details>
    </section>
  );
}

/** One participant: picked from the cache or typed; its account, device, institution and method under "More". */
export function ParticipantFields({
  side,
  form,
  errors,
  open,
  onOpen,
  onChange,
}: Props & { side: KytSide }) {
  const defs = participantFields(side);
  const main = ofGroup(defs, 'participant');
  const groups: KytFieldGroup[] = ['participant-details', 'device', 'institution', 'method'];
  const moreDefs = defs.filter((def) => def.group !== 'participant');
  const title = SIDE_NAMES[side];
  const pick = (choice: KytParticipantChoice) =>
    onChange(
      withParticipant(form, side, { ...choice.participant, external_id: choice.externalId }),
    );
  const filled = defs.some((def) => (form.values[def.path] ?? '') !== '');
  return (
    <section
      className="kyt-form-section"
      aria-labelledby={`kyt-section-${side}`}
      data-testid={`kyt-participant-${side}`}
    >
      <div className="kyt-section-head">
        <h2 id={`kyt-section-${side}`} className="kyt-section-title">
          {title}
        </h2>
        {filled && (
          <Button
            variant="ghost"
            onClick={() => onChange(withParticipant(form, side, {}))}
            data-testid={`kyt-clear-${side}`}
          >
            Clear the {title.toLowerCase()}
          </Button>
        )}
      </div>
      <ParticipantPicker side={side} onPick={pick} />
      <div className="kyt-grid kyt-grid-pair">
        <Fields defs={main} form={form} errors={errors} onChange={onChange} />
      </div>
      <Details
        id={side}
        title={`More about the ${title.toLowerCase()}`}
        summary={filledText(form, moreDefs)}
        open={open[side]}
        onOpen={onOpen}
      >
        {groups.map((group) => (
          <fieldset key={group} className="kyt-fieldset">
            <legend className="field-label">{GROUP_TITLES[group]}</legend>
            <div className="kyt-grid">
              <Fields defs={ofGroup(defs, group)} form={form} errors={errors} onChange={onChange} />
            </div>
          </fieldset>
        ))}
      </Details>
    </section>
  );
}
