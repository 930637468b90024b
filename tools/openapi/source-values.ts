/**
 * The spec's source files as plain values, for readers that need one file or one pointer and not a bundled API
 * (the spec tables and the content checks, run inside every Markdown page's remark pass): read through the kernel's
 * source reader (locate.ts: each file parsed once per process, again only after an edit) and its `$ref` follower, and
 * turned into plain values once per node. The bundled documents are `load.ts`'s.
 */
import path from 'node:path';
import {isMap, isScalar, isSeq, type Node} from 'yaml';
import {parsePointer} from './pointer';
import {SourceLocator, type SourceFile} from './locate';

export {sourceFileParses} from './locate';

/** A spec file that is missing or unreadable, or a pointer that leads nowhere; the message names the file. */
export class SourceValueError extends Error {}

/** One reader per folder, for the life of the process. */
const locators = new Map<string, SourceLocator>();
const locatorOf = (dir: string): SourceLocator => {
  let locator = locators.get(dir);
  if (!locator) locators.set(dir, (locator = new SourceLocator(dir, {revalidate: true})));
  return locator;
};

/** Plain values of nodes, made once per parsed node (a re-parsed file has new nodes); shared: nothing may mutate them. */
const values = new WeakMap<object, unknown>();
function valueOf(source: SourceFile, node: unknown): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (!values.has(node)) values.set(node, (node as Node).toJS(source.doc));
  return values.get(node);
}

/** The child `token` of a mapping (keys compared as text: `200:` and `'200':` alike) or a sequence, with its key. */
function childOf(node: unknown, token: string): {value: unknown; key: unknown} | undefined {
  if (isMap(node)) {
    const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === token);
    return pair ? {value: pair.value, key: pair.key} : undefined;
  }
  if (isSeq(node) && /^\d+$/.test(token) && Number(token) < node.items.length) return {value: node.items[Number(token)], key: node.items[Number(token)]};
  return undefined;
}

function loaded(locator: SourceLocator, file: string, label: string): SourceFile {
  const source = locator.load(file);
  if (!source) throw new SourceValueError(`${label}/${file} does not exist`);
  const error = source.doc.errors[0];
  if (error) throw new SourceValueError(`${label}/${file} is not valid YAML: ${error.message.split('\n')[0]}`);
  return source;
}

/** The parsed value of `file` (relative to `dir`, named so in errors as `label/file`). */
export function readSourceValue(dir: string, file: string, label = path.basename(dir)): unknown {
  const source = loaded(locatorOf(dir), file, label);
  return valueOf(source, source.doc.contents);
}

/**
 * The value at a JSON pointer (`/a/b`, `#/a/b` or ``) of a source file, following `$ref`s (relative file paths,
 * optionally with a `#/fragment`) wherever the walk meets one; with the file it was found in (relative to `dir`) and
 * its line there: the line of its key (`post:`), or where a `$ref` took the walk, the line its target starts at.
 */
export function resolveSourceValue(dir: string, file: string, pointer: string, label = path.basename(dir)): {value: unknown; file: string; line: number} {
  let tokens: string[];
  try {
    tokens = parsePointer(pointer);
  } catch {
    throw new SourceValueError(`pointer "${pointer}" must start with "/"`);
  }
  const locator = locatorOf(dir);
  // The locator leaves a `$ref` it cannot follow as it is: say why.
  const follow = (at: {source: SourceFile; node: unknown}) => {
    const found = locator.follow(at.source, at.node);
    const ref = isMap(found.node) ? found.node.get('$ref') : undefined;
    if (typeof ref === 'string') {
      const target = locator.refTarget(found.source, ref);
      if (target) loaded(locator, target, label);
      throw new SourceValueError(
        `${label}/${found.source.file}:${locator.lineOf(found.source, found.node)}: $ref ${ref} leads nowhere (nothing at its pointer, or a cycle)`,
      );
    }
    return found;
  };
  const root = loaded(locator, file, label);
  let at = follow({source: root, node: root.doc.contents});
  let line = locator.lineOf(at.source, at.node);
  tokens.forEach((token, i) => {
    const next = childOf(at.node, token);
    if (next === undefined) {
      const keys = isMap(at.node) ? at.node.items.map((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key))).join(', ') : '';
      throw new SourceValueError(
        `${label}/${file}: nothing at ${pointer} (no "${token}" after /${tokens.slice(0, i).join('/')}${keys ? `; there: ${keys}` : ''})`,
      );
    }
    const here = at.source;
    at = follow({source: at.source, node: next.value});
    line = at.node === next.value ? locator.lineOf(here, next.key) : locator.lineOf(at.source, at.node);
  });
  return {value: valueOf(at.source, at.node), file: at.source.file, line};
}
