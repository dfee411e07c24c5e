import { describe, expect, it } from 'vitest';
import { orderStats, readable, statLabel } from './SheetPanel';

describe('the sheet panel', () => {
  it('names stats the way a person reads them', () => {
    expect(statLabel('STR')).toBe('STR');
    expect(statLabel('passiveSTR')).toBe('Passive STR');
    expect(statLabel('movementSpeed')).toBe('Movement speed');
    expect(statLabel('apCards')).toBe('AP cards');
    expect(statLabel('hexesWritten')).toBe('Hexes written');
    expect(statLabel('str')).toBe('STR');
    expect(statLabel('strModifier')).toBe('Str modifier');
  });

  it('puts scores first and lists last, whatever order the map arrived in', () => {
    const keys = orderStats({ weapons: [], passiveAGI: 7, SOC: 0, armor: 0, AGI: 1, skills: ['Climb'], WIL: 'none' }).map(([k]) => k);
    expect(keys).toEqual(['AGI', 'SOC', 'WIL', 'armor', 'passiveAGI', 'skills', 'weapons']);
  });

  it('reads nested sheet values as words, not JSON', () => {
    expect(readable({})).toBe('None');
    expect(readable({ name: 'Sword', damage: 'd8', quality: null })).toBe('Sword (Damage d8)');
    expect(readable({ swordplay: 'adept', witchsight: 'novice' })).toBe('Swordplay adept, Witchsight novice');
    expect(readable([{ name: 'Club' }, { name: 'Knife' }])).toBe('Club, Knife');
  });
});
