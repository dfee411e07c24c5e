import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, type Campaign } from '../../api';
import { event, eventView, memberView, snapshot } from '../../state/testData';
import type { MemberTableView } from '../../state/types';
import { FakeStomp } from '../../test/fakeStomp';
import { TableSession } from '../../transport/session';
import { TableScreen } from './TableScreen';

const stream = '/user/queue/tables/t-1';

function gmView(): MemberTableView {
  const v = memberView();
  return {
    ...v,
    me: { userId: 'u-gemma', displayName: 'Gemma', role: 'GM' },
    undo: { available: false, seq: null, summary: null },
    table: {
      model: 'CARD_DECK',
      combatants: [
        {
          id: 'c-alda', name: 'Alda', ownerUserId: 'u-alda', npc: false, mine: false,
          tracks: [{ key: 'health', label: 'Health', value: 9, max: 12, display: '(3)9', band: null }],
          conditions: [{ name: 'Bleeding', value: 2 }],
          stats: { STR: 3, AGI: 2 },
        },
        {
          id: 'c-orc', name: 'Orc', ownerUserId: null, npc: true, mine: false,
          tracks: [{ key: 'health', label: 'Health', value: null, max: null, display: 'Wounded', band: 'Wounded' }],
          conditions: [],
          stats: {},
        },
      ],
      initiative: {
        round: 2, deckCount: 17, lastDealt: { id: 'k1', owner: 'c-alda', kind: 'AP', label: 'AP' },
        hands: { 'c-alda': { count: 2, cards: [{ id: 'k1', owner: 'c-alda', kind: 'AP', label: 'AP' }, { id: 'k2', owner: 'c-alda', kind: 'AP', label: 'AP' }] }, 'c-orc': { count: 1, cards: null } },
        discard: [], lost: [], awaiting: [],
      },
      actions: [
        { command: 'actlite.attack', label: 'Attack with Club', args: { characterId: 'c-alda' }, needs: [{ name: 'target', label: 'Target', kind: 'COMBATANT', options: [] }], cost: 2, enabled: true, reason: '', gmOnly: false },
        { command: 'actlite.interrupt', label: 'Interrupt', args: {}, needs: [], cost: 1, enabled: false, reason: 'Not your turn', gmOnly: false },
        { command: 'actlite.dealCard', label: 'Deal the next card', args: {}, needs: [], cost: null, enabled: true, reason: '', gmOnly: true },
        {
          command: 'actlite.addCharacter', label: 'Place a character at the table', args: {}, cost: null, enabled: true, reason: '', gmOnly: true,
          needs: [{ name: 'characterId', label: 'Character', kind: 'CHARACTER', options: [] }],
        },
        {
          command: 'cairn-ap.startInitiative', label: 'Start the fight', args: {}, cost: null, enabled: true, reason: '', gmOnly: true,
          needs: [
            { name: 'groups', label: 'Sides', kind: 'GROUPS', options: ['Party', 'Foes'] },
            { name: 'surprised', label: 'Surprised', kind: 'COMBATANTS', options: [] },
            { name: 'melee', label: 'In melee', kind: 'FLAG', options: [] },
          ],
        },
      ],
    },
    roster: [
      { id: 'c-alda', name: 'Alda', npc: false, ownerName: 'Alda P.' },
      { id: 'c-bran', name: 'Bran', npc: false, ownerName: 'Bran P.' },
    ],
  };
}

function mount(loadCampaign: (id: string) => Promise<Campaign> = async () => ({ id: 't-1', name: 'The Sunken Keep' }) as Campaign) {
  let fake!: FakeStomp;
  const factory = (tableId: string) =>
    new TableSession({ tableId, clientFactory: (c) => (fake = new FakeStomp(c)), csrf: async () => 'tok', now: () => 0 });
  render(
    <MemoryRouter initialEntries={['/campaigns/t-1/table']}>
      <Routes>
        <Route path="/campaigns/:id/table" element={<TableScreen sessionFactory={factory} loadCampaign={loadCampaign} />} />
      </Routes>
    </MemoryRouter>,
  );
  return () => fake;
}

afterEach(cleanup);

