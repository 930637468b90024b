/**
 * Every object inside the example values of a bundled API document (operations, webhook events, simulations):
 * `example`, an `examples` list, and the `value` of each named example, with the JSON pointer of the object, for
 * the tests that check what the examples say against each other (transaction links, the ledger arithmetic).
 */
import type {ApiDocument} from '../../tools/openapi/document';
import {isObject, type Json} from '../../tools/openapi/json';
import {childPointer} from '../../tools/openapi/pointer';

export interface ExampleObject {
  pointer: string;
  value: Record<string, Json>;
}

export function exampleObjects(doc: ApiDocument): ExampleObject[] {
  const found: ExampleObject[] = [];
  const inValue = (value: Json, pointer: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => inValue(v, childPointer(pointer, i)));
    else if (isObject(value)) {
      found.push({pointer, value});
      for (const [k, v] of Object.entries(value)) inValue(v, childPointer(pointer, k));
    }
  };
  const walk = (node: Json, pointer: string) => {
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, childPointer(pointer, i)));
    if (!isObject(node)) return;
    for (const [k, v] of Object.entries(node)) {
      const at = childPointer(pointer, k);
      if (k === 'example') inValue(v, at);
      else if (k === 'examples' && Array.isArray(v)) inValue(v, at);
      else if (k === 'examples' && isObject(v)) {
        for (const [name, e] of Object.entries(v)) {
          if (isObject(e) && e.value !== undefined) inValue(e.value, childPointer(at, name, 'value'));
          else walk(e, childPointer(at, name));
        }
      } else walk(v, at);
    }
  };
  walk(doc.doc, '#');
  return found;
}
