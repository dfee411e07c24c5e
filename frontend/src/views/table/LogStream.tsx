import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { DieView, EventView, RollResult } from '../../state/types';
import { useCommand } from './useTable';

function Die({ die }: { die: DieView }) {
  const cls = ['tt-die', !die.kept && 'tt-die--dropped', die.exploded && 'tt-die--exploded', die.rerolled && 'tt-die--rerolled']
    .filter(Boolean)
    .join(' ');
  const notes = [`d${die.sides}`, !die.kept && 'dropped', die.exploded && 'exploded', die.rerolled && 'rerolled'].filter(Boolean).join(', ');
  return (
    <span className={cls} title={notes}>
      {die.kept ? die.face : <s>{die.face}</s>}
      {die.exploded && <span className="tt-die__mark" aria-hidden="true">✶</span>}
      <span className="visually-hidden"> ({notes})</span>
    </span>
  );
}

function Roll({ roll }: { roll: RollResult }) {
  return (
    <span className="tt-roll">
      <span className="tt-mono tt-roll__notation">{roll.notation}</span>
      <span className="tt-dice-row">
        {roll.dice.map((d, i) => (
          <Die key={i} die={d} />
        ))}
      </span>
      <span aria-hidden="true">=</span>
      <strong className="tt-roll__total">{roll.total}</strong>
    </span>
  );
}

function time(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function LogEntry({ event, undone }: { event: EventView; undone: boolean }) {
  const cls = `tt-entry tt-entry--${event.type}${undone ? ' tt-entry--undone' : ''}${event.hidden ? ' tt-entry--hidden' : ''}`;
  return (
    <li className={cls} data-seq={event.seq}>
      <div className="tt-entry__meta">
        <span className="tt-entry__who">{event.actorName}</span>
        {event.mode !== 'PUBLIC' && <span className="tt-chip tt-chip--mode">{event.mode}</span>}
        {undone && <span className="tt-chip tt-chip--undone">undone</span>}
        <time dateTime={event.at}>{time(event.at)}</time>
        <span className="tt-entry__seq">#{event.seq}</span>
      </div>
      <div className="tt-entry__body">
        {event.hidden && <p className="tt-muted tt-entry__private">rolled privately</p>}
        {event.lines.map((line, i) => (
          <div key={i} className="tt-line">
            <span className={undone ? 'tt-line__text tt-struck' : 'tt-line__text'}>{line.text}</span>
            {line.rolls.length > 0 && (
              <span className="tt-line__rolls">
                {line.rolls.map((r, j) => (
                  <Roll key={j} roll={r} />
                ))}
              </span>
            )}
            {line.triggers.length > 0 && (
              <ul className="tt-chips">
                {line.triggers.map((t, j) => (
                  <li key={j} className="tt-chip tt-chip--trigger">
                    {t}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </li>
  );
}

function ChatInput() {
  const cmd = useCommand();
  const uid = useId();
  const [text, setText] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const t = text.trim();
    if (!t) return;
    const reply = await cmd.send('chat', { text: t });
    if (reply?.accepted) setText('');
  };
  return (
    <form className="tt-chat" onSubmit={submit}>
      <label htmlFor={`${uid}-chat`} className="tt-chat__label">
        Chat
      </label>
      <input id={`${uid}-chat`} type="text" maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} aria-describedby={cmd.error ? `${uid}-err` : undefined} />
      <button type="submit" className="tt-btn tt-btn--primary" disabled={cmd.busy || !text.trim()}>
        Send
      </button>
      {cmd.error && (
        <p id={`${uid}-err`} className="tt-error" role="alert">
          {cmd.error.message}
        </p>
      )}
    </form>
  );
}

export interface LogStreamProps {
  log: readonly EventView[];
  undone: ReadonlySet<number>;
  canLoadEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
}

/** The roll log and chat in one scrollable stream, newest at the bottom. */
export function LogStream({ log, undone, canLoadEarlier, loadingEarlier, onLoadEarlier }: LogStreamProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const newest = log.length > 0 ? log[log.length - 1].seq : 0;
  const stick = useRef(true);
  useEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [newest]);
  return (
    <section className="tt-panel tt-log" aria-labelledby="tt-log-title">
      <h2 id="tt-log-title">Log and chat</h2>
      <div
        className="tt-log__scroll"
        ref={scroller}
        tabIndex={0}
        role="log"
        aria-label="Roll log and chat"
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {canLoadEarlier && (
          <button type="button" className="tt-btn tt-btn--ghost tt-log__earlier" onClick={onLoadEarlier} disabled={loadingEarlier}>
            {loadingEarlier ? 'Loading…' : 'Load earlier'}
          </button>
        )}
        {log.length === 0 ? (
          <p className="tt-muted">Nothing has happened at this table yet.</p>
        ) : (
          <ol className="tt-entries">
            {log.map((e) => (
              <LogEntry key={e.seq} event={e} undone={undone.has(e.seq)} />
            ))}
          </ol>
        )}
      </div>
      <ChatInput />
    </section>
  );
}