describe('TableScreen', () => {
  it('shows a loading state until the snapshot, then the table the server sent', async () => {
    const fake = mount();
    await act(async () => {});
    expect(screen.getByText('Opening the table…')).toBeTruthy();
    await act(() => fake().open());
    act(() => fake().deliver(stream, snapshot(3, [eventView(3, { type: 'roll', lines: [{ text: 'Climb (2d6+1) = 9', triggers: ['on 6'], rolls: [{ notation: '2d6+1', total: 9, dice: [{ sides: 6, face: 3, kept: false, exploded: false, rerolled: false }, { sides: 6, face: 6, kept: true, exploded: true, rerolled: false }] }] }] })], gmView())));

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The Sunken Keep');
    expect(screen.getByText('Actlite')).toBeTruthy();
    expect(screen.getByText('Game master')).toBeTruthy();
    expect(screen.getByText('(3)9')).toBeTruthy();
    expect(screen.getAllByText('Wounded').length).toBeGreaterThan(0);
    expect(screen.getByText('Bleeding 2')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Deck: 17 cards left' })).toBeTruthy();
    expect(screen.getByText('1 card')).toBeTruthy();
    expect(screen.getByText('Climb (2d6+1) = 9')).toBeTruthy();
    expect(screen.getByText('on 6')).toBeTruthy();

    const interrupt = screen.getByRole('button', { name: /Interrupt/ }) as HTMLButtonElement;
    expect(interrupt.disabled).toBe(true);
    expect(interrupt.title).toBe('Not your turn');
    const gm = screen.getByRole('group', { name: 'GM controls' });
    expect(within(gm).getByRole('button', { name: 'Deal the next card' })).toBeTruthy();
    expect((within(gm).getByRole('button', { name: 'Undo last action' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends an action with its needs and shows a refusal next to it', async () => {
    const fake = mount();
    await act(() => fake().open());
    act(() => fake().deliver(stream, snapshot(3, [], gmView())));
    fireEvent.click(screen.getByRole('button', { name: /Attack with Club/ }));
    fireEvent.change(screen.getByLabelText('Target'), { target: { value: 'c-orc' } });
    await act(async () => {
      fireEvent.click(within(screen.getByRole('form', { name: 'Attack with Club' })).getByRole('button', { name: 'Send' }));
    });
    const [cmd] = fake().sent('commands') as { commandId: string; type: string; args: Record<string, unknown> }[];
    expect(cmd.type).toBe('actlite.attack');
    expect(cmd.args).toEqual({ characterId: 'c-alda', target: 'c-orc' });
    await act(async () => {
      fake().deliver(stream, { kind: 'reply', commandId: cmd.commandId, accepted: false, seq: null, code: 'NOT_ENOUGH_AP', message: 'Alda holds 1 card.' });
    });
    expect(screen.getByRole('alert').textContent).toContain('Alda holds 1 card.');
  });

  it('groups a GM\'s actions by the combatant they are for and draws advantage as a stepper', async () => {
    const fake = mount();
    await act(() => fake().open());
    const view = gmView();
    view.table.actions = [
      ...view.table.actions,
      {
        command: 'actlite.attack', label: 'Attack with Club', args: { characterId: 'c-orc', advantage: 0 }, cost: 1, enabled: true, reason: '', gmOnly: false,
        needs: [{ name: 'target', label: 'Target', kind: 'COMBATANT', options: [] }, { name: 'advantage', label: 'Advantage', kind: 'NUMBER', options: [] }],
      },
    ];
    act(() => fake().deliver(stream, snapshot(3, [], view)));
    view.table.actions.push({ command: 'cairn-ap.move', label: 'Orc: move up to 4 spaces', args: { combatantId: 'c-orc' }, needs: [], cost: 1, enabled: true, reason: '', gmOnly: false });
    act(() => fake().deliver(stream, snapshot(4, [], view)));
    const alda = screen.getByRole('group', { name: 'Alda' });
    const orc = screen.getByRole('group', { name: 'Orc' });
    expect(within(alda).getByRole('button', { name: /Attack with Club/ })).toBeTruthy();
    const move = within(orc).getByRole('button', { name: 'Orc: move up to 4 spaces 1 AP' });
    expect(move.textContent).toBe('Move up to 4 spaces1 AP');
    fireEvent.click(within(orc).getByRole('button', { name: /Attack with Club/ }));
    fireEvent.change(within(orc).getByLabelText('Target'), { target: { value: 'c-alda' } });
    fireEvent.click(within(orc).getByRole('button', { name: 'More advantage' }));
    await act(async () => {
      fireEvent.click(within(orc).getByRole('button', { name: 'Send' }));
    });
    const [cmd] = fake().sent('commands') as { args: Record<string, unknown> }[];
    expect(cmd.args).toEqual({ characterId: 'c-orc', target: 'c-alda', advantage: 1 });
  });

  it('picks a campaign character from the roster for a CHARACTER need', async () => {
    const fake = mount();
    await act(() => fake().open());
    act(() => fake().deliver(stream, snapshot(3, [], gmView())));
    fireEvent.click(screen.getByRole('button', { name: 'Place a character at the table' }));
    const form = screen.getByRole('form', { name: 'Place a character at the table' });
    const select = within(form).getByLabelText('Character') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Choose…', 'Alda (Alda P.)', 'Bran (Bran P.)']);
    fireEvent.change(select, { target: { value: 'c-bran' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    });
    const [cmd] = fake().sent('commands') as { type: string; args: Record<string, unknown> }[];
    expect(cmd.type).toBe('actlite.addCharacter');
    expect(cmd.args).toEqual({ characterId: 'c-bran' });
  });

  it('sends GROUPS as lists of ids in the order of the sides, with lists and flags alongside', async () => {
    const fake = mount();
    await act(() => fake().open());
    act(() => fake().deliver(stream, snapshot(3, [], gmView())));
    fireEvent.click(screen.getByRole('button', { name: 'Start the fight' }));
    const form = screen.getByRole('form', { name: 'Start the fight' });
    const sides = within(form).getByRole('group', { name: 'Sides' });
    fireEvent.change(within(sides).getByLabelText('Alda'), { target: { value: 'Party' } });
    fireEvent.change(within(sides).getByLabelText('Orc'), { target: { value: 'Foes' } });
    fireEvent.click(within(within(form).getByRole('group', { name: 'Surprised' })).getByLabelText('Orc'));
    fireEvent.click(within(form).getByLabelText('In melee'));
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    });
    const [cmd] = fake().sent('commands') as { type: string; args: Record<string, unknown> }[];
    expect(cmd.args).toEqual({ groups: [['c-alda'], ['c-orc']], surprised: ['c-orc'], melee: true });
  });

  it('rolls dice and shows INVALID_DICE next to the notation', async () => {
    const fake = mount();
    await act(() => fake().open());
    act(() => fake().deliver(stream, snapshot(1, [], gmView())));
    fireEvent.change(screen.getByLabelText('Notation'), { target: { value: '2d' } });
    fireEvent.change(screen.getByLabelText('Roll mode'), { target: { value: 'BLIND' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Roll' }));
    });
    const [cmd] = fake().sent('commands') as { commandId: string; args: unknown; rollMode: string }[];
    expect(cmd.args).toEqual({ notation: '2d' });
    expect(cmd.rollMode).toBe('BLIND');
    await act(async () => {
      fake().deliver(stream, { kind: 'reply', commandId: cmd.commandId, accepted: false, seq: null, code: 'INVALID_DICE', message: 'Expected a number at 3' });
    });
    expect(screen.getByLabelText('Notation').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Expected a number at 3')).toBeTruthy();
  });

  it('applies events, strikes undone entries, and renders user text as text', async () => {
    const fake = mount();
    await act(() => fake().open());
    act(() => fake().deliver(stream, snapshot(1, [eventView(1, { lines: [{ text: '<b>bold</b>', rolls: [], triggers: [] }] })], gmView())));
    act(() => fake().deliver(stream, event(2, [{ op: 'replace', path: '/table/initiative/deckCount', value: 16 }], { type: 'revert', revertedSeq: 1 })));
    expect(screen.getByRole('img', { name: 'Deck: 16 cards left' })).toBeTruthy();
    expect(screen.getByText('<b>bold</b>').className).toContain('tt-struck');
    expect(screen.getByText('undone')).toBeTruthy();
  });

  it('says plainly when the connection is lost and when it is back', async () => {
    const fake = mount();
    await act(() => fake().open());
    act(() => fake().deliver(stream, snapshot(1, [], gmView())));
    act(() => fake().close());
    expect(screen.getByRole('status').textContent).toContain('Connection lost — reconnecting…');
    await act(() => fake().open());
    expect(screen.getByRole('status').textContent).toContain('Back online');
    expect(fake().sent('sync')).toEqual([{ lastSeq: -1 }, { lastSeq: 1 }]);
  });

  it('shows an error state to someone who is not a member', async () => {
    mount(async () => {
      throw new ApiError({ status: 403, code: 'FORBIDDEN', title: 'Forbidden', detail: 'no' });
    });
    await act(async () => {});
    expect(screen.getByText('You cannot open this table')).toBeTruthy();
  });

  it('tells a non-member plainly, closes the link for good and offers the way back to their own campaigns', async () => {
    const fake = mount(() => new Promise<Campaign>(() => {}));
    await act(() => fake().open());
    await act(async () => {
      fake().deliver('/user/queue/errors', { code: 'NOT_A_MEMBER', message: "You are not a member of this table's campaign." });
    });
    expect(screen.getByRole('heading', { name: 'You cannot open this table' })).toBeTruthy();
    expect(screen.getByText("You are not a member of this table's campaign.")).toBeTruthy();
    expect(screen.getByText(/ask its game master for an invite link/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Back to the campaign/ })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(fake().connected).toBe(false);
  });

  it('shows hidden rolls as rolled privately', async () => {
    const fake = mount();
    await act(() => fake().open());
    act(() => fake().deliver(stream, snapshot(1, [eventView(1, { type: 'roll', hidden: true, mode: 'BLIND', lines: [{ text: 'Alda rolled privately for the GM.', rolls: [], triggers: [] }] })], gmView())));
    expect(screen.getByText('rolled privately')).toBeTruthy();
  });
});
