import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Campaign } from '../../api';
import { memberView, snapshot } from '../../state/testData';
import type { ActionNeed, ActionOption, MemberTableView } from '../../state/types';
import { FakeStomp } from '../../test/fakeStomp';
import { TableSession } from '../../transport/session';
import { TableScreen } from './TableScreen';

const stream = '/user/queue/tables/t-1';

const need = (name: string, label: string, kind: ActionNeed['kind']): ActionNeed => ({ name, label, kind, options: [] });

function option(label: string, needs: ActionNeed[], extra: Partial<ActionOption> = {}): ActionOption {
  return { command: 'actlite.rollCheck', label, args: { characterId: 'c-alda' }, needs, cost: null, enabled: true, reason: '', gmOnly: false, ...extra };
}

/** Alda's view: her character, an NPC, and what the server offers her. */
function aldaView(actions: ActionOption[]): MemberTableView {
  const v = memberView();
  return {
    ...v,
    table: {
      model: 'CARD_DECK',
      initiative: null,
      combatants: [
        {
          id: 'c-alda', name: 'Alda the Bold', ownerUserId: 'u-alda', npc: false, mine: true, tracks: [], conditions: [],
          stats: { STR: 0, passiveSTR: 6, AGI: 1, passiveAGI: 7, WIL: 'none', weapons: ['Club (speed 1)'], skills: [] },
        },
        {
          id: 'c-wolf', name: 'Wolf', ownerUserId: null, npc: true, mine: false, tracks: [], conditions: [],
          stats: { STR: 2, passiveSTR: 8, PER: 3 },
        },
      ],
      actions,
    },
  };
}

const CHECK = option('Roll a check', [need('attribute', 'Attribute', 'ATTRIBUTE'), need('dc', 'DC', 'NUMBER'), need('advantage', 'Advantage', 'NUMBER'), need('disadvantage', 'Disadvantage', 'NUMBER')]);
const PASSIVE = option('Roll against a passive score', [need('attribute', 'Attribute', 'ATTRIBUTE'), need('target', 'Target', 'COMBATANT'), need('targetAttribute', 'Target attribute', 'ATTRIBUTE')]);
const ATTACK = option('Attack with Club (1 AP)', [need('target', 'Target', 'COMBATANT')], { command: 'actlite.attack' });
const GM_CHECK = option('Roll for the wolf', [need('attribute', 'Attribute', 'ATTRIBUTE')], { gmOnly: true });

function mount(view: MemberTableView) {
  let fake!: FakeStomp;
  const factory = (tableId: string) =>
    new TableSession({ tableId, clientFactory: (c) => (fake = new FakeStomp(c)), csrf: async () => 'tok', now: () => 0 });
  render(
    <MemoryRouter initialEntries={['/campaigns/t-1/table']}>
      <Routes>
        <Route path="/campaigns/:id/table" element={<TableScreen sessionFactory={factory} loadCampaign={async () => ({ id: 't-1', name: 'Keep' }) as Campaign} />} />
      </Routes>
    </MemoryRouter>,
  );
  return async () => {
    await act(() => fake.open());
    act(() => fake.deliver(stream, snapshot(1, [], view)));
    return fake;
  };
}

function checkForm() {
  return screen.getByRole('form', { name: 'Attribute check' });
}

afterEach(cleanup);

