import type { CombatantView, TrackView } from '../../state/types';
import { useTable } from './useTable';

function HealthTrack({ track }: { track: TrackView }) {
  const known = track.value !== null && track.max !== null && track.max > 0;
  if (!known) {
    // An NPC seen by a player: a band word only.
    return (
      <div className="tt-track tt-track--band">
        <span className="tt-track__label">{track.label}</span>
        <span className="tt-track__band">{track.band ?? track.display}</span>
      </div>
    );
  }
  const pct = Math.max(0, Math.min(100, ((track.value as number) / (track.max as number)) * 100));
  const low = pct <= 25;
  return (
    <div className="tt-track">
      <span className="tt-track__label">{track.label}</span>
      <div
        className={`tt-track__bar${low ? ' tt-track__bar--low' : ''}`}
        role="meter"
        aria-label={track.label}
        aria-valuemin={0}
        aria-valuemax={track.max as number}
        aria-valuenow={track.value as number}
        aria-valuetext={track.display}
      >
        <span className="tt-track__fill" style={{ width: `${pct}%` }} />
      </div>
      <span className="tt-track__display">{track.display}</span>
    </div>
  );
}

export function CombatantCard({ combatant, current }: { combatant: CombatantView; current: boolean }) {
  return (
    <li className={`tt-combatant${current ? ' tt-combatant--current' : ''}${combatant.mine ? ' tt-combatant--mine' : ''}`} aria-current={current ? 'true' : undefined}>
      <div className="tt-combatant__head">
        <span className="tt-combatant__name">{combatant.name}</span>
        {combatant.npc && <span className="tt-chip tt-chip--npc">NPC</span>}
        {combatant.mine && <span className="tt-chip tt-chip--mine">Mine</span>}
      </div>
      {combatant.tracks.map((t) => (
        <HealthTrack key={t.key} track={t} />
      ))}
      {combatant.conditions.length > 0 && (
        <ul className="tt-chips" aria-label={`Conditions of ${combatant.name}`}>
          {combatant.conditions.map((c) => (
            <li key={c.name} className="tt-chip tt-chip--condition">
              {c.name}
              {c.value !== null && c.value !== undefined && c.value !== '' && ` ${String(c.value)}`}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The id of the combatant whose turn it is, when the initiative shape names one. */
export function currentCombatantId(initiative: unknown): string | null {
  if (initiative && typeof initiative === 'object' && 'current' in initiative) {
    const c = (initiative as { current: unknown }).current;
    return typeof c === 'string' ? c : null;
  }
  return null;
}

export function CombatantsPanel() {
  const { view } = useTable();
  const current = currentCombatantId(view.table.initiative);
  return (
    <section className="tt-panel tt-combatants" aria-labelledby="tt-combatants-title">
      <h2 id="tt-combatants-title">Combatants</h2>
      {view.table.combatants.length === 0 ? (
        <p className="tt-muted">No combatants at the table yet.</p>
      ) : (
        <ul className="tt-combatant-list">
          {view.table.combatants.map((c) => (
            <CombatantCard key={c.id} combatant={c} current={c.id === current} />
          ))}
        </ul>
      )}
    </section>
  );
}
