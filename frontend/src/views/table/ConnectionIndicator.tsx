import { useEffect, useState } from 'react';
import type { ConnectionStatus } from '../../transport/connection';

export const BACK_ONLINE_MILLIS = 5000;

function clock(millis: number): string {
  return new Date(millis).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** Says plainly when the link to the table is down, and when it is back. */
export function ConnectionIndicator({ status }: { status: ConnectionStatus }) {
  const restoredAt = status.state === 'online' && status.restored ? status.since : null;
  const [showBack, setShowBack] = useState(false);
  useEffect(() => {
    if (restoredAt === null) return;
    setShowBack(true);
    const t = setTimeout(() => setShowBack(false), BACK_ONLINE_MILLIS);
    return () => clearTimeout(t);
  }, [restoredAt]);

  let tone: 'ok' | 'warn' | 'down';
  let text: string;
  let detail: string | null = null;
  switch (status.state) {
    case 'connecting':
      tone = 'warn';
      text = 'Connecting…';
      break;
    case 'online':
      tone = 'ok';
      text = showBack ? 'Back online' : 'Online';
      break;
    case 'offline':
    case 'reconnecting':
      tone = 'down';
      text = 'Connection lost — reconnecting…';
      detail = `since ${clock(status.since)}`;
      break;
  }
  return (
    <div className={`tt-conn tt-conn--${tone}`} role="status" aria-live="polite" data-state={status.state}>
      <span className="tt-conn__dot" aria-hidden="true" />
      <span className="tt-conn__text">{text}</span>
      {detail && <span className="tt-conn__since">{detail}</span>}
    </div>
  );
}
