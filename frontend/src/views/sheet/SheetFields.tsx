import type { Sheet, SheetField, SheetSchema } from '../../api';
import { Field } from '../common/ui';
import { displayValue, fieldHint, recordListProblem, type DraftValue, type SheetDraft } from './sheetForm';

interface Props {
  schema: SheetSchema;
  draft: SheetDraft;
  /** The stored sheet, for derived values (absent for a new character). */
  stored?: Sheet;
  errors: Record<string, string>;
  disabled?: boolean;
  onChange: (key: string, value: DraftValue) => void;
}

/** The inputs of a character sheet, one per schema field, with its hint and its error. */
export function SheetFields({ schema, draft, stored, errors, disabled, onChange }: Props) {
  return (
    <div className="sheet-grid">
      {schema.fields.map((field) => (
        <SheetInput
          key={field.key}
          field={field}
          value={draft[field.key]}
          stored={stored?.[field.key]}
          error={errors[field.key]}
          disabled={disabled}
          onChange={(v) => onChange(field.key, v)}
        />
      ))}
    </div>
  );
}

function SheetInput({
  field,
  value,
  stored,
  error,
  disabled,
  onChange,
}: {
  field: SheetField;
  value: DraftValue | undefined;
  stored: unknown;
  error?: string;
  disabled?: boolean;
  onChange: (v: DraftValue) => void;
}) {
  const id = `sheet-${field.key}`;
  const wide = field.type === 'LONG_TEXT' || field.type === 'TEXT_LIST' || field.type === 'RECORD_LIST';
  const className = `sheet-field sheet-field--${field.type.toLowerCase()}${wide ? ' sheet-field--wide' : ''}`;

  if (field.derived) {
    return (
      <Field id={id} label={field.label} hint={field.help || 'Worked out by the ruleset.'} className={`${className} sheet-field--derived`}>
        {({ id: cid, describedBy }) => (
          <input
            id={cid}
            className="derived"
            readOnly
            value={stored === undefined ? 'Worked out when saved' : displayValue(stored)}
            aria-describedby={describedBy}
            data-derived="true"
          />
        )}
      </Field>
    );
  }

  const hint = fieldHint(field);
  const text = typeof value === 'string' ? value : '';

  if (field.type === 'BOOLEAN') {
    return (
      <div className={`${className} field${error ? ' field--invalid' : ''}`}>
        <label className="check" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            disabled={disabled}
            onChange={(e) => onChange(e.target.checked)}
            aria-invalid={!!error}
            aria-describedby={[error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined}
          />
          <span>{field.label}</span>
        </label>
        {error && (
          <p className="field__error" id={`${id}-error`}>
            {error}
          </p>
        )}
        {hint && (
          <p className="field__hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
      </div>
    );
  }

  const liveRecordProblem = field.type === 'RECORD_LIST' && text.trim() !== '' ? recordListProblem(text) : null;
  const shownError = error ?? liveRecordProblem ?? undefined;

  return (
    <Field id={id} label={field.label} hint={hint || undefined} error={shownError} className={className}>
      {({ id: cid, describedBy, invalid }) => {
        const common = {
          id: cid,
          name: field.key,
          disabled,
          'aria-describedby': describedBy,
          'aria-invalid': invalid,
        };
        switch (field.type) {
          case 'INTEGER':
            return (
              <input
                {...common}
                type="number"
                inputMode="numeric"
                step={1}
                min={field.min ?? undefined}
                max={field.max ?? undefined}
                required={field.defaultValue == null}
                value={text}
                onChange={(e) => onChange(e.target.value)}
              />
            );
          case 'TEXT':
            return <input {...common} type="text" maxLength={field.max ?? undefined} value={text} onChange={(e) => onChange(e.target.value)} />;
          case 'LONG_TEXT':
            return <textarea {...common} rows={4} maxLength={field.max ?? undefined} value={text} onChange={(e) => onChange(e.target.value)} />;
          case 'TEXT_LIST':
            return <textarea {...common} rows={4} value={text} onChange={(e) => onChange(e.target.value)} />;
          case 'RECORD_LIST':
            return <textarea {...common} className="mono" rows={6} spellCheck={false} value={text} onChange={(e) => onChange(e.target.value)} />;
        }
      }}
    </Field>
  );
}
