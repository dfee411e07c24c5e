import { useId, useState } from 'react';
import type { CombatantView } from '../../state/types';
import { useTable } from './useTable';

function statText(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function Stats({ combatant }: { combatant: CombatantView }) {
  const entries = Object.entries(combatant.stats ?? {});
  if (entries.length === 0) return <p className="tt-muted">No sheet details to show.</p>;
  return (
    <dl className="tt-stats">
      {entries.map(([k, v]) => (
        <div key={k} className="tt-stats__row">
          <dt>{k}</dt>
          <dd>{statText(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The sheet of my character; the GM may look at any combatant's. */
export function SheetPanel() {
  const { view } = useTable();
  const uid = useId();
  const isGm = view.me.role === 'GM';
  const choices = isGm ? view.table.combatants : view.table.combatants.filter((c) => c.mine);
  const [chosen, setChosen] = useState<string>('');
  const combatant = choices.find((c) => c.id === chosen) ?? choices[0];
  return (
    <section className="tt-panel tt-sheet" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{isGm ? 'Character sheets' : 'My character'}</h2>
      {choices.length === 0 ? (
        <p className="tt-muted">{isGm ? 'No combatants at the table.' : 'You have no character at this table.'}</p>
      ) : (
        <>
          {choices.length > 1 && (
            <div className="tt-field">
              <label htmlFor={`${uid}-pick`}>Sheet of</label>
              <select id={`${uid}-pick`} value={combatant?.id ?? ''} onChange={(e) => setChosen(e.target.value)}>
                {choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {combatant && (
            <>
              <h3>{combatant.name}</h3>
              <Stats combatant={combatant} />
            </>
          )}
        </>
      )}
    </section>
  );
}
