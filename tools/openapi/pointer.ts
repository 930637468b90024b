/**
 * JSON pointers (RFC 6901) as OpenAPI writes them in `$ref`s: `#/components/schemas/Money`, `#/paths/~1accounts/get`.
 * Tokens are unescaped strings; a pointer is always written with its `#`.
 */
import {isObject, type Json} from './json';

export const escapeToken = (token: string | number): string => String(token).replace(/~/g, '~0').replace(/\//g, '~1');
export const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** `#/a/b~1c` (or `/a/b~1c`) → `['a', 'b/c']`; `#` and `` → `[]`. */
export function parsePointer(pointer: string): string[] {
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (body === '') return [];
  if (!body.startsWith('/')) throw new Error(`"${pointer}" is not a JSON pointer`);
  return body.slice(1).split('/').map(unescapeToken);
}

/** `['a', 'b/c']` → `#/a/b~1c`. */
export const formatPointer = (tokens: readonly (string | number)[]): string => `#${tokens.map((t) => `/${escapeToken(t)}`).join('')}`;

/** A child pointer: `child('#/paths', '/accounts')` → `#/paths/~1accounts`. */
export const childPointer = (pointer: string, ...tokens: (string | number)[]): string =>
  `${pointer === '#' ? '#' : pointer}${tokens.map((t) => `/${escapeToken(t)}`).join('')}`;

/** The value at a pointer of a document, without following `$ref`s; undefined where there is none. */
export function getAt(doc: Json, pointer: string | readonly string[]): Json | undefined {
  let node: Json | undefined = doc;
  for (const token of typeof pointer === 'string' ? parsePointer(pointer) : pointer) {
    if (Array.isArray(node)) node = /^\d+$/.test(token) ? node[Number(token)] : undefined;
    else if (isObject(node)) node = Object.prototype.hasOwnProperty.call(node, token) ? node[token] : undefined;
    else return undefined;
  }
  return node;
}
