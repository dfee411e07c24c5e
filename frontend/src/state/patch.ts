// A small RFC 6902 JSON Patch applier for the table's view patches: add, remove, replace (and
// move, copy, test for completeness), including the whole-document path "" and the `~0`/`~1`
// escapes of RFC 6901. It never mutates its input: every touched container is copied.

import type { PatchOp } from './types';

export class PatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatchError';
  }
}

/** The reference tokens of a JSON Pointer: "" → [], "/a~1b/~0c" → ["a/b", "~c"]. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new PatchError(`Not a JSON Pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function arrayIndex(array: unknown[], token: string, forAdd: boolean): number {
  if (forAdd && token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`Not an array index: ${token}`);
  const index = Number(token);
  const limit = forAdd ? array.length : array.length - 1;
  if (index > limit) throw new PatchError(`Array index out of range: ${token}`);
  return index;
}

function shallowCopy(value: Container): Container {
  return Array.isArray(value) ? value.slice() : { ...value };
}

function get(doc: unknown, tokens: string[]): unknown {
  let node = doc;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[arrayIndex(node, token, false)];
    else if (isContainer(node) && Object.prototype.hasOwnProperty.call(node, token)) node = (node as Record<string, unknown>)[token];
    else throw new PatchError(`No such path: /${tokens.join('/')}`);
  }
  return node;
}

/** Returns a copy of `doc` with `change` applied to the parent of the last token. */
function updateParent(doc: unknown, tokens: string[], change: (parent: Container, last: string) => void): unknown {
  if (!isContainer(doc)) throw new PatchError(`No such path: /${tokens.join('/')}`);
  const copy = shallowCopy(doc);
  const [head, ...rest] = tokens;
  if (rest.length === 0) {
    change(copy, head);
    return copy;
  }
  if (Array.isArray(copy)) {
    const i = arrayIndex(copy, head, false);
    copy[i] = updateParent(copy[i], rest, change);
  } else {
    if (!Object.prototype.hasOwnProperty.call(copy, head)) throw new PatchError(`No such path: /${tokens.join('/')}`);
    copy[head] = updateParent(copy[head], rest, change);
  }
  return copy;
}

function add(doc: unknown, tokens: string[], value: unknown): unknown {
  if (tokens.length === 0) return value;
  return updateParent(doc, tokens, (parent, last) => {
    if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true), 0, value);
    else parent[last] = value;
  });
}

function remove(doc: unknown, tokens: string[]): unknown {
  if (tokens.length === 0) throw new PatchError('Cannot remove the whole document');
  return updateParent(doc, tokens, (parent, last) => {
    if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, false), 1);
    else if (Object.prototype.hasOwnProperty.call(parent, last)) delete parent[last];
    else throw new PatchError(`No such member to remove: ${last}`);
  });
}

function replace(doc: unknown, tokens: string[], value: unknown): unknown {
  if (tokens.length === 0) return value;
  return updateParent(doc, tokens, (parent, last) => {
    if (Array.isArray(parent)) parent[arrayIndex(parent, last, false)] = value;
    else if (Object.prototype.hasOwnProperty.call(parent, last)) parent[last] = value;
    else throw new PatchError(`No such member to replace: ${last}`);
  });
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Applies the operations in order; throws a PatchError (leaving `doc` untouched) if one fails. */
export function applyPatch<T>(doc: T, ops: readonly PatchOp[]): T {
  let result: unknown = doc;
  for (const op of ops) {
    const tokens = parsePointer(op.path);
    switch (op.op) {
      case 'add':
        result = add(result, tokens, op.value);
        break;
      case 'remove':
        result = remove(result, tokens);
        break;
      case 'replace':
        result = replace(result, tokens, op.value);
        break;
      case 'move': {
        const value = get(result, parsePointer(op.from));
        result = add(remove(result, parsePointer(op.from)), tokens, value);
        break;
      }
      case 'copy':
        result = add(result, tokens, get(result, parsePointer(op.from)));
        break;
      case 'test':
        if (!deepEqual(get(result, tokens), op.value)) throw new PatchError(`Test failed at ${op.path}`);
        break;
      default:
        throw new PatchError(`Unknown patch operation: ${(op as { op: string }).op}`);
    }
  }
  return result as T;
}
