import type { Card, DeckView, DeclaredView, GroupedView, InitiativeModel, OrderView } from '../../state/types';
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

export function CardDeckInitiative({ deck }: { deck: DeckView }) {
  const { view } = useTable();
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
      <h4>Hands</h4>
      <ul className="tt-hands">
        {Object.entries(deck.hands).map(([id, hand]) => (
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
              <span className="tt-hand__count">
                {hand.count} {hand.count === 1 ? 'card' : 'cards'}
              </span>
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

export function DeclaredDiceInitiative({ declared }: { declared: DeclaredView }) {
  const { view } = useTable();
  const rows = declared.order
    ? [...declared.declarations].sort((a, b) => declared.order!.indexOf(a.combatantId) - declared.order!.indexOf(b.combatantId))
    : declared.declarations;
  return (
    <div>
      <p className="tt-phase">Phase: {declared.phase === 'declaring' ? 'declaring actions' : 'acting'}</p>
      <ol className="tt-order">
        {rows.map((d) => (
          <li key={d.combatantId} className={`tt-order__row${d.combatantId === declared.current ? ' tt-order__row--current' : ''}${d.done ? ' tt-order__row--done' : ''}`} aria-current={d.combatantId === declared.current ? 'true' : undefined}>
            <span className="tt-order__name">{combatantName(view, d.combatantId)}</span>
            <span>{d.declared ? (d.action ?? 'declared') : 'not declared'}</span>
            {d.die !== null && <span className="tt-chip">d{String(d.die).replace(/^d/, '')}</span>}
            {d.roll !== null && <strong>{d.roll}</strong>}
            {d.done && <span className="tt-chip">done</span>}
          </li>
        ))}
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
          {o.used && <span className="tt-chip">acted</span>}
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