describe('DiceRoller checks', () => {
  it('offers the checks the server sends (actions asking for an attribute), not attacks or GM actions', async () => {
    await mount(aldaView([ATTACK, CHECK, PASSIVE, GM_CHECK]))();
    const form = checkForm();
    const check = within(form).getByLabelText('Check') as HTMLSelectElement;
    expect([...check.options].map((o) => o.text)).toEqual(['Alda the Bold: Roll a check', 'Alda the Bold: Roll against a passive score']);
    // Scores only: no weapon lists among the attributes.
    const attribute = within(form).getByLabelText('Attribute') as HTMLSelectElement;
    expect([...attribute.options].map((o) => o.value)).toEqual(['AGI', 'STR', 'WIL', 'passiveAGI', 'passiveSTR']);
  });

  it('sends the check with the steppers’ advantage and disadvantage and the roll mode', async () => {
    const fake = await mount(aldaView([CHECK]))();
    const form = checkForm();
    const less = within(form).getByRole('button', { name: 'Less advantage' }) as HTMLButtonElement;
    expect(less.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Attribute'), { target: { value: 'AGI' } });
    fireEvent.change(within(form).getByLabelText('DC'), { target: { value: '8' } });
    fireEvent.click(within(form).getByRole('button', { name: 'More advantage' }));
    fireEvent.click(within(form).getByRole('button', { name: 'More advantage' }));
    fireEvent.click(within(form).getByRole('button', { name: 'More disadvantage' }));
    expect(less.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Roll mode'), { target: { value: 'GM' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Roll check' }));
    });
    const [cmd] = fake.sent('commands') as { type: string; args: Record<string, unknown>; rollMode: string }[];
    expect(cmd.type).toBe('actlite.rollCheck');
    expect(cmd.args).toEqual({ characterId: 'c-alda', attribute: 'AGI', dc: 8, advantage: 2, disadvantage: 1 });
    expect(cmd.rollMode).toBe('GM');
  });

  it('stops a stepper at the most the server accepts', async () => {
    await mount(aldaView([CHECK]))();
    const more = within(checkForm()).getByRole('button', { name: 'More advantage' }) as HTMLButtonElement;
    for (let i = 0; i < 12; i++) fireEvent.click(more);
    expect(more.disabled).toBe(true);
    const group = within(checkForm()).getByRole('group', { name: 'Advantage' });
    expect((within(group).getByRole('spinbutton') as HTMLInputElement).value).toBe('10');
  });

  it('has no steppers for a check that takes no advantage', async () => {
    await mount(aldaView([PASSIVE]))();
    expect(within(checkForm()).queryByRole('group', { name: 'Advantage' })).toBeNull();
  });

  it('offers the target’s attributes for the target attribute once a target is chosen', async () => {
    const fake = await mount(aldaView([PASSIVE]))();
    const form = checkForm();
    fireEvent.change(within(form).getByLabelText('Target'), { target: { value: 'c-wolf' } });
    const targetAttribute = within(form).getByLabelText('Target attribute') as HTMLSelectElement;
    expect([...targetAttribute.options].map((o) => o.value)).toEqual(['PER', 'STR', 'passiveSTR']);
    fireEvent.change(targetAttribute, { target: { value: 'PER' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Roll check' }));
    });
    const [cmd] = fake.sent('commands') as { args: Record<string, unknown> }[];
    expect(cmd.args).toEqual({ characterId: 'c-alda', attribute: 'AGI', target: 'c-wolf', targetAttribute: 'PER' });
  });

  it('says why a check cannot be rolled, next to the button, and sends nothing', async () => {
    const fake = await mount(aldaView([option('Roll a check', [need('attribute', 'Attribute', 'ATTRIBUTE')], { enabled: false, reason: 'Alda the Bold is unconscious.' })]))();
    const roll = within(checkForm()).getByRole('button', { name: 'Roll check' }) as HTMLButtonElement;
    expect(roll.disabled).toBe(true);
    expect(roll.title).toBe('Alda the Bold is unconscious.');
    expect(within(checkForm()).getByText('Alda the Bold is unconscious.')).toBeTruthy();
    fireEvent.submit(checkForm());
    expect(fake.sent('commands')).toEqual([]);
  });

  it('asks for a missing value before rolling', async () => {
    await mount(aldaView([CHECK]))();
    const roll = within(checkForm()).getByRole('button', { name: 'Roll check' }) as HTMLButtonElement;
    expect(roll.disabled).toBe(true);
    expect(roll.title).toBe('Fill in DC first.');
  });

  it('shows the server’s refusal under the check that caused it', async () => {
    const fake = await mount(aldaView([PASSIVE]))();
    const form = checkForm();
    fireEvent.change(within(form).getByLabelText('Target'), { target: { value: 'c-wolf' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Roll check' }));
    });
    const [cmd] = fake.sent('commands') as { commandId: string }[];
    await act(async () => {
      fake.deliver(stream, { kind: 'reply', commandId: cmd.commandId, accepted: false, seq: null, code: 'INVALID_COMMAND', message: 'Checks are rolled against STR, AGI, WIL, PER or SOC.' });
    });
    expect(within(checkForm()).getByRole('alert').textContent).toContain('Checks are rolled against STR, AGI, WIL, PER or SOC.');
    // The free roller above is not blamed for it.
    expect(screen.getByLabelText('Notation').getAttribute('aria-invalid')).toBeNull();
  });
});
