import type { IFrame, IMessage, StompConfig, StompHeaders } from '@stomp/stompjs';
import type { StompLike } from '../transport/connection';

/** A stand-in for the stompjs Client at its boundary: records frames, plays the server's part. */
export class FakeStomp implements StompLike {
  connectHeaders: StompHeaders = {};
  connected = false;
  published: { destination: string; body: unknown }[] = [];
  subscriptions = new Map<string, (m: IMessage) => void>();
  subscribeCalls: string[] = [];
  activated = 0;

  constructor(readonly config: StompConfig) {}

  activate() {
    this.activated += 1;
  }
  deactivate() {
    this.connected = false;
  }
  subscribe(destination: string, callback: (m: IMessage) => void) {
    this.subscribeCalls.push(destination);
    this.subscriptions.set(destination, callback);
    return { unsubscribe: () => this.subscriptions.delete(destination) };
  }
  publish(params: { destination: string; body: string }) {
    this.published.push({ destination: params.destination, body: JSON.parse(params.body) });
  }

  /** The server accepts the CONNECT. */
  async open() {
    await this.config.beforeConnect?.(undefined as never);
    this.connected = true;
    this.config.onConnect?.(undefined as unknown as IFrame);
  }
  /** The socket closes. */
  close() {
    this.connected = false;
    this.subscriptions.clear();
    this.config.onWebSocketClose?.(undefined as never);
  }
  deliver(destination: string, body: unknown) {
    this.subscriptions.get(destination)?.({ body: JSON.stringify(body) } as IMessage);
  }
  sent(kind: string) {
    return this.published.filter((p) => p.destination.endsWith(`/${kind}`)).map((p) => p.body);
  }
}

