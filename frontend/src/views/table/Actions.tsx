import { useId, useState, type FormEvent } from 'react';
import type { ActionOption, CombatantView, MemberTableView } from '../../state/types';
import { useCommand, useTable } from './useTable';

/** Needs answered with a number. */
const NUMBER_NEEDS = new Set(['amount', 'number', 'dc', 'manaDust', 'count', 'value']);
/** Needs answered with a list of combatants. */
const isMultiCombatant = (need: string) => /Ids$/.test(need);

const NEED_LABELS: Record<string, string> = {
  target: 'Target',
  amount: 'Amount',
  attribute: 'Attribute',
  notation: 'Dice',
  text: 'Text',
  condition: 'Condition',
  dc: 'DC',
  manaDust: 'Mana dust',
  characterIds: 'Characters',
};

export function needLabel(need: string): string {
  return NEED_LABELS[need] ?? need.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

/** The combatant an action is for, when its args name one. */
export function actingCombatant(view: MemberTableView, args: Record<string, unknown>): CombatantView | undefined {
  const id = args.characterId ?? args.combatantId ?? args.actorId ?? args.character;
  return typeof id === 'string' ? view.table.combatants.find((c) => c.id === id) : undefined;
}

function attributeKeys(view: MemberTableView, action: ActionOption): string[] {
  const actor = actingCombatant(view, action.args);
  const sources = actor ? [actor] : view.table.combatants.filter((c) => c.mine);
  return [...new Set(sources.flatMap((c) => Object.keys(c.stats ?? {})))];
}

function costText(cost: number | null): string | null {
  return cost === null || cost === undefined ? null : `${cost} AP`;
}

function NeedsForm({ action, onSend, busy }: { action: ActionOption; onSend: (args: Record<string, unknown>) => void; busy: boolean }) {
  const { view } = useTable();
  const uid = useId();
  const needs = action.needs ?? [];
  const attributes = attributeKeys(view, action);
  const [values, setValues] = useState<Record<string, string | string[]>>(() => {
    const init: Record<string, string | string[]> = {};
    for (const n of needs) init[n] = isMultiCombatant(n) ? [] : n === 'attribute' && attributes.length > 0 ? attributes[0] : '';
    return init;
  });
  const set = (n: string, v: string | string[]) => setValues((old) => ({ ...old, [n]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const args: Record<string, unknown> = { ...action.args };
    for (const n of needs) {
      const v = values[n];
      args[n] = NUMBER_NEEDS.has(n) && typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    }
    onSend(args);
  };

  return (
    <form className="tt-needs" onSubmit={submit} aria-label={action.label}>
      {needs.map((n) => {
        const id = `${uid}-${n}`;
        if (isMultiCombatant(n)) {
          const chosen = values[n] as string[];
          return (
            <fieldset key={n} className="tt-field tt-field--checks">
              <legend>{needLabel(n)}</legend>
              {view.table.combatants.map((c) => (
                <label key={c.id} className="tt-check">
                  <input
                    type="checkbox"
                    checked={chosen.includes(c.id)}
                    onChange={(e) => set(n, e.target.checked ? [...chosen, c.id] : chosen.filter((x) => x !== c.id))}
                  />
                  {c.name}
                </label>
              ))}
            </fieldset>
          );
        }
        let control;
        if (n === 'target') {
          control = (
            <select id={id} required value={values[n] as string} onChange={(e) => set(n, e.target.value)}>
              <option value="">Choose…</option>
              {view.table.combatants.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          );
        } else if (n === 'attribute' && attributes.length > 0) {
          control = (
            <select id={id} required value={values[n] as string} onChange={(e) => set(n, e.target.value)}>
              {attributes.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          );
        } else if (NUMBER_NEEDS.has(n)) {
          control = <input id={id} type="number" inputMode="numeric" required value={values[n] as string} onChange={(e) => set(n, e.target.value)} />;
        } else {
          control = <input id={id} type="text" required value={values[n] as string} onChange={(e) => set(n, e.target.value)} />;
        }
        return (
          <div key={n} className="tt-field">
            <label htmlFor={id}>{needLabel(n)}</label>
            {control}
          </div>
        );
      })}
      <button type="submit" className="tt-btn tt-btn--primary" disabled={busy}>
        {busy ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}

export function ActionControl({ action }: { action: ActionOption }) {
  const cmd = useCommand();
  const [open, setOpen] = useState(false);
  const needs = action.needs ?? [];
  const cost = costText(action.cost);
  const send = async (args: Record<string, unknown>) => {
    const reply = await cmd.send(action.command, args);
    if (reply?.accepted) setOpen(false);
  };
  return (
    <li className="tt-action">
      <button
        type="button"
        className="tt-btn"
        disabled={!action.enabled || cmd.busy}
        title={!action.enabled && action.reason ? action.reason : undefined}
        aria-expanded={needs.length > 0 ? open : undefined}
        onClick={() => (needs.length > 0 ? setOpen((o) => !o) : void send({ ...action.args }))}
      >
        <span>{action.label}</span>
        {cost && <span className="tt-cost">{cost}</span>}
      </button>
      {!action.enabled && action.reason && <span className="visually-hidden">{action.reason}</span>}
      {open && action.enabled && <NeedsForm action={action} onSend={send} busy={cmd.busy} />}
      {cmd.error && (
        <p className="tt-error" role="alert">
          {cmd.error.message}
        </p>
      )}
    </li>
  );
}

export function UndoButton() {
  const { view } = useTable();
  const cmd = useCommand();
  if (!view.undo) return null;
  const { available, summary } = view.undo;
  return (
    <div className="tt-undo">
      <button
        type="button"
        className="tt-btn tt-btn--danger"
        disabled={!available || cmd.busy}
        title={available ? (summary ?? undefined) : 'Nothing to undo'}
        onClick={() => void cmd.send('undo', {})}
      >
        Undo last action
      </button>
      {available && summary && <span className="tt-undo__summary">{summary}</span>}
      {!available && <span className="tt-muted">Nothing to undo</span>}
      {cmd.error && (
        <p className="tt-error" role="alert">
          {cmd.error.message}
        </p>
      )}
    </div>
  );
}

export function ActionsBar() {
  const { view } = useTable();
  const actions = view.table.actions ?? [];
  const mine = actions.filter((a) => !a.gmOnly);
  const gm = actions.filter((a) => a.gmOnly);
  const isGm = view.undo !== null || gm.length > 0;
  return (
    <section className="tt-panel tt-actions" aria-labelledby="tt-actions-title">
      <h2 id="tt-actions-title">Actions</h2>
      {mine.length === 0 ? (
        <p className="tt-muted">Nothing to do right now.</p>
      ) : (
        <ul className="tt-action-list">
          {mine.map((a, i) => (
            <ActionControl key={`${a.command}-${a.label}-${i}`} action={a} />
          ))}
        </ul>
      )}
      {isGm && (
        <div className="tt-gm" role="group" aria-labelledby="tt-gm-title">
          <h3 id="tt-gm-title">GM controls</h3>
          {gm.length > 0 && (
            <ul className="tt-action-list">
              {gm.map((a, i) => (
                <ActionControl key={`${a.command}-${a.label}-${i}`} action={a} />
              ))}
            </ul>
          )}
          <UndoButton />
        </div>
      )}
    </section>
  );
}
