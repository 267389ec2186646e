import type { JsonValue } from '../../../../preload/contract';
import { formatCount } from '../../lib/format';
import { humanizeKey, isEmptyValue } from './identity-fields';
import { readableText } from './json-text';
import { ServiceText } from '../../components/ServiceText';

/** How a Yes reads: a risk (red), a good sign (green), or just a fact. */
export type YesTone = 'risk' | 'good' | 'plain';

export function YesNo({ value, tone = 'plain' }: { value: boolean; tone?: YesTone }) {
  const look = value ? (tone === 'plain' ? 'on' : tone) : 'off';
  return (
    <span className={`yes-no yes-no-${look}`} data-value={value ? 'yes' : 'no'}>
      {value ? 'Yes' : 'No'}
    </span>
  );
}

const MAX_DEPTH = 4;

type JsonObject = { [key: string]: JsonValue };

const isScalar = (value: JsonValue) => value === null || typeof value !== 'object';

function scalarText(value: JsonValue): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatCount(value);
  if (typeof value === 'string') return readableText(value);
  return JSON.stringify(value);
}

/** `{code, label}` objects (statuses, account types) read as their label. */
export function labelOf(value: JsonObject): string | null {
  const keys = Object.keys(value);
  const label = value.label ?? value.name;
  return typeof label === 'string' &&
    label &&
    keys.every((key) => ['code', 'label', 'name', 'id'].includes(key))
    ? label
    : null;
}

/** Any JSON value the service sent, readable: Yes/No, dates, lists, and objects as key and value. */
export function JsonValueView({
  value,
  tone = 'plain',
  depth = 0,
}: {
  value: JsonValue;
  tone?: YesTone;
  depth?: number;
}) {
  if (isEmptyValue(value))
    return <span className="json-empty">{Array.isArray(value) ? 'None' : '—'}</span>;
  if (typeof value === 'boolean') return <YesNo value={value} tone={tone} />;
  if (value === null || typeof value !== 'object')
    return <ServiceText text={scalarText(value)} lines={4} className="json-text" />;
  if (depth >= MAX_DEPTH) return <code className="json-raw">{JSON.stringify(value)}</code>;
  if (Array.isArray(value)) {
    if (value.every(isScalar))
      return (
        <ServiceText text={value.map(scalarText).join(', ')} lines={4} className="json-text" />
      );
    return (
      <ul className="json-list">
        {value.map((item, index) => (
          <li key={index}>
            <JsonValueView value={item} tone={tone} depth={depth + 1} />
          </li>
        ))}
      </ul>
    );
  }
  const label = labelOf(value);
  if (label) {
    return (
      <span
        className="json-text"
        title={value.code === undefined ? undefined : `Code ${scalarText(value.code)}`}
      >
        {label}
      </span>
    );
  }
  return (
    <dl className="json-object">
      {Object.entries(value).map(([key, item]) => (
        <div key={key} className="json-entry">
          <dt>{humanizeKey(key)}</dt>
          <dd>
            <JsonValueView value={item} tone={tone} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
