import { MAX_STEPS } from './actionKinds';

/** A count from 0 to MAX_STEPS with − and + buttons, e.g. how much advantage. */
export function Stepper({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  const n = Number(value) || 0;
  const set = (next: number) => onChange(String(Math.max(0, Math.min(MAX_STEPS, next))));
  return (
    <div className="tt-field tt-stepper" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="tt-stepper__label">
        {label}
      </span>
      <div className="tt-stepper__row">
        <button type="button" className="tt-btn tt-btn--step" aria-label={`Less ${label.toLowerCase()}`} disabled={n <= 0} onClick={() => set(n - 1)}>
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_STEPS}
          value={value}
          aria-labelledby={`${id}-label`}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" className="tt-btn tt-btn--step" aria-label={`More ${label.toLowerCase()}`} disabled={n >= MAX_STEPS} onClick={() => set(n + 1)}>
          +
        </button>
      </div>
    </div>
  );
}
