import { useId, useState, type FormEvent } from 'react';
import { ROLL_MODES, type ActionNeed, type ActionOption, type MemberTableView, type RollMode } from '../../state/types';
import { actingCombatant, checkActions, isStepper } from './actionKinds';
import { Stepper } from './Stepper';
import { orderStats } from './SheetPanel';
import { useCommand, useTable } from './useTable';

const QUICK_DICE = ['d4', 'd6', 'd8', 'd10', 'd12', 'd20'];
const MODE_LABELS: Record<RollMode, string> = {
  PUBLIC: 'Public',
  GM: 'GM only',
  BLIND: 'Blind (GM only, not me)',
  SELF: 'Only me',
};

/** "Alda: Roll a check" when the label does not already say whose check it is. */
export function checkLabel(view: MemberTableView, action: ActionOption): string {
  const actor = actingCombatant(view, action.args);
  return actor && !action.label.includes(actor.name) ? `${actor.name}: ${action.label}` : action.label;
}

/** Stats that read as scores (numbers, or "none" for a score the character lacks): upper-case names (STR) first. */
function scoreKeys(stats: Record<string, unknown> | undefined): string[] {
  return orderStats(stats ?? {})
    .filter(([, v]) => typeof v === 'number' || v === 'none')
    .map(([k]) => k);
}

type Value = string | boolean;

function initialValues(action: ActionOption, attributeChoices: (n: ActionNeed) => string[]): Record<string, Value> {
  const values: Record<string, Value> = {};
  for (const n of action.needs ?? []) {
    const preset = action.args[n.name];
    if (typeof preset === 'boolean') values[n.name] = preset;
    else if (typeof preset === 'string' || typeof preset === 'number') values[n.name] = String(preset);
    else if (isStepper(n)) values[n.name] = '0';
    else if (n.kind === 'FLAG') values[n.name] = false;
    else if (n.kind === 'ATTRIBUTE') values[n.name] = attributeChoices(n)[0] ?? '';
    else if (n.kind === 'CHOICE') values[n.name] = n.options[0] ?? '';
    else values[n.name] = '';
  }
  return values;
}

