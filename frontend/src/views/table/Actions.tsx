import { useId, useState, type FormEvent } from 'react';
import type { ActionNeed, ActionOption, MemberTableView } from '../../state/types';
import { actingCombatant, checkActions, isStepper } from './actionKinds';
import { Stepper } from './Stepper';
import { useCommand, useTable } from './useTable';

function attributeKeys(view: MemberTableView, action: ActionOption): string[] {
  const actor = actingCombatant(view, action.args);
  const sources = actor ? [actor] : view.table.combatants.filter((c) => c.mine);
  return [...new Set(sources.flatMap((c) => Object.keys(c.stats ?? {})))];
}

function costText(cost: number | null): string | null {
  return cost === null || cost === undefined ? null : `${cost} AP`;
}

/** What a control holds while the person fills it in. */
type Value = string | string[] | boolean | Record<string, string>;

function initialValue(need: ActionNeed, attributes: string[], preset: unknown): Value {
  if (typeof preset === 'string' || typeof preset === 'boolean') return preset;
  if (typeof preset === 'number') return String(preset);
  if (Array.isArray(preset) && preset.every((p) => typeof p === 'string')) return preset as string[];
  switch (need.kind) {
    case 'CHARACTERS':
    case 'COMBATANTS':
    case 'CHOICES':
      return [];
    case 'FLAG':
      return false;
    case 'GROUPS':
      return {};
    case 'ATTRIBUTE':
      return attributes[0] ?? '';
    case 'CHOICE':
      return need.options[0] ?? '';
    default:
      return '';
  }
}

/** The argument as the server expects it. */
function argValue(need: ActionNeed, value: Value): unknown {
  switch (need.kind) {
    case 'NUMBER':
      return typeof value === 'string' && value.trim() !== '' ? Number(value) : null;
    case 'GROUPS': {
      const assigned = value as Record<string, string>;
      return need.options.map((group) => Object.keys(assigned).filter((id) => assigned[id] === group));
    }
    default:
      return value;
  }
}

interface Choice {
  id: string;
  name: string;
}

function Checks({ legend, choices, chosen, onChange }: { legend: string; choices: Choice[]; chosen: string[]; onChange: (v: string[]) => void }) {
  return (
    <fieldset className="tt-field tt-field--checks">
      <legend>{legend}</legend>
      {choices.length === 0 && <span className="tt-muted">None to choose from.</span>}
      {choices.map((c) => (
        <label key={c.id} className="tt-check">
          <input
            type="checkbox"
            checked={chosen.includes(c.id)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, c.id] : chosen.filter((x) => x !== c.id))}
          />
          {c.name}
        </label>
      ))}
    </fieldset>
  );
}

