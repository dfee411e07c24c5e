import { describe, expect, it } from 'vitest';
import { PatchError, applyPatch, parsePointer } from './patch';

describe('parsePointer', () => {
  it('reads the whole document, plain tokens and the ~0 / ~1 escapes', () => {
    expect(parsePointer('')).toEqual([]);
    expect(parsePointer('/a/0')).toEqual(['a', '0']);
    expect(parsePointer('/a~1b/~0c/~01')).toEqual(['a/b', '~c', '~1']);
  });

  it('refuses a pointer without a leading slash', () => {
    expect(() => parsePointer('a')).toThrow(PatchError);
  });
});

describe('applyPatch', () => {
  const doc = { table: { deckCount: 20, hands: { 'c-1': { count: 1 } }, discard: [{ id: 'a' }] }, 'x/y': 1, 'm~n': 2 };

  it('replaces a value without touching the input', () => {
    const out = applyPatch(doc, [{ op: 'replace', path: '/table/deckCount', value: 19 }]);
    expect(out.table.deckCount).toBe(19);
    expect(doc.table.deckCount).toBe(20);
    expect(out.table.hands).toBe(doc.table.hands); // untouched branches are shared
  });

  it('replaces the whole document with path ""', () => {
    expect(applyPatch(doc, [{ op: 'replace', path: '', value: { fresh: true } }])).toEqual({ fresh: true });
    expect(applyPatch(doc, [{ op: 'add', path: '', value: [1] }])).toEqual([1]);
  });

  it('adds members, inserts into arrays and appends with -', () => {
    const out = applyPatch(doc, [
      { op: 'add', path: '/table/hands/c-2', value: { count: 0 } },
      { op: 'add', path: '/table/discard/0', value: { id: 'first' } },
      { op: 'add', path: '/table/discard/-', value: { id: 'last' } },
    ]);
    expect(out.table.hands).toEqual({ 'c-1': { count: 1 }, 'c-2': { count: 0 } });
    expect(out.table.discard.map((c) => c.id)).toEqual(['first', 'a', 'last']);
  });

  it('removes members and array items', () => {
    const out = applyPatch(doc, [
      { op: 'remove', path: '/table/hands/c-1' },
      { op: 'remove', path: '/table/discard/0' },
    ]);
    expect(out.table.hands).toEqual({});
    expect(out.table.discard).toEqual([]);
  });

  it('honours escaped keys', () => {
    const out = applyPatch(doc, [
      { op: 'replace', path: '/x~1y', value: 10 },
      { op: 'replace', path: '/m~0n', value: 20 },
    ]);
    expect(out['x/y']).toBe(10);
    expect(out['m~n']).toBe(20);
  });

  it('supports move, copy and test', () => {
    const out = applyPatch({ a: 1, b: [] as number[] }, [
      { op: 'test', path: '/a', value: 1 },
      { op: 'copy', from: '/a', path: '/b/-' },
      { op: 'move', from: '/a', path: '/c' },
    ]);
    expect(out).toEqual({ b: [1], c: 1 });
  });

  it('throws on a missing path, an index out of range or a failed test', () => {
    expect(() => applyPatch(doc, [{ op: 'replace', path: '/table/nope', value: 1 }])).toThrow(PatchError);
    expect(() => applyPatch(doc, [{ op: 'remove', path: '/table/discard/5' }])).toThrow(PatchError);
    expect(() => applyPatch(doc, [{ op: 'add', path: '/missing/child', value: 1 }])).toThrow(PatchError);
    expect(() => applyPatch(doc, [{ op: 'test', path: '/table/deckCount', value: 3 }])).toThrow(PatchError);
  });
});
