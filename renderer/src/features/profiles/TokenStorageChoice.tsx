import type { SecretStorageStatus, TokenStorage } from '../../../../preload/contract';

const OPTIONS: Array<{ value: TokenStorage; label: string; detail: string }> = [
  {
    value: 'secure',
    label: 'Encrypted by the system keyring',
    detail: 'Recommended. The token is encrypted by your operating system.',
  },
  {
    value: 'memory',
    label: 'In memory for this run only',
    detail: 'Nothing is written to disk; you enter the token again next time.',
  },
  {
    value: 'weak',
    label: 'In a private file, not encrypted',
    detail: 'Readable by your user account only. Anyone with access to your account can read it.',
  },
];

export function TokenStorageChoice({
  value,
  onChange,
  status,
}: {
  value: TokenStorage;
  onChange: (value: TokenStorage) => void;
  status: SecretStorageStatus;
}) {
  return (
    <fieldset className="choice-group">
      <legend className="field-label">Where to keep the token</legend>
      {OPTIONS.map((option) => {
        const disabled = option.value === 'secure' && !status.secureAvailable;
        return (
          <label
            key={option.value}
            className={`choice${disabled ? ' is-disabled' : ''}${value === option.value ? ' is-checked' : ''}`}
          >
            <input
              type="radio"
              name="token-storage"
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
            />
            <span>
              <span className="choice-label">{option.label}</span>
              <span className="choice-detail">
                {disabled ? 'Not available on this system (see below).' : option.detail}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
