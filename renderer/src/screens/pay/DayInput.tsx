import { useState } from 'react';
import { parseDay, showDay } from '../../components/DateField.tsx';
import { FieldFrame } from '../../components/Field.tsx';

/**
 * A date typed as the app writes days (30.11.2026; an ISO date or slashes are read too), kept as YYYY-MM-DD once it
 * is one, else as typed: the check says it is no date.
 */
export function DayInput({
  id,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(() => showDay(value) || value);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="30.11.2026"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            onChange(parseDay(event.target.value) ?? event.target.value.trim());
          }}
        />
      )}
    </FieldFrame>
  );
}
