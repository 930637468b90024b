/** The tag trail of each operation of an API, for the sidebar's tag categories (./tag-categories.ts). */
import type {TagCategory} from '../../../data/api-table';
import type {ApiDocument} from '../../../../tools/openapi/document';
import {isObject} from '../../../../tools/openapi/json';
import {buildTagTree} from '../../../../tools/reference/build';
import type {TagModel} from '../../../../tools/reference/model';

/** Each operation's first tag with the tags above it, outermost first, by operationId; nothing when the API nests no tags. */
export function tagTrails(api: ApiDocument): Map<string, TagCategory[]> {
  const tree = buildTagTree(api);
  const trails = new Map<string, TagCategory[]>();
  if (tree.every((t) => !t.children.length)) return trails;
  const declared = (Array.isArray(api.doc.tags) ? api.doc.tags : []).map((t) => (isObject(t) ? t.name : undefined));
  const byTag = new Map<string, TagCategory[]>();
  const walk = (node: TagModel, above: TagCategory[]) => {
    const here = [...above, {name: node.name, label: node.summary?.trim() || node.name, position: declared.indexOf(node.name)}];
    byTag.set(node.name, here);
    for (const child of node.children) walk(child, here);
  };
  for (const root of tree) walk(root, []);
  for (const {operationId, operation} of api.operations()) {
    const tag = Array.isArray(operation.tags) ? operation.tags[0] : undefined;
    const trail = typeof tag === 'string' ? byTag.get(tag) : undefined;
    if (operationId && trail) trails.set(operationId, trail);
  }
  return trails;
}
