import type { ActionNeed, ActionOption, CombatantView, MemberTableView, NeedKind } from '../../state/types';

/** The combatant an action is for, when its args name one. */
export function actingCombatant(view: MemberTableView, args: Record<string, unknown>): CombatantView | undefined {
  const id = args.characterId ?? args.combatantId ?? args.actorId ?? args.character;
  return typeof id === 'string' ? view.table.combatants.find((c) => c.id === id) : undefined;
}

/** Need kinds a check form can draw as one control; a check asking for more stays in the Actions list only. */
const CHECK_KINDS: ReadonlySet<NeedKind> = new Set(['ATTRIBUTE', 'NUMBER', 'COMBATANT', 'CHARACTER', 'CHOICE', 'TEXT', 'NOTATION', 'FLAG']);

/** How many advantage (or disadvantage) a stepper goes up to. */
export const MAX_STEPS = 10;

/** A NUMBER need counting advantage or disadvantage: drawn as a stepper that starts at 0. */
export function isStepper(need: ActionNeed): boolean {
  return need.kind === 'NUMBER' && /advantage/i.test(need.name);
}

/**
 * The checks the roller offers: the actions the server sends that ask for an attribute (a check,
 * a save, a contest), for my characters — the server decides which commands exist and when.
 */
export function checkActions(view: MemberTableView): ActionOption[] {
  return (view.table.actions ?? []).filter((a) => {
    const needs = a.needs ?? [];
    return !a.gmOnly && needs.some((n) => n.kind === 'ATTRIBUTE') && needs.every((n) => CHECK_KINDS.has(n.kind));
  });
}
