import { describe, expect, it } from 'vitest';
import { handsInSeatOrder } from './Initiative';

describe('the hands of a card deck', () => {
  it('follow the order the combatants sit in, whatever order the hands arrived in', () => {
    const hands = { 'c-bram': { count: 3, cards: null }, 'c-npc': { count: 1, cards: null }, 'c-alda': { count: 1, cards: [] } };
    expect(handsInSeatOrder([{ id: 'c-alda' }, { id: 'c-bram' }], hands).map(([id]) => id)).toEqual(['c-alda', 'c-bram', 'c-npc']);
  });
});
