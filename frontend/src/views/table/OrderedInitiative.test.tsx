import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { memberView } from '../../state/testData';
import type { MemberTableView, OrderView } from '../../state/types';
import type { TableSession } from '../../transport/session';
import { OrderedInitiative } from './Initiative';
import { TableContext } from './useTable';

afterEach(cleanup);

function show(ordered: OrderView) {
  const base = memberView();
  const view: MemberTableView = {
    ...base,
    table: {
      ...base.table,
      model: 'ORDERED',
      combatants: [
        { id: 'c-alda', name: 'Alda', ownerUserId: 'u-alda', npc: false, mine: true, tracks: [], conditions: [], stats: {} },
        { id: 'c-ghoul', name: 'Ghoul', ownerUserId: null, npc: true, mine: false, tracks: [], conditions: [], stats: {} },
      ],
      initiative: ordered,
      actions: [],
    },
  } as MemberTableView;
  render(
    <TableContext.Provider value={{ session: {} as TableSession, view }}>
      <OrderedInitiative ordered={ordered} />
    </TableContext.Provider>,
  );
}

describe('OrderedInitiative', () => {
  it("lists what the current combatant has used this turn, and nothing for the others", () => {
    show({
      round: 1,
      current: 'c-alda',
      order: [
        { combatantId: 'c-alda', score: 15, used: ['combat', 'movement'], done: false },
        { combatantId: 'c-ghoul', score: null, used: [], done: false },
      ],
    });
    const rows = screen.getAllByRole('listitem');
    expect(rows[0].textContent).toContain('combat used');
    expect(rows[0].textContent).toContain('movement used');
    expect(rows[0].getAttribute('aria-current')).toBe('true');
    expect(rows[1].textContent).not.toContain('used');
    expect(rows[1].textContent).not.toContain('acted');
    expect(rows[1].textContent).toContain('–');
  });

  it('still shows a plain "acted" for a boolean', () => {
    show({ round: 2, current: null, order: [{ combatantId: 'c-alda', score: 12, used: true, done: true }] });
    expect(screen.getByText('acted')).toBeTruthy();
    expect(screen.getByText('done')).toBeTruthy();
  });
});
