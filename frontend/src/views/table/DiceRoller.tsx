import { useId, useState, type FormEvent } from 'react';
import { ROLL_MODES, type RollMode } from '../../state/types';
import { useCommand, useTable } from './useTable';

const QUICK_DICE = ['d4', 'd6', 'd8', 'd10', 'd12', 'd20'];
const MODE_LABELS: Record<RollMode, string> = {
  PUBLIC: 'Public',
  GM: 'GM only',
  BLIND: 'Blind (GM only, not me)',
  SELF: 'Only me',
};

export function DiceRoller() {
  const { view } = useTable();
  const cmd = useCommand();
  const uid = useId();
  const [notation, setNotation] = useState('');
  const [label, setLabel] = useState('');
  const [mode, setMode] = useState<RollMode>('PUBLIC');
  const mine = view.table.combatants.filter((c) => c.mine);
  const [characterId, setCharacterId] = useState('');

  const roll = async (expr: string) => {
    const args: Record<string, unknown> = { notation: expr };
    if (label.trim()) args.label = label.trim();
    if (characterId) args.characterId = characterId;
    const reply = await cmd.send('roll', args, mode);
    if (reply?.accepted) setNotation('');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (notation.trim()) void roll(notation.trim());
  };
  const invalid = cmd.error?.code === 'INVALID_DICE';

  return (
    <section className="tt-panel tt-dice" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>Dice</h2>
      <form onSubmit={submit} className="tt-dice__form">
        <div className="tt-field tt-field--grow">
          <label htmlFor={`${uid}-notation`}>Notation</label>
          <input
            id={`${uid}-notation`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={notation}
            onChange={(e) => setNotation(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={cmd.error ? `${uid}-error` : undefined}
            className="tt-mono"
          />
          {cmd.error && (
            <p id={`${uid}-error`} className="tt-error" role="alert">
              {cmd.error.message}
            </p>
          )}
        </div>
        <div className="tt-field">
          <label htmlFor={`${uid}-label`}>Label (optional)</label>
          <input id={`${uid}-label`} type="text" value={label} maxLength={80} onChange={(e) => setLabel(e.target.value)} />
        </div>
        <div className="tt-field">
          <label htmlFor={`${uid}-mode`}>Roll mode</label>
          <select id={`${uid}-mode`} value={mode} onChange={(e) => setMode(e.target.value as RollMode)}>
            {ROLL_MODES.map((m) => (
              <option key={m} value={m}>
                {MODE_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
        {mine.length > 0 && (
          <div className="tt-field">
            <label htmlFor={`${uid}-char`}>For @ references</label>
            <select id={`${uid}-char`} value={characterId} onChange={(e) => setCharacterId(e.target.value)}>
              <option value="">No character</option>
              {mine.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="submit" className="tt-btn tt-btn--primary" disabled={cmd.busy || !notation.trim()}>
          Roll
        </button>
      </form>
      <div className="tt-quick" role="group" aria-label="Quick rolls">
        {QUICK_DICE.map((d) => (
          <button key={d} type="button" className="tt-btn tt-btn--die" disabled={cmd.busy} onClick={() => void roll(`1${d}`)}>
            {d}
          </button>
        ))}
      </div>
    </section>
  );
}
