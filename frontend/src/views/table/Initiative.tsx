import { useId } from 'react';
import type { Card, DeckView, DeclaredView, GroupedView, HandView, InitiativeModel, OrderView } from '../../state/types';
import { combatantName, useTable } from './useTable';

export function CardFace({ card, dealt = false }: { card: Card; dealt?: boolean }) {
  return (
    <span className={`tt-card tt-card--${card.kind.toLowerCase().replace(/[^a-z0-9-]/g, '')}${dealt ? ' tt-card--dealt' : ''}`} title={card.label}>
      <span className="tt-card__label">{card.label}</span>
    </span>
  );
}

function Pile({ title, cards }: { title: string; cards: Card[] }) {
  return (
    <div className="tt-pile">
      <h4>
        {title} <span className="tt-count">({cards.length})</span>
      </h4>
      {cards.length === 0 ? (
        <p className="tt-muted">Empty</p>
      ) : (
        <ul className="tt-cards tt-cards--small">
          {cards.map((c) => (
            <li key={c.id}>
              <CardFace card={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Hands in the order the combatants sit at the table (the hands object has no order of its own). */
export function handsInSeatOrder(combatants: { id: string }[], hands: Record<string, HandView>): [string, HandView][] {
  const seat = (id: string) => {
    const i = combatants.findIndex((c) => c.id === id);
    return i < 0 ? combatants.length : i;
  };
  return Object.entries(hands).sort(([a], [b]) => seat(a) - seat(b));
}

export function CardDeckInitiative({ deck }: { deck: DeckView }) {
  const { view } = useTable();
  const uid = useId();
  const layers = Math.min(deck.deckCount, 5);
  const awaiting = new Set(deck.awaiting ?? []);
  return (
    <div className="tt-deck">
      <div className="tt-deck__row">
        <div className="tt-deck__pile" aria-label={`Deck: ${deck.deckCount} cards left`} role="img">
          {Array.from({ length: layers }, (_, i) => (
            <span key={i} className="tt-deck__back" style={{ transform: `translate(${i * 2}px, ${-i * 2}px)` }} />
          ))}
          {layers === 0 && <span className="tt-deck__empty">Empty</span>}
          <span className="tt-deck__count" aria-hidden="true">
            {deck.deckCount}
          </span>
        </div>
        <div className="tt-deck__dealt">
          <h4>Last dealt</h4>
          {deck.lastDealt ? (
            <div aria-live="polite">
              <CardFace key={deck.lastDealt.id} card={deck.lastDealt} dealt />
              {deck.lastDealt.owner && <p className="tt-muted">to {combatantName(view, deck.lastDealt.owner)}</p>}
            </div>
          ) : (
            <p className="tt-muted">No card dealt yet this round.</p>
          )}
        </div>
      </div>
      <h4 id={`${uid}-hands`}>Hands</h4>
      <ul className="tt-hands" aria-labelledby={`${uid}-hands`}>
        {handsInSeatOrder(view.table.combatants, deck.hands).map(([id, hand]) => (
          <li key={id} className={`tt-hand${awaiting.has(id) ? ' tt-hand--awaiting' : ''}`}>
            <span className="tt-hand__name">
              {combatantName(view, id)}
              {awaiting.has(id) && <span className="tt-chip">awaiting</span>}
            </span>
            {hand.cards ? (
              hand.cards.length === 0 ? (
                <span className="tt-muted">No cards</span>
              ) : (
                <ul className="tt-cards" aria-label={`Cards of ${combatantName(view, id)}`}>
                  {hand.cards.map((c) => (
                    <li key={c.id}>
                      <CardFace card={c} />
                    </li>
                  ))}
                </ul>
              )
            ) : (
              <span className="tt-hand__count">{hand.count === 0 ? 'No cards' : `${hand.count} ${hand.count === 1 ? 'card' : 'cards'}`}</span>
            )}
          </li>
        ))}
      </ul>
      <div className="tt-deck__piles">
        <Pile title="Discard" cards={deck.discard} />
        <Pile title="Lost" cards={deck.lost} />
      </div>
    </div>
  );
}

/**
 * Declared-action initiative (vogt): while declaring, the server sends only who has declared —
 * one's own choice excepted — so this shows "declared" for others; after the reveal, the order
 * with each action, its dice and the roll.
 */
export function DeclaredDiceInitiative({ declared }: { declared: DeclaredView }) {
  const { view } = useTable();
  const acting = declared.phase === 'acting';
  const order = declared.order ?? [];
  const rows = acting && order.length > 0
    ? [...declared.declarations].sort((a, b) => order.indexOf(a.combatantId) - order.indexOf(b.combatantId))
    : declared.declarations;
  const waiting = declared.declarations.filter((d) => !d.declared).length;
  return (
    <div className="tt-declared">
      <p className="tt-phase">
        {acting
          ? 'Acting: lowest initiative first.'
          : `Declaring actions: ${waiting === 0 ? 'everyone has declared' : `${waiting} still to declare`}. Declarations stay hidden until everyone has declared.`}
      </p>
      <ol className="tt-order" aria-label={acting ? 'Acting order' : 'Declarations'}>
        {rows.map((d) => {
          const current = d.combatantId === declared.current;
          const hiddenOwn = !acting && d.action !== null;
          return (
            <li
              key={d.combatantId}
              className={`tt-order__row${current ? ' tt-order__row--current' : ''}${d.done ? ' tt-order__row--done' : ''}`}
              aria-current={current ? 'true' : undefined}
            >
              {acting && <span className="tt-order__score">{d.roll ?? '–'}</span>}
              <span className="tt-order__name">{combatantName(view, d.combatantId)}</span>
              <span className="tt-declared__action">{d.action ?? (d.declared ? 'declared' : 'not declared')}</span>
              {d.die !== null && <span className="tt-chip">{String(d.die)}</span>}
              {hiddenOwn && <span className="tt-muted">(only you see this)</span>}
              {current && <span className="tt-chip">turn</span>}
              {d.done && <span className="tt-chip">done</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export function OrderedInitiative({ ordered }: { ordered: OrderView }) {
  const { view } = useTable();
  return (
    <ol className="tt-order">
      {ordered.order.map((o) => (
        <li key={o.combatantId} className={`tt-order__row${o.combatantId === ordered.current ? ' tt-order__row--current' : ''}${o.done ? ' tt-order__row--done' : ''}`} aria-current={o.combatantId === ordered.current ? 'true' : undefined}>
          <span className="tt-order__score">{o.score ?? '–'}</span>
          <span className="tt-order__name">{combatantName(view, o.combatantId)}</span>
          {Array.isArray(o.used)
            ? o.used.map((u, i) => (
                <span key={`${u}-${i}`} className="tt-chip">
                  {u} used
                </span>
              ))
            : o.used && <span className="tt-chip">acted</span>}
          {o.done && <span className="tt-chip">done</span>}
        </li>
      ))}
    </ol>
  );
}

export function ApPips({ ap, apMax }: { ap: number; apMax: number }) {
  return (
    <span className="tt-pips" role="img" aria-label={`${ap} of ${apMax} AP`}>
      {Array.from({ length: Math.max(apMax, ap) }, (_, i) => (
        <span key={i} className={`tt-pip${i < ap ? ' tt-pip--full' : ''}`} />
      ))}
    </span>
  );
}

export function GroupedApInitiative({ grouped }: { grouped: GroupedView }) {
  const { view } = useTable();
  return (
    <div className="tt-groups">
      {grouped.groups.map((g) => (
        <div key={g.name} className={`tt-group${g.name === grouped.currentGroup ? ' tt-group--current' : ''}`}>
          <h4>
            {g.name}
            {g.name === grouped.currentGroup && <span className="tt-chip">acting</span>}
          </h4>
          <ol className="tt-order">
            {g.members.map((m) => (
              <li key={m.combatantId} className={`tt-order__row${m.combatantId === grouped.current ? ' tt-order__row--current' : ''}${m.done ? ' tt-order__row--done' : ''}`} aria-current={m.combatantId === grouped.current ? 'true' : undefined}>
                <span className="tt-order__score">{m.score ?? '–'}</span>
                <span className="tt-order__name">{combatantName(view, m.combatantId)}</span>
                <ApPips ap={m.ap} apMax={m.apMax} />
                {m.done && <span className="tt-chip">done</span>}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}

const MODEL_TITLES: Record<InitiativeModel, string> = {
  CARD_DECK: 'Initiative deck',
  DECLARED_DICE: 'Declared initiative',
  ORDERED: 'Initiative order',
  GROUPED_AP: 'Initiative groups',
};

/** The initiative component chosen by `table.model`. */
export function InitiativeArea() {
  const { view } = useTable();
  const { model, initiative } = view.table;
  let body;
  if (!initiative) body = <p className="tt-muted">Not in initiative.</p>;
  else if (model === 'CARD_DECK') body = <CardDeckInitiative deck={initiative as DeckView} />;
  else if (model === 'DECLARED_DICE') body = <DeclaredDiceInitiative declared={initiative as DeclaredView} />;
  else if (model === 'ORDERED') body = <OrderedInitiative ordered={initiative as OrderView} />;
  else body = <GroupedApInitiative grouped={initiative as GroupedView} />;
  return (
    <section className="tt-panel tt-initiative" aria-labelledby="tt-initiative-title">
      <h2 id="tt-initiative-title">
        {MODEL_TITLES[model] ?? 'Initiative'}
        {initiative && <span className="tt-round">Round {(initiative as { round: number }).round}</span>}
      </h2>
      {body}
    </section>
  );
}
