import { useId, type ReactNode } from 'react';

/** A labelled text input with its hint and its error beside it, wired for screen readers. */
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
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
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
          aria-describedby={described || undefined}
          data-testid={testId}
          autoFocus={autoFocus}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        {suffix && <span className="adornment">{suffix}</span>}
      </div>
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
