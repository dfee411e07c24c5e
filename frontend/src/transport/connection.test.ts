import type { IFrame } from '@stomp/stompjs';
import { FakeStomp } from '../test/fakeStomp';
import { describe, expect, it, vi } from 'vitest';
import { event, eventView, snapshot } from '../state/testData';
import type { ReplyMessage, TableMessage } from '../state/types';
import { HEARTBEAT_MILLIS, TableConnection, WEBSOCKET_CHUNK_CHARS, brokerUrl, newCommandId, } from './connection';
import { TableSession } from './session';

function setup(lastSeq = () => -1) {
  let fake!: FakeStomp;
  const messages: TableMessage[] = [];
  const connection = new TableConnection({
    tableId: 't-1',
    lastSeq,
    onMessage: (m) => messages.push(m),
    clientFactory: (config) => (fake = new FakeStomp(config)),
    csrf: async () => 'tok-1',
    url: 'ws://example.test/ws',
    now: () => 1000,
  });
  return { connection, fake, messages };
}

const stream = '/user/queue/tables/t-1';

describe('TableConnection', () => {
  it('configures heartbeats, exponential backoff and the broker URL', () => {
    const { fake } = setup();
    expect(fake.config.heartbeatIncoming).toBe(HEARTBEAT_MILLIS);
    expect(fake.config.heartbeatOutgoing).toBe(HEARTBEAT_MILLIS);
    expect(fake.config.reconnectDelay).toBeGreaterThan(0);
    expect(fake.config.maxReconnectDelay).toBeGreaterThan(fake.config.reconnectDelay!);
    expect(fake.config.brokerURL).toBe('ws://example.test/ws');
  });

  it('splits frames longer than the server holds for one WebSocket message', () => {
    const { fake } = setup();
    expect(fake.config.splitLargeFrames).toBe(true);
    expect(fake.config.maxWebSocketChunkSize).toBe(WEBSOCKET_CHUNK_CHARS);
    expect(WEBSOCKET_CHUNK_CHARS).toBe(4096);
  });

  it('derives ws:// or wss:// from the page location', () => {
    expect(brokerUrl({ protocol: 'http:', host: 'a:8080' })).toBe('ws://a:8080/ws');
    expect(brokerUrl({ protocol: 'https:', host: 'b.org' })).toBe('wss://b.org/ws');
  });

  it('makes command ids the protocol accepts', () => {
    const id = newCommandId();
    expect(id).toMatch(/^[A-Za-z0-9._:-]{1,64}$/);
    expect(newCommandId()).not.toBe(id);
  });

  it('sends the CSRF token on CONNECT, subscribes in onConnect, then syncs from -1', async () => {
    const { connection, fake } = setup();
    connection.start();
    expect(connection.getStatus().state).toBe('connecting');
    await fake.open();
    expect(fake.connectHeaders).toEqual({ 'X-XSRF-TOKEN': 'tok-1' });
    expect(fake.subscribeCalls).toEqual(['/user/queue/errors', stream]);
    expect(fake.sent('sync')).toEqual([{ lastSeq: -1 }]);
    expect(connection.getStatus()).toEqual({ state: 'online', since: 1000, restored: false });
  });

  it('resolves sendCommand with the matching reply only', async () => {
    const { connection, fake, messages } = setup();
    connection.start();
    await fake.open();
    const first = connection.sendCommand('chat', { text: 'hi' });
    const second = connection.sendCommand('roll', { notation: '2d6' }, 'GM');
    const [c1, c2] = fake.sent('commands') as { commandId: string; type: string; rollMode?: string }[];
    expect(c1.type).toBe('chat');
    expect(c1.rollMode).toBeUndefined();
    expect(c2.rollMode).toBe('GM');

    const reply2: ReplyMessage = { kind: 'reply', commandId: c2.commandId, accepted: false, seq: null, code: 'INVALID_DICE', message: 'at 1' };
    const settled = vi.fn();
    void first.then(settled);
    fake.deliver(stream, { kind: 'reply', commandId: 'someone-else', accepted: true, seq: 9, code: null, message: null });
    fake.deliver(stream, reply2);
    await expect(second).resolves.toEqual(reply2);
    expect(settled).not.toHaveBeenCalled();
    fake.deliver(stream, { kind: 'reply', commandId: c1.commandId, accepted: true, seq: 4, code: null, message: null });
    await expect(first).resolves.toMatchObject({ accepted: true, seq: 4 });
    expect(messages.filter((m) => m.kind === 'reply')).toHaveLength(3);
    expect(connection.pendingCount).toBe(0);
  });

  it('reports offline on close, reconnecting on retry, and resubscribes and resyncs with the last seq', async () => {
    let seq = -1;
    const { connection, fake } = setup(() => seq);
    const statuses: string[] = [];
    connection.subscribeStatus((s) => statuses.push(s.state));
    connection.start();
    await fake.open();
    seq = 12;
    fake.close();
    expect(connection.getStatus()).toEqual({ state: 'offline', since: 1000 });
    await fake.open();
    expect(statuses).toEqual(['online', 'offline', 'reconnecting', 'online']);
    expect(connection.getStatus()).toMatchObject({ state: 'online', restored: true });
    expect(fake.subscribeCalls).toEqual(['/user/queue/errors', stream, '/user/queue/errors', stream]);
    expect(fake.sent('sync')).toEqual([{ lastSeq: -1 }, { lastSeq: 12 }]);
  });

  it('holds commands while offline and sends unanswered ones again with the same id after reconnecting', async () => {
    const { connection, fake } = setup();
    connection.start();
    const early = connection.sendCommand('chat', { text: 'queued' });
    expect(fake.sent('commands')).toEqual([]);
    await fake.open();
    const [sent] = fake.sent('commands') as { commandId: string }[];
    fake.close();
    await fake.open();
    const again = fake.sent('commands') as { commandId: string }[];
    expect(again).toHaveLength(2);
    expect(again[1].commandId).toBe(sent.commandId);
    fake.deliver(stream, { kind: 'reply', commandId: sent.commandId, accepted: true, seq: 1, code: null, message: null });
    await expect(early).resolves.toMatchObject({ accepted: true });
  });

  it('requests history pages', async () => {
    const { connection, fake } = setup();
    expect(connection.requestHistory(10)).toBe(false);
    connection.start();
    await fake.open();
    expect(connection.requestHistory(101)).toBe(true);
    expect(fake.sent('history')).toEqual([{ beforeSeq: 101, limit: 50 }]);
  });

  it('passes /user/queue/errors bodies and ERROR frames to onError', async () => {
    const errors: unknown[] = [];
    let fake!: FakeStomp;
    const connection = new TableConnection({
      tableId: 't-1',
      lastSeq: () => -1,
      onMessage: () => {},
      onError: (e) => errors.push(e),
      clientFactory: (c) => (fake = new FakeStomp(c)),
      csrf: async () => 't',
    });
    connection.start();
    await fake.open();
    fake.deliver('/user/queue/errors', { code: 'NOT_A_MEMBER', message: 'You are not a member.' });
    fake.config.onStompError?.({ headers: { message: 'Access denied' }, body: '' } as unknown as IFrame);
    expect(errors).toEqual([
      { code: 'NOT_A_MEMBER', message: 'You are not a member.' },
      { code: 'CONNECTION_REFUSED', message: 'Access denied' },
    ]);
  });
});

