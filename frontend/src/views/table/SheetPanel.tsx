import { useId, useState } from 'react';
import type { CombatantView } from '../../state/types';
import { useTable } from './useTable';

const ABBREVIATIONS = new Set(['ap', 'hp', 'dc', 'xp']);

/** "passiveSTR" → "Passive STR", "movementSpeed" → "Movement speed", "apCards" → "AP cards", "str" → "STR". */
export function statLabel(key: string): string {
  if (/^[a-z]{1,3}$/.test(key)) return key.toUpperCase();
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean);
  return words
    .map((w, i) => {
      if (/^[A-Z0-9]{2,}$/.test(w) || ABBREVIATIONS.has(w.toLowerCase())) return ABBREVIATIONS.has(w.toLowerCase()) ? w.toUpperCase() : w;
      return i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w.toLowerCase();
    })
    .join(' ');
}

/** Scores first (upper-case names such as STR, then the other numbers), each group alphabetical; lists and text last. */
export function orderStats(stats: Record<string, unknown>): [string, unknown][] {
  const rank = ([k, v]: [string, unknown]) => (Array.isArray(v) || (typeof v === 'object' && v !== null) ? 3 : /^[A-Z0-9]+$/.test(k) ? 0 : typeof v === 'number' ? 1 : 2);
  return Object.entries(stats).sort((a, b) => rank(a) - rank(b) || a[0].localeCompare(b[0]));
}

/** An object as a person reads it: its name when it has one, else "Key: value" pairs. */
export function readable(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (Array.isArray(value)) return value.map(readable).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const entries = Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '');
    const name = typeof o.name === 'string' ? o.name : null;
    const rest = entries.filter(([k]) => k !== 'name').map(([k, v]) => `${statLabel(k)} ${readable(v)}`);
    if (name) return rest.length > 0 ? `${name} (${rest.join(', ')})` : name;
    return rest.length > 0 ? rest.join(', ') : 'None';
  }
  return String(value);
}

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="tt-muted">–</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="tt-muted">None</span>;
    return (
      <ul className="tt-stats__list">
        {value.map((v, i) => (
          <li key={i}>{readable(v)}</li>
        ))}
      </ul>
    );
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return <span className="tt-muted">None</span>;
    return (
      <ul className="tt-stats__list">
        {entries.map(([k, v]) => (
          <li key={k}>
            {statLabel(k)}: {readable(v)}
          </li>
        ))}
      </ul>
    );
  }
  return <>{String(value)}</>;
}

function Stats({ combatant }: { combatant: CombatantView }) {
  const entries = orderStats(combatant.stats ?? {});
  if (entries.length === 0) return <p className="tt-muted">No sheet details to show.</p>;
  const scores = entries.filter(([, v]) => !Array.isArray(v) && (typeof v !== 'object' || v === null));
  const lists = entries.filter(([, v]) => Array.isArray(v) || (typeof v === 'object' && v !== null));
  return (
    <>
      <dl className="tt-stats">
        {scores.map(([k, v]) => (
          <div key={k} className="tt-stats__row">
            <dt>{statLabel(k)}</dt>
            <dd>
              <Value value={v} />
            </dd>
          </div>
        ))}
      </dl>
      {lists.length > 0 && (
        <dl className="tt-stats tt-stats--lists">
          {lists.map(([k, v]) => (
            <div key={k} className="tt-stats__row">
              <dt>{statLabel(k)}</dt>
              <dd>
                <Value value={v} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </>
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
