import { describe, expect, it, vi } from 'vitest';
import { TableStore, applyEvent, applyHistory, applySnapshot, initialTableState, mergeLog, oldestSeq } from './store';
import { event, eventView, memberView, snapshot } from './testData';
import type { ActionNeed, ActionOption, MemberTableView } from './types';

describe('the table store', () => {
  it('is loading until the snapshot, which sets view, seq and log', () => {
    expect(initialTableState.status).toBe('loading');
    const s = applySnapshot(initialTableState, snapshot(12, [eventView(11), eventView(12)]));
    expect(s.status).toBe('ready');
    expect(s.seq).toBe(12);
    expect(s.view?.rulesetName).toBe('Actlite');
    expect(s.log.map((e) => e.seq)).toEqual([11, 12]);
  });

  it('applies the next event: patches the view and appends to the log', () => {
    let s = applySnapshot(initialTableState, snapshot(12, [eventView(12)]));
    s = applyEvent(s, event(13, [{ op: 'replace', path: '/table/model', value: 'ORDERED' }]));
    expect(s.seq).toBe(13);
    expect(s.view?.table.model).toBe('ORDERED');
    expect(s.log.map((e) => e.seq)).toEqual([12, 13]);
  });

  it('applies a whole-view patch', () => {
    const s0 = applySnapshot(initialTableState, snapshot(1));
    const whole = { ...s0.sent!, rulesetName: 'Vogt' };
    const s = applyEvent(s0, event(2, [{ op: 'replace', path: '', value: whole }]));
    expect(s.view?.rulesetName).toBe('Vogt');
  });

  describe('the needs of actions, which the server sends once each in table.needs', () => {
    const target: ActionNeed = { name: 'target', label: 'Target', kind: 'COMBATANT', options: [] };
    const amount: ActionNeed = { name: 'amount', label: 'Amount', kind: 'NUMBER', options: [] };
    const action = (label: string, needs: ActionNeed[]): ActionOption => ({
      command: 'actlite.applyDamage', label, args: {}, needs, cost: null, enabled: true, reason: '', gmOnly: true,
    });
    const gmView = (): MemberTableView => {
      const v = memberView();
      return { ...v, table: { ...v.table, actions: [action('Apply damage', [target, amount]), action('Heal', [target, amount])] } };
    };

    it('are sent once and resolved into every action that names them', () => {
      const s = applySnapshot(initialTableState, snapshot(1, [], gmView()));
      expect(s.sent?.table.needs).toEqual([target, amount]);
      expect(s.sent?.table.actions.map((a) => a.needs)).toEqual([[0, 1], [0, 1]]);
      expect(s.view?.table.actions.map((a) => a.needs)).toEqual([[target, amount], [target, amount]]);
    });

    it('follow a patch of the sent view, and are not resolved again when the table is untouched', () => {
      const s1 = applySnapshot(initialTableState, snapshot(1, [], gmView()));
      const s2 = applyEvent(s1, event(2, [
        { op: 'replace', path: '/table/needs', value: [target, amount, { name: 'text', label: 'Text', kind: 'TEXT', options: [] }] },
        { op: 'replace', path: '/table/actions/1/needs', value: [2] },
      ]));
      expect(s2.view?.table.actions[1].needs?.map((n) => n.name)).toEqual(['text']);
      const s3 = applyEvent(s2, event(3, [{ op: 'replace', path: '/rulesetName', value: 'Actlite!' }]));
      expect(s3.view?.table).toBe(s2.view?.table);
    });

    it('an index the table does not hold asks for a fresh snapshot', () => {
      const s1 = applySnapshot(initialTableState, snapshot(1, [], gmView()));
      const s2 = applyEvent(s1, event(2, [{ op: 'replace', path: '/table/actions/0/needs', value: [5] }]));
      expect(s2.status).toBe('needsResync');
      expect(s2.seq).toBe(1);
    });
  });

  it('drops duplicates (seq at or below the one held)', () => {
    const s = applySnapshot(initialTableState, snapshot(5, [eventView(5)]));
    expect(applyEvent(s, event(5, [{ op: 'replace', path: '/rulesetName', value: 'X' }]))).toBe(s);
    expect(applyEvent(s, event(3))).toBe(s);
  });

  it('detects a gap and waits for a snapshot, ignoring events meanwhile', () => {
    const s = applySnapshot(initialTableState, snapshot(5));
    const gap = applyEvent(s, event(7));
    expect(gap.status).toBe('needsResync');
    expect(gap.seq).toBe(5);
    expect(gap.log).toEqual(s.log);
    expect(applyEvent(gap, event(6))).toBe(gap);
    const resynced = applySnapshot(gap, snapshot(7, [eventView(6), eventView(7)]));
    expect(resynced.status).toBe('ready');
    expect(resynced.seq).toBe(7);
    expect(resynced.log.map((e) => e.seq)).toEqual([6, 7]);
  });

  it('asks for a resync when a patch does not fit the view', () => {
    const s = applySnapshot(initialTableState, snapshot(1));
    expect(applyEvent(s, event(2, [{ op: 'remove', path: '/nothing' }])).status).toBe('needsResync');
  });

  it('ignores events before the first snapshot', () => {
    expect(applyEvent(initialTableState, event(1))).toBe(initialTableState);
  });

  it('merges a snapshot log with the held one without duplicates', () => {
    let s = applySnapshot(initialTableState, snapshot(3, [eventView(1), eventView(2), eventView(3)]));
    s = applySnapshot(s, snapshot(5, [eventView(3), eventView(4), eventView(5)]));
    expect(s.log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('marks reverted events as undone', () => {
    let s = applySnapshot(initialTableState, snapshot(2, [eventView(2)]));
    s = applyEvent(s, event(3, [], { type: 'revert', revertedSeq: 2 }));
    expect(s.undone.has(2)).toBe(true);
    expect(s.undone.has(3)).toBe(false);
  });

  it('prepends history pages and knows when the first event is reached', () => {
    let s = applySnapshot(initialTableState, snapshot(60, [eventView(59), eventView(60)]));
    expect(oldestSeq(s)).toBe(59);
    s = applyHistory(s, { kind: 'history', events: [eventView(57), eventView(58), eventView(59)], complete: false });
    expect(s.log.map((e) => e.seq)).toEqual([57, 58, 59, 60]);
    expect(oldestSeq(s)).toBe(57);
    s = applyHistory(s, { kind: 'history', events: [eventView(1)], complete: true });
    expect(s.historyComplete).toBe(true);
    expect(oldestSeq(s)).toBeNull();
  });

  it('mergeLog sorts by seq', () => {
    expect(mergeLog([eventView(3)], [eventView(1), eventView(2)]).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('notifies subscribers with the previous state', () => {
    const store = new TableStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.snapshot(snapshot(1));
    store.event(event(1)); // duplicate: no change, no call
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0][1].status).toBe('loading');
  });
});