describe('TableSession', () => {
  function sessionSetup() {
    let fake!: FakeStomp;
    const session = new TableSession({ tableId: 't-1', clientFactory: (c) => (fake = new FakeStomp(c)), csrf: async () => 't' });
    return { session, fake: () => fake };
  }

  it('feeds the store and sends sync with the last seq on a gap', async () => {
    const { session, fake } = sessionSetup();
    session.start();
    await fake().open();
    fake().deliver(stream, snapshot(5, [eventView(5)]));
    fake().deliver(stream, event(6));
    expect(session.store.getState().seq).toBe(6);
    fake().deliver(stream, event(8));
    expect(session.store.getState().status).toBe('needsResync');
    expect(fake().sent('sync')).toEqual([{ lastSeq: -1 }, { lastSeq: 6 }]);
    fake().deliver(stream, snapshot(8, [eventView(7), eventView(8)]));
    expect(session.store.getState()).toMatchObject({ status: 'ready', seq: 8 });
    expect(session.store.getState().log.map((e) => e.seq)).toEqual([5, 6, 7, 8]);
  });

  it('loads earlier events before the oldest one held', async () => {
    const { session, fake } = sessionSetup();
    session.start();
    await fake().open();
    fake().deliver(stream, snapshot(80, [eventView(79), eventView(80)]));
    expect(session.loadEarlier()).toBe(true);
    expect(session.store.getState().historyLoading).toBe(true);
    expect(session.loadEarlier()).toBe(false); // one page at a time
    expect(fake().sent('history')).toEqual([{ beforeSeq: 79, limit: 50 }]);
    fake().deliver(stream, { kind: 'history', events: [eventView(78)], complete: false });
    expect(session.store.getState().log.map((e) => e.seq)).toEqual([78, 79, 80]);
    expect(session.store.getState().historyLoading).toBe(false);
  });

  it('collects server errors', async () => {
    const { session, fake } = sessionSetup();
    const listener = vi.fn();
    session.subscribeErrors(listener);
    session.start();
    await fake().open();
    fake().deliver('/user/queue/errors', { code: 'NOT_A_MEMBER', message: 'no' });
    expect(session.getErrors()).toEqual([{ code: 'NOT_A_MEMBER', message: 'no' }]);
    expect(listener).toHaveBeenCalledOnce();
  });
});