/** Attribute checks as the server offers them, with steppers for advantage and disadvantage when the check takes them. */
function CheckForm({ checks, mode }: { checks: ActionOption[]; mode: RollMode }) {
  const { view } = useTable();
  const cmd = useCommand();
  const uid = useId();
  const labels = checks.map((c) => checkLabel(view, c));
  const [index, setIndex] = useState(0);
  const action = checks[Math.min(index, checks.length - 1)];
  const needs = action.needs ?? [];
  const mine = view.table.combatants.filter((c) => c.mine);

  // A need naming a combatant (a check against a target) decides whose attributes a later
  // attribute need offers (the target's); the first attribute is always the actor's.
  const attributeChoices = (n: ActionNeed, current: Record<string, Value> = {}, of: ActionOption = action): string[] => {
    if (n.options.length > 0) return n.options;
    const ns = of.needs ?? [];
    const first = ns.find((x) => x.kind === 'ATTRIBUTE');
    const chosenTarget = ns.find((x) => x.kind === 'COMBATANT' && typeof current[x.name] === 'string' && current[x.name] !== '');
    const who = actingCombatant(view, of.args) ?? mine[0];
    const whose = n !== first && chosenTarget ? view.table.combatants.find((c) => c.id === current[chosenTarget.name]) : who;
    return scoreKeys(whose?.stats);
  };
  const [values, setValues] = useState<Record<string, Value>>(() => initialValues(action, (n) => attributeChoices(n)));
  const pick = (i: number) => {
    setIndex(i);
    setValues(initialValues(checks[i], (n) => attributeChoices(n, {}, checks[i])));
    cmd.clear();
  };
  const set = (name: string, v: Value) => setValues((old) => ({ ...old, [name]: v }));

  const missing = needs.find((n) => n.kind !== 'FLAG' && n.kind !== 'TEXT' && !isStepper(n) && (values[n.name] ?? '') === '');
  const reason = !action.enabled ? action.reason || 'The server does not allow this check now.' : missing ? `Fill in ${missing.label} first.` : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason) return;
    const args: Record<string, unknown> = { ...action.args };
    for (const n of needs) {
      const v = values[n.name];
      args[n.name] = n.kind === 'NUMBER' ? Number(v || 0) : v;
    }
    await cmd.send(action.command, args, mode);
  };

  const control = (n: ActionNeed) => {
    const id = `${uid}-${n.name}`;
    const value = values[n.name] ?? '';
    if (isStepper(n)) return <Stepper key={n.name} id={id} label={n.label} value={value as string} onChange={(v) => set(n.name, v)} />;
    let input;
    switch (n.kind) {
      case 'ATTRIBUTE': {
        const choices = attributeChoices(n, values);
        input =
          choices.length > 0 ? (
            <select id={id} value={value as string} onChange={(e) => set(n.name, e.target.value)}>
              {choices.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          ) : (
            <input id={id} type="text" value={value as string} onChange={(e) => set(n.name, e.target.value)} />
          );
        break;
      }
      case 'COMBATANT':
      case 'CHARACTER': {
        const choices = n.kind === 'COMBATANT' ? view.table.combatants : (view.roster ?? []);
        input = (
          <select id={id} value={value as string} onChange={(e) => set(n.name, e.target.value)}>
            <option value="">Choose…</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        );
        break;
      }
      case 'CHOICE':
        input = (
          <select id={id} value={value as string} onChange={(e) => set(n.name, e.target.value)}>
            {n.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        );
        break;
      case 'NUMBER':
        input = <input id={id} type="number" inputMode="numeric" value={value as string} onChange={(e) => set(n.name, e.target.value)} />;
        break;
      case 'FLAG':
        return (
          <div key={n.name} className="tt-field tt-field--flag">
            <input id={id} type="checkbox" checked={value === true} onChange={(e) => set(n.name, e.target.checked)} />
            <label htmlFor={id}>{n.label}</label>
          </div>
        );
      default:
        input = (
          <input id={id} type="text" className={n.kind === 'NOTATION' ? 'tt-mono' : undefined} value={value as string} onChange={(e) => set(n.name, e.target.value)} />
        );
    }
    return (
      <div key={n.name} className="tt-field">
        <label htmlFor={id}>{n.label}</label>
        {input}
      </div>
    );
  };

  return (
    <form className="tt-check-form" onSubmit={submit} aria-label="Attribute check" aria-describedby={cmd.error ? `${uid}-error` : undefined}>
      <div className="tt-field tt-field--grow">
        <label htmlFor={`${uid}-check`}>Check</label>
        <select id={`${uid}-check`} value={String(checks.indexOf(action))} onChange={(e) => pick(Number(e.target.value))}>
          {labels.map((l, i) => (
            <option key={i} value={String(i)}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <div className="tt-check-form__needs">{needs.map(control)}</div>
      <div className="tt-check-form__send">
        <button
          type="submit"
          className="tt-btn tt-btn--primary"
          disabled={cmd.busy || !!reason}
          title={reason}
          aria-describedby={reason ? `${uid}-reason` : undefined}
        >
          {cmd.busy ? 'Rolling…' : 'Roll check'}
        </button>
        {reason && (
          <span id={`${uid}-reason`} className="tt-reason">
            {reason}
          </span>
        )}
      </div>
      {cmd.error && (
        <p id={`${uid}-error`} className="tt-error" role="alert">
          {cmd.error.message}
        </p>
      )}
    </form>
  );
}

export function DiceRoller() {
  const { view } = useTable();
  const cmd = useCommand();
  const uid = useId();
  const [notation, setNotation] = useState('');
  const [label, setLabel] = useState('');
  const [mode, setMode] = useState<RollMode>('PUBLIC');
  const mine = view.table.combatants.filter((c) => c.mine);
  const [characterId, setCharacterId] = useState('');
  const checks = checkActions(view);
  // Remount the check form when the set of checks changes (a character placed or removed).
  const checksKey = checks.map((c) => `${c.command}|${checkLabel(view, c)}`).join(';');

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
  const rollReason = notation.trim() ? undefined : 'Type dice notation first, e.g. 2d6+1';

  return (
    <section className="tt-panel tt-dice" aria-labelledby={`${uid}-title`}>
      <div className="tt-dice__head">
        <h2 id={`${uid}-title`}>Dice</h2>
        <div className="tt-field tt-field--inline">
          <label htmlFor={`${uid}-mode`}>Roll mode</label>
          <select id={`${uid}-mode`} value={mode} onChange={(e) => setMode(e.target.value as RollMode)}>
            {ROLL_MODES.map((m) => (
              <option key={m} value={m}>
                {MODE_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <form onSubmit={submit} className="tt-dice__form" aria-label="Roll dice">
        <div className="tt-field tt-field--grow">
          <label htmlFor={`${uid}-notation`}>Notation</label>
          <input
            id={`${uid}-notation`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="2d6+1"
            value={notation}
            onChange={(e) => {
              setNotation(e.target.value);
              if (cmd.error) cmd.clear();
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={cmd.error ? `${uid}-error` : undefined}
            className="tt-mono"
          />
        </div>
        <div className="tt-field">
          <label htmlFor={`${uid}-label`}>Label (optional)</label>
          <input id={`${uid}-label`} type="text" value={label} maxLength={80} onChange={(e) => setLabel(e.target.value)} />
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
        <button type="submit" className="tt-btn tt-btn--primary" disabled={cmd.busy || !!rollReason} title={rollReason}>
          Roll
        </button>
        {cmd.error && (
          <p id={`${uid}-error`} className="tt-error tt-dice__error" role="alert">
            {cmd.error.message}
          </p>
        )}
      </form>
      <div className="tt-quick" role="group" aria-label="Quick rolls">
        {QUICK_DICE.map((d) => (
          <button key={d} type="button" className="tt-btn tt-btn--die" disabled={cmd.busy} aria-label={`Roll 1${d}`} onClick={() => void roll(`1${d}`)}>
            {d}
          </button>
        ))}
      </div>
      {checks.length > 0 && (
        <div className="tt-dice__checks">
          <h3>Checks</h3>
          <CheckForm key={checksKey} checks={checks} mode={mode} />
        </div>
      )}
    </section>
  );
}
