// The live link to one table: STOMP 1.2 over a plain WebSocket at /ws (docs/protocol.md).
// Subscriptions are made in onConnect, which runs again after every reconnect; then the client
// asks for a snapshot with the last seq it holds, and sends again every command still unanswered
// (the server answers a repeated commandId with its first reply and changes nothing).

import { Client, ReconnectionTimeMode, type IFrame, type IMessage, type StompConfig, type StompHeaders } from '@stomp/stompjs';
import { CSRF_HEADER, csrfToken } from '../api/http';
import type { CommandFrame, ErrorMessage, ReplyMessage, RollMode, TableMessage } from '../state/types';

export type ConnectionStatus =
  | { state: 'connecting' }
  | { state: 'online'; since: number; restored: boolean }
  | { state: 'offline'; since: number }
  | { state: 'reconnecting'; since: number; attempt: number };

/** The part of a stompjs Client the connection uses; tests hand in a fake. */
export interface StompLike {
  activate(): void;
  deactivate(): Promise<void> | void;
  subscribe(destination: string, callback: (message: IMessage) => void): { unsubscribe(): void };
  publish(params: { destination: string; body: string }): void;
  connectHeaders: StompHeaders;
  readonly connected: boolean;
}

export type StompFactory = (config: StompConfig) => StompLike;

export const defaultStompFactory: StompFactory = (config) => new Client(config);

export const HEARTBEAT_MILLIS = 10000;
/**
 * Characters per WebSocket message: the server holds a buffer of this size per connection and joins
 * a longer STOMP frame from several messages (docs/performance.md, "Where the memory goes").
 */
export const WEBSOCKET_CHUNK_CHARS = 4096;
export const RECONNECT_DELAY_MILLIS = 1000;
export const MAX_RECONNECT_DELAY_MILLIS = 30000;
export const HISTORY_PAGE = 50;

/** `ws(s)://<host>/ws` for the page's own location. */
export function brokerUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** A fresh commandId: 1–64 characters of `[A-Za-z0-9._:-]`. */
export function newCommandId(): string {
  return `c-${crypto.randomUUID()}`;
}

export interface TableConnectionOptions {
  tableId: string;
  /** The last seq the client holds (-1 before the first snapshot); read at every (re)connect. */
  lastSeq: () => number;
  onMessage: (message: TableMessage) => void;
  onError?: (error: ErrorMessage) => void;
  clientFactory?: StompFactory;
  csrf?: () => Promise<string>;
  url?: string;
  now?: () => number;
}

interface Pending {
  frame: CommandFrame;
  resolve: (reply: ReplyMessage) => void;
  reject: (error: Error) => void;
}

export class TableConnection {
  private readonly options: TableConnectionOptions;
  private readonly client: StompLike;
  private readonly pending = new Map<string, Pending>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private status: ConnectionStatus = { state: 'connecting' };
  private everOnline = false;
  private attempts = 0;
  private stopped = false;

  constructor(options: TableConnectionOptions) {
    this.options = options;
    const factory = options.clientFactory ?? defaultStompFactory;
    this.client = factory({
      brokerURL: options.url ?? brokerUrl(),
      heartbeatIncoming: HEARTBEAT_MILLIS,
      heartbeatOutgoing: HEARTBEAT_MILLIS,
      splitLargeFrames: true,
      maxWebSocketChunkSize: WEBSOCKET_CHUNK_CHARS,
      reconnectDelay: RECONNECT_DELAY_MILLIS,
      reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
      maxReconnectDelay: MAX_RECONNECT_DELAY_MILLIS,
      beforeConnect: () => this.beforeConnect(),
      onConnect: () => this.handleConnect(),
      onWebSocketClose: () => this.handleClose(),
      onStompError: (frame: IFrame) => this.handleStompError(frame),
    });
  }

  get tableId(): string {
    return this.options.tableId;
  }

  getStatus = (): ConnectionStatus => this.status;

