// One open table: the connection feeding the store, a resync whenever the store sees a gap,
// and the errors the server sent on /user/queue/errors.

import { TableStore, oldestSeq } from '../state/store';
import type { ErrorMessage, ReplyMessage, RollMode, TableMessage } from '../state/types';
import { TableConnection, type TableConnectionOptions } from './connection';

export interface TableSessionOptions extends Omit<TableConnectionOptions, 'lastSeq' | 'onMessage' | 'onError'> {
  store?: TableStore;
}

export class TableSession {
  readonly store: TableStore;
  readonly connection: TableConnection;
  private errors: ErrorMessage[] = [];
  private readonly errorListeners = new Set<() => void>();
  private unsubscribeStore: () => void;

  constructor(options: TableSessionOptions) {
    const { store, ...rest } = options;
    this.store = store ?? new TableStore();
    this.connection = new TableConnection({
      ...rest,
      lastSeq: () => this.store.getState().seq,
      onMessage: (m) => this.receive(m),
      onError: (e) => this.receiveError(e),
    });
    this.unsubscribeStore = this.store.subscribe((state, previous) => {
      if (state.status === 'needsResync' && previous.status !== 'needsResync') this.connection.sync();
    });
  }

  start(): void {
    this.connection.start();
  }

  async stop(): Promise<void> {
    this.unsubscribeStore();
    await this.connection.stop();
  }

  sendCommand(type: string, args: Record<string, unknown> = {}, rollMode?: RollMode): Promise<ReplyMessage> {
    return this.connection.sendCommand(type, args, rollMode);
  }

  /** Asks for the page before the oldest event held; false when there is none or the link is down. */
  loadEarlier(): boolean {
    const state = this.store.getState();
    const before = oldestSeq(state);
    if (before === null || state.historyLoading) return false;
    if (!this.connection.requestHistory(before)) return false;
    this.store.historyRequested();
    return true;
  }

  getErrors = (): readonly ErrorMessage[] => this.errors;

  subscribeErrors = (listener: () => void): (() => void) => {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  };

  private receive(message: TableMessage) {
    switch (message.kind) {
      case 'snapshot':
        this.store.snapshot(message);
        break;
      case 'event':
        this.store.event(message);
        break;
      case 'history':
        this.store.history(message);
        break;
      case 'reply':
        break; // the connection hands it to the command's promise
    }
  }

  private receiveError(error: ErrorMessage) {
    this.errors = [...this.errors.slice(-9), error];
    for (const l of this.errorListeners) l();
  }
}
