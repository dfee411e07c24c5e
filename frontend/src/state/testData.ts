// Messages shaped as docs/protocol.md shows them, for the unit tests.

import type { ActionNeed, EventMessage, EventView, MemberTableView, SentMemberTableView, SnapshotMessage } from './types';

export function eventView(seq: number, extra: Partial<EventView> = {}): EventView {
  return {
    seq,
    at: '2026-11-21T20:31:05Z',
    actorId: 'u-alda',
    actorName: 'Alda',
    type: 'chat',
    command: null,
    mode: 'PUBLIC',
    hidden: false,
    lines: [{ text: `line ${seq}`, rolls: [], triggers: [] }],
    gameEvents: [],
    revertedSeq: null,
    ...extra,
  };
}

export function memberView(): MemberTableView {
  return {
    tableId: 't-1',
    rulesetId: 'actlite',
    rulesetName: 'Actlite',
    me: { userId: 'u-alda', displayName: 'Alda', role: 'PLAYER' },
    members: [{ userId: 'u-alda', displayName: 'Alda', role: 'PLAYER' }],
    table: { model: 'CARD_DECK', combatants: [], initiative: null, actions: [] },
    roster: [],
    undo: null,
  };
}

/** A view as the server sends it: each distinct need once, actions naming them by index. */
export function sentView(view: MemberTableView): SentMemberTableView {
  const needs: ActionNeed[] = [];
  const keys: string[] = [];
  const actions = view.table.actions.map((action) => ({
    ...action,
    needs: (action.needs ?? []).map((need) => {
      const key = JSON.stringify(need);
      if (!keys.includes(key)) {
        keys.push(key);
        needs.push(need);
      }
      return keys.indexOf(key);
    }),
  }));
  return { ...view, table: { ...view.table, actions, needs } };
}

export function snapshot(seq: number, recent: EventView[] = [], view: MemberTableView = memberView()): SnapshotMessage {
  return { kind: 'snapshot', tableId: 't-1', seq, view: sentView(view), recent };
}

export function event(seq: number, patch: EventMessage['patch'] = [], extra: Partial<EventView> = {}): EventMessage {
  return { kind: 'event', seq, event: eventView(seq, extra), patch };
}