  subscribeStatus = (listener: (status: ConnectionStatus) => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  start(): void {
    this.stopped = false;
    this.client.activate();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const p of this.pending.values()) p.reject(new Error('The table was closed before the server answered.'));
    this.pending.clear();
    await this.client.deactivate();
  }

  /** Sends a command; resolves with the server's reply (accepted or not). */
  sendCommand(type: string, args: Record<string, unknown> = {}, rollMode?: RollMode): Promise<ReplyMessage> {
    const frame: CommandFrame = { commandId: newCommandId(), type, args };
    if (rollMode) frame.rollMode = rollMode;
    return new Promise<ReplyMessage>((resolve, reject) => {
      this.pending.set(frame.commandId, { frame, resolve, reject });
      // While offline it waits; onConnect sends every unanswered command.
      if (this.client.connected) this.publishCommand(frame);
    });
  }

  /** Asks for a snapshot and what was missed since the last seq held. */
  sync(): void {
    if (!this.client.connected) return; // onConnect syncs anyway
    this.publish('sync', { lastSeq: this.options.lastSeq() });
  }

  /** Asks for a page of events older than `beforeSeq`. */
  requestHistory(beforeSeq: number, limit: number = HISTORY_PAGE): boolean {
    if (!this.client.connected) return false;
    this.publish('history', { beforeSeq, limit });
    return true;
  }

  /** Commands sent and not answered yet. */
  get pendingCount(): number {
    return this.pending.size;
  }

  private publish(kind: 'sync' | 'history' | 'commands', body: unknown) {
    this.client.publish({ destination: `/app/tables/${this.options.tableId}/${kind}`, body: JSON.stringify(body) });
  }

  private publishCommand(frame: CommandFrame) {
    this.publish('commands', frame);
  }

  private setStatus(status: ConnectionStatus) {
    this.status = status;
    for (const l of this.statusListeners) l(status);
  }

  private async beforeConnect() {
    if (this.everOnline || this.attempts > 0) {
      const since = this.status.state === 'offline' || this.status.state === 'reconnecting' ? this.status.since : this.now();
      this.setStatus(this.everOnline ? { state: 'reconnecting', since, attempt: this.attempts } : { state: 'connecting' });
    }
    this.attempts += 1;
    const token = await (this.options.csrf ?? csrfToken)();
    this.client.connectHeaders = { [CSRF_HEADER]: token };
  }

  private handleConnect() {
    const restored = this.everOnline;
    this.everOnline = true;
    this.attempts = 0;
    const id = this.options.tableId;
    this.client.subscribe('/user/queue/errors', (m) => this.handleErrorFrame(m));
    this.client.subscribe(`/user/queue/tables/${id}`, (m) => this.handleTableFrame(m));
    this.publish('sync', { lastSeq: this.options.lastSeq() });
    for (const p of this.pending.values()) this.publishCommand(p.frame);
    this.setStatus({ state: 'online', since: this.now(), restored });
  }

  private handleClose() {
    if (this.stopped) return;
    if (this.status.state === 'online') this.setStatus({ state: 'offline', since: this.now() });
  }

  private handleStompError(frame: IFrame) {
    const message = frame.headers?.message || frame.body || 'The server refused the connection.';
    this.options.onError?.({ code: 'CONNECTION_REFUSED', message });
  }

  private handleErrorFrame(message: IMessage) {
    let parsed: ErrorMessage;
    try {
      parsed = JSON.parse(message.body) as ErrorMessage;
    } catch {
      parsed = { code: 'MALFORMED', message: message.body };
    }
    this.options.onError?.(parsed);
  }

  private handleTableFrame(frame: IMessage) {
    let message: TableMessage;
    try {
      message = JSON.parse(frame.body) as TableMessage;
    } catch {
      return; // not ours to read; the next snapshot sets things right
    }
    if (message.kind === 'reply') {
      const p = this.pending.get(message.commandId);
      if (p) {
        this.pending.delete(message.commandId);
        p.resolve(message);
      }
    }
    this.options.onMessage(message);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
