import { useId, type ReactNode } from 'react';

/**
 * A label, the control, a hint and the problem, tied together for screen readers: the control gets the ids of the
 * hint and the error to put in its aria-describedby.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: string | undefined;
  error?: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(described)}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled text input with its hint and its error beside it. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  hint,
  error,
  prefix,
  suffix,
  inputMode,
  type = 'text',
  testId,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint?: string;
  error?: string | undefined;
  prefix?: ReactNode;
  suffix?: ReactNode;
  inputMode?: 'text' | 'numeric';
  type?: 'text' | 'password';
  testId?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <div className="input-row">
          {prefix && <span className="adornment">{prefix}</span>}
          <input
            id={id}
            type={type}
            value={value}
            inputMode={inputMode}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            data-testid={testId}
            autoFocus={autoFocus}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
          {suffix && <span className="adornment">{suffix}</span>}
        </div>
      )}
    </FieldFrame>
  );
}

/** A labelled choice among `options` (value, text), with its hint. */
export function SelectField<T extends string>({
  label,
  hint,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  hint?: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint}>
      {(describedBy) => (
        <select
          id={id}
          value={value}
          aria-describedby={describedBy}
          data-testid={testId}
          onChange={(event) => onChange(event.target.value as T)}
        >
          {options.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
