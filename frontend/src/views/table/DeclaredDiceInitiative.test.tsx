import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { memberView } from '../../state/testData';
import type { CombatantView, DeclaredView, MemberTableView } from '../../state/types';
import type { TableSession } from '../../transport/session';
import { DeclaredDiceInitiative } from './Initiative';
import { TableContext } from './useTable';

function combatant(id: string, name: string): CombatantView {
  return { id, name, ownerUserId: null, npc: false, mine: false, tracks: [], conditions: [], stats: {} };
}

function show(declared: DeclaredView) {
  const view: MemberTableView = {
    ...memberView(),
    rulesetId: 'vogt',
    table: { model: 'DECLARED_DICE', combatants: [combatant('a', 'Alda'), combatant('b', 'Bram'), combatant('o', 'Ogre')], initiative: declared, actions: [] },
  };
  render(
    <TableContext.Provider value={{ session: null as unknown as TableSession, view }}>
      <DeclaredDiceInitiative declared={declared} />
    </TableContext.Provider>,
  );
}

afterEach(cleanup);

describe('DeclaredDiceInitiative', () => {
  it('while declaring shows one’s own choice and only "declared" for others', () => {
    show({
      round: 1, phase: 'declaring', order: [], current: null,
      declarations: [
        { combatantId: 'a', declared: true, action: 'Attack', die: '1d8', roll: null, done: false },
        { combatantId: 'b', declared: true, action: null, die: null, roll: null, done: false },
        { combatantId: 'o', declared: false, action: null, die: null, roll: null, done: false },
      ],
    });
    expect(screen.getByText(/1 still to declare/)).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Declarations' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['AldaAttack1d8(only you see this)', 'Bramdeclared', 'Ogrenot declared']);
  });

  it('after the reveal lists the acting order with action, dice and roll, marking the current turn', () => {
    show({
      round: 2, phase: 'acting', order: ['o', 'a', 'b'], current: 'a',
      declarations: [
        { combatantId: 'a', declared: true, action: 'Attack', die: '1d8+1d4', roll: 5, done: false },
        { combatantId: 'b', declared: true, action: 'Help', die: '1d6', roll: 6, done: false },
        { combatantId: 'o', declared: true, action: 'Unconscious', die: '10d10', roll: 1, done: true },
      ],
    });
    const rows = within(screen.getByRole('list', { name: 'Acting order' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1OgreUnconscious10d10done', '5AldaAttack1d8+1d4turn', '6BramHelp1d6']);
    expect(rows[1].getAttribute('aria-current')).toBe('true');
  });
});
