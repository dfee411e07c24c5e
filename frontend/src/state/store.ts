// The table's client state: a pure reducer over the messages of the table stream, and a tiny
// observable container around it. The server is the referee; this only mirrors what it sent.

import { applyPatch, PatchError } from './patch';
import type { EventMessage, EventView, HistoryMessage, MemberTableView, SentMemberTableView, SnapshotMessage, TableView } from './types';

export type SyncStatus = 'loading' | 'ready' | 'needsResync';

export interface TableState {
  /** `loading` before the first snapshot; `needsResync` after a gap, until the next snapshot. */
  status: SyncStatus;
  /** The seq of the view held; -1 before the first snapshot. */
  seq: number;
  /** The view as the server sent and patched it: what the next patch applies to. */
  sent: SentMemberTableView | null;
  /** The same view with every action's needs resolved, for drawing. */
  view: MemberTableView | null;
  /** The log, oldest first, without duplicate seqs. */
  log: EventView[];
  /** The seqs that a `revert` undid; the log strikes them through. */
  undone: ReadonlySet<number>;
  /** True once a history page reached the table's first event. */
  historyComplete: boolean;
  historyLoading: boolean;
}

export const initialTableState: TableState = {
  status: 'loading',
  seq: -1,
  sent: null,
  view: null,
  log: [],
  undone: new Set(),
  historyComplete: false,
  historyLoading: false,
};

/** Merges event lists by seq, oldest first; an event already held is kept once. */
export function mergeLog(held: readonly EventView[], incoming: readonly EventView[]): EventView[] {
  const bySeq = new Map<number, EventView>();
  for (const e of held) bySeq.set(e.seq, e);
  for (const e of incoming) if (!bySeq.has(e.seq)) bySeq.set(e.seq, e);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

function undoneOf(log: readonly EventView[]): ReadonlySet<number> {
  const undone = new Set<number>();
  for (const e of log) if (e.revertedSeq != null) undone.add(e.revertedSeq);
  return undone;
}

function withLog(state: TableState, log: EventView[]): TableState {
  return { ...state, log, undone: undoneOf(log) };
}

/**
 * The view to draw: the sent one with each action's need indices replaced by the needs they name.
 * The table part is only resolved again when a patch touched it.
 */
export function resolveView(sent: SentMemberTableView, previous: TableState): MemberTableView {
  const { needs, ...table } = sent.table;
  const resolved: TableView =
    previous.sent !== null && previous.view !== null && previous.sent.table === sent.table
      ? previous.view.table
      : {
          ...table,
          actions: (table.actions ?? []).map((action) => ({
            ...action,
            needs: (action.needs ?? []).map((i) => {
              const need = needs?.[i];
              if (need === undefined) throw new PatchError(`No need ${i} in the table's needs`);
              return need;
            }),
          })),
        };
  return { ...sent, table: resolved };
}

export function applySnapshot(state: TableState, message: SnapshotMessage): TableState {
  const log = mergeLog(state.log, message.recent ?? []);
  let view: MemberTableView;
  try {
    view = resolveView(message.view, state);
  } catch {
    return { ...state, status: 'needsResync' };
  }
  return withLog({ ...state, status: 'ready', seq: message.seq, sent: message.view, view }, log);
}

export function applyEvent(state: TableState, message: EventMessage): TableState {
  // Before the first snapshot, and while a resync is under way, the coming snapshot covers it.
  if (state.status !== 'ready' || state.sent === null) return state;
  if (message.seq <= state.seq) return state; // a duplicate
  if (message.seq > state.seq + 1) return { ...state, status: 'needsResync' }; // a gap
  let sent: SentMemberTableView;
  let view: MemberTableView;
  try {
    sent = applyPatch(state.sent, message.patch ?? []);
    view = resolveView(sent, state);
  } catch {
    // A patch that does not fit the view held: ask for a fresh snapshot.
    return { ...state, status: 'needsResync' };
  }
  const log = mergeLog(state.log, [message.event]);
  return withLog({ ...state, seq: message.seq, sent, view }, log);
}

export function applyHistory(state: TableState, message: HistoryMessage): TableState {
  const log = mergeLog(state.log, message.events ?? []);
  return withLog({ ...state, historyLoading: false, historyComplete: message.complete || state.historyComplete }, log);
}

/** The seq to ask history before: the oldest one held, or null when there is nothing older. */
export function oldestSeq(state: TableState): number | null {
  if (state.historyComplete || state.log.length === 0) return null;
  const first = state.log[0].seq;
  return first > 1 ? first : null;
}

export type StoreListener = (state: TableState, previous: TableState) => void;

/** An observable holder of a TableState, usable from React through useSyncExternalStore. */
export class TableStore {
  private state: TableState = initialTableState;
  private readonly listeners = new Set<StoreListener>();

  getState = (): TableState => this.state;

  subscribe = (listener: StoreListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: TableState) {
    const previous = this.state;
    if (next === previous) return;
    this.state = next;
    for (const l of this.listeners) l(next, previous);
  }

  snapshot(message: SnapshotMessage) {
    this.set(applySnapshot(this.state, message));
  }

  event(message: EventMessage) {
    this.set(applyEvent(this.state, message));
  }

  history(message: HistoryMessage) {
    this.set(applyHistory(this.state, message));
  }

  historyRequested() {
    this.set({ ...this.state, historyLoading: true });
  }
}