function Select({ id, choices, value, onChange, placeholder }: { id: string; choices: Choice[]; value: string; onChange: (v: string) => void; placeholder?: string }) {
  return (
    <select id={id} required value={value} onChange={(e) => onChange(e.target.value)}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

function NeedsForm({ action, onSend, busy }: { action: ActionOption; onSend: (args: Record<string, unknown>) => void; busy: boolean }) {
  const { view } = useTable();
  const uid = useId();
  const needs = action.needs ?? [];
  const attributes = attributeKeys(view, action);
  // The server names the attributes when it can; otherwise the acting combatant's stats.
  const attributesOf = (n: ActionNeed) => (n.options.length > 0 ? n.options : attributes);
  const [values, setValues] = useState<Record<string, Value>>(() =>
    Object.fromEntries(needs.map((n) => [n.name, initialValue(n, n.options.length > 0 ? n.options : attributes, action.args[n.name])])),
  );
  const set = (name: string, v: Value) => setValues((old) => ({ ...old, [name]: v }));
  const roster: Choice[] = (view.roster ?? []).map((r) => ({ id: r.id, name: r.ownerName && !r.npc ? `${r.name} (${r.ownerName})` : r.name }));
  const combatants: Choice[] = view.table.combatants.map((c) => ({ id: c.id, name: c.name }));
  const options = (n: ActionNeed): Choice[] => n.options.map((o) => ({ id: o, name: o }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const args: Record<string, unknown> = { ...action.args };
    for (const n of needs) args[n.name] = argValue(n, values[n.name]);
    onSend(args);
  };

  const control = (n: ActionNeed, id: string) => {
    const value = values[n.name];
    switch (n.kind) {
      case 'CHARACTER':
        return <Select id={id} choices={roster} value={value as string} onChange={(v) => set(n.name, v)} placeholder="Choose…" />;
      case 'COMBATANT':
        return <Select id={id} choices={combatants} value={value as string} onChange={(v) => set(n.name, v)} placeholder="Choose…" />;
      case 'CHOICE':
        return <Select id={id} choices={options(n)} value={value as string} onChange={(v) => set(n.name, v)} />;
      case 'ATTRIBUTE':
        return attributesOf(n).length > 0 ? (
          <Select id={id} choices={attributesOf(n).map((a) => ({ id: a, name: a }))} value={value as string} onChange={(v) => set(n.name, v)} />
        ) : (
          <input id={id} type="text" required value={value as string} onChange={(e) => set(n.name, e.target.value)} />
        );
      case 'NUMBER':
        return <input id={id} type="number" inputMode="numeric" required value={value as string} onChange={(e) => set(n.name, e.target.value)} />;
      case 'NOTATION':
        return (
          <input id={id} type="text" required spellCheck={false} autoComplete="off" placeholder="2d6+1" value={value as string} onChange={(e) => set(n.name, e.target.value)} />
        );
      case 'TEXT':
        return <input id={id} type="text" value={value as string} onChange={(e) => set(n.name, e.target.value)} />;
      case 'FLAG':
        return <input id={id} type="checkbox" checked={value as boolean} onChange={(e) => set(n.name, e.target.checked)} />;
      case 'CHARACTERS':
      case 'COMBATANTS':
      case 'CHOICES':
      case 'GROUPS':
        return null; // drawn as a fieldset below
    }
  };

  return (
    <form className="tt-needs" onSubmit={submit} aria-label={action.label}>
      {needs.map((n) => {
        const id = `${uid}-${n.name}`;
        switch (n.kind) {
          case 'CHARACTERS':
            return <Checks key={n.name} legend={n.label} choices={roster} chosen={values[n.name] as string[]} onChange={(v) => set(n.name, v)} />;
          case 'COMBATANTS':
            return <Checks key={n.name} legend={n.label} choices={combatants} chosen={values[n.name] as string[]} onChange={(v) => set(n.name, v)} />;
          case 'CHOICES':
            return <Checks key={n.name} legend={n.label} choices={options(n)} chosen={values[n.name] as string[]} onChange={(v) => set(n.name, v)} />;
          case 'GROUPS': {
            const assigned = values[n.name] as Record<string, string>;
            return (
              <fieldset key={n.name} className="tt-field tt-field--groups">
                <legend>{n.label}</legend>
                {combatants.map((c) => (
                  <label key={c.id} className="tt-group-pick">
                    <span>{c.name}</span>
                    <select
                      value={assigned[c.id] ?? ''}
                      onChange={(e) => {
                        const next = { ...assigned };
                        if (e.target.value === '') delete next[c.id];
                        else next[c.id] = e.target.value;
                        set(n.name, next);
                      }}
                    >
                      <option value="">Not in it</option>
                      {n.options.map((o) => (
                        <option key={o} value={o}>
                          {o}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
              </fieldset>
            );
          }
          case 'NUMBER':
            if (isStepper(n)) return <Stepper key={n.name} id={id} label={n.label} value={String(values[n.name] ?? '0')} onChange={(v) => set(n.name, v)} />;
            return (
              <div key={n.name} className="tt-field">
                <label htmlFor={id}>{n.label}</label>
                {control(n, id)}
              </div>
            );
          case 'FLAG':
            return (
              <div key={n.name} className="tt-field tt-field--flag">
                {control(n, id)}
                <label htmlFor={id}>{n.label}</label>
              </div>
            );
          default:
            return (
              <div key={n.name} className="tt-field">
                <label htmlFor={id}>{n.label}</label>
                {control(n, id)}
              </div>
            );
        }
      })}
      <button type="submit" className="tt-btn tt-btn--primary" disabled={busy}>
        {busy ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}

/** One action's button; `shown` is a shorter text under a heading that already names whose it is. */
export function ActionControl({ action, shown = action.label }: { action: ActionOption; shown?: string }) {
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
        // The full label stays the button's name (it contains the shown text), so it is clear out of context.
        aria-label={shown !== action.label ? [action.label, cost].filter(Boolean).join(' ') : undefined}
        onClick={() => (needs.length > 0 ? setOpen((o) => !o) : void send({ ...action.args }))}
      >
        <span>{shown}</span>
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

/** Actions in groups by the combatant they are for ("Alda the Bold"), the rest under "General". */
function byCombatant(view: MemberTableView, actions: ActionOption[]): { title: string | null; actions: ActionOption[] }[] {
  const groups = new Map<string, { title: string | null; actions: ActionOption[] }>();
  for (const a of actions) {
    const who = actingCombatant(view, a.args);
    const key = who?.id ?? '';
    if (!groups.has(key)) groups.set(key, { title: who?.name ?? null, actions: [] });
    groups.get(key)!.actions.push(a);
  }
  return [...groups.values()];
}

/** "Grub: move up to 10 spaces" under the heading "Grub" reads "Move up to 10 spaces". */
export function withoutName(label: string, name: string | null): string {
  if (!name || !label.startsWith(`${name}: `)) return label;
  const rest = label.slice(name.length + 2);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

function ActionList({ actions, under = null }: { actions: ActionOption[]; under?: string | null }) {
  return (
    <ul className="tt-action-list">
      {actions.map((a, i) => (
        <ActionControl key={`${a.command}-${a.label}-${i}`} action={a} shown={withoutName(a.label, under)} />
      ))}
    </ul>
  );
}

export function ActionsBar() {
  const { view } = useTable();
  // Checks are offered by the dice roller; listing them twice would only confuse.
  const checks = new Set(checkActions(view));
  const actions = (view.table.actions ?? []).filter((a) => !checks.has(a));
  const mine = byCombatant(view, actions.filter((a) => !a.gmOnly));
  const gm = actions.filter((a) => a.gmOnly);
  const isGm = view.undo !== null || gm.length > 0;
  const titled = mine.length > 1 || (mine.length === 1 && mine[0].title !== null && view.me.role === 'GM');
  return (
    <section className="tt-panel tt-actions" aria-labelledby="tt-actions-title">
      <h2 id="tt-actions-title">Actions</h2>
      {mine.length === 0 ? (
        <p className="tt-muted">Nothing to do right now.</p>
      ) : titled ? (
        mine.map((g) => (
          <div key={g.title ?? ''} className="tt-action-group" role="group" aria-label={g.title ?? 'General'}>
            <h3 className="tt-action-group__title">{g.title ?? 'General'}</h3>
            <ActionList actions={g.actions} under={g.title} />
          </div>
        ))
      ) : (
        <ActionList actions={mine[0].actions} />
      )}
      {isGm && (
        <div className="tt-gm" role="group" aria-labelledby="tt-gm-title">
          <h3 id="tt-gm-title">GM controls</h3>
          {gm.length > 0 && <ActionList actions={gm} />}
          <UndoButton />
        </div>
      )}
    </section>
  );
}
