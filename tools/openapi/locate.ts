/**
 * Where a pointer into a bundled document is in the spec's source files: it is walked through the source layout
 * instead (openapi/<api>.yaml, then each file a `$ref` names, into `allOf` parts where the bundled path went through
 * a merged schema; a single-file spec is walked in itself, JSON included), and the line of the last key reached is
 * returned. For a removal that is the nearest part still there: the `properties` of the schema that lost a field,
 * the path item that lost an operation.
 */
import fs from 'node:fs';
import path from 'node:path';
import {isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node} from 'yaml';
import {parsePointer} from './pointer';
import {fileState} from './spec-files';

/** A source file of the spec, parsed with positions (YAML, JSON included). */
export interface SourceFile {
  /** Relative to the site. */
  file: string;
  doc: Document;
  lines: LineCounter;
}

export interface SourceLocation {
  file: string;
  line: number;
  /** False when the walk stopped before the end of the path (the element is not in the working spec). */
  exact: boolean;
}

let parseCount = 0;

/** How many times a source file was really parsed by this process (the caches' tests read it). */
export const sourceFileParses = (): number => parseCount;

/**
 * Reads the source files of one folder (a site, or its openapi/): each parsed once with positions for the lifetime of
 * the reader, or, with `revalidate`, again only when its mtime or size changed (the dev server's long-lived process).
 */
export class SourceLocator {
  private readonly files = new Map<string, {stamp: string; source: SourceFile | null}>();

  constructor(
    private readonly siteDir: string,
    private readonly options: {revalidate?: boolean} = {},
  ) {}

  /** A source file (relative to the folder), parsed once; null when it does not exist. Its parse errors: `doc.errors`. */
  load(file: string): SourceFile | null {
    const cached = this.files.get(file);
    if (cached && !this.options.revalidate) return cached.source;
    const abs = path.join(this.siteDir, file);
    // Missing: stays null until it appears.
    const stamp = fileState(abs);
    if (cached && cached.stamp === stamp) return cached.source;
    let source: SourceFile | null = null;
    if (stamp !== 'missing') {
      const lines = new LineCounter();
      parseCount++;
      source = {file, doc: parseDocument(fs.readFileSync(abs, 'utf8'), {lineCounter: lines, prettyErrors: true}), lines};
    }
    this.files.set(file, {stamp, source});
    return source;
  }

  /** The line of a node of a source file. */
  lineOf(source: SourceFile, node: unknown): number {
    const range = (node as {range?: [number, number, number]} | undefined)?.range;
    return range ? source.lines.linePos(range[0]).line : 1;
  }

  /** The file a `$ref` of `source` names, relative to the site (none for a `#` reference inside it). */
  refTarget(source: SourceFile, ref: string): string | undefined {
    const target = ref.split('#')[0];
    return target ? path.posix.normalize(path.posix.join(path.posix.dirname(source.file), target)) : undefined;
  }

  /** Follows a `$ref` node to the file (and pointer) it names; a `$ref` to a file that does not exist stays as it is. */
  follow(source: SourceFile, node: unknown, depth = 0): {source: SourceFile; node: unknown} {
    if (depth > 20 || !isMap(node)) return {source, node};
    const ref = node.get('$ref');
    if (typeof ref !== 'string') return {source, node};
    const [target, pointer = ''] = ref.split('#');
    const next = target ? this.load(this.refTarget(source, ref) as string) : source;
    if (!next) return {source, node};
    let value: unknown = next.doc.contents;
    for (const key of parsePointer(pointer)) value = isMap(value) || isSeq(value) ? value.get(key, true) : undefined;
    return value === undefined ? {source, node} : this.follow(next, value, depth + 1);
  }

  /** The children `key` of a mapping or sequence: its own, else each `allOf` part's that has one, in order. */
  private children(source: SourceFile, node: unknown, key: string): {source: SourceFile; node: unknown; keyNode: unknown}[] {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
      if (pair) return [{source, node: pair.value, keyNode: pair.key}];
      const allOf = node.get('allOf', true);
      if (!isSeq(allOf)) return [];
      return allOf.items.flatMap((part) => {
        const resolved = this.follow(source, part);
        return this.children(resolved.source, resolved.node, key);
      });
    }
    if (isSeq(node) && /^\d+$/.test(key)) {
      const item = node.items[Number(key)];
      return item === undefined ? [] : [{source, node: item, keyNode: item}];
    }
    return [];
  }

  /**
   * The deepest location `segments` reach from `node`, with how many segments it matched: where several `allOf` parts
   * have the next key, the one that goes furthest (a property that only a later part has, under a name an earlier
   * part has too).
   */
  private walk(
    current: {source: SourceFile; node: unknown},
    segments: readonly (string | number)[],
    i: number,
    at: SourceLocation,
  ): {location: SourceLocation; depth: number} {
    if (i === segments.length) return {location: {...at, exact: true}, depth: i};
    const here = this.follow(current.source, current.node);
    let best = {location: {...at, exact: false}, depth: i};
    for (const next of this.children(here.source, here.node, String(segments[i]))) {
      const location = {file: next.source.file, line: this.lineOf(next.source, next.keyNode as Node), exact: false};
      const found = this.walk({source: next.source, node: next.node}, segments, i + 1, location);
      if (found.depth > best.depth) best = found;
      if (found.location.exact) break;
    }
    // An `allOf` part the source does not have: a merge made it (api-smart-diff wraps each variant of a `oneOf` that
    // has siblings as `allOf: [siblings, variant]`), so the path goes on from the same schema.
    if (best.depth === i && segments[i] === 'allOf' && /^\d+$/.test(String(segments[i + 1] ?? ''))) {
      const skipped = this.walk(current, segments, i + 2, at);
      if (skipped.depth > best.depth) return skipped;
    }
    return best;
  }

  /** The source line of `segments` (a path into the bundled document of the API whose root file is `rootFile`). */
  locate(rootFile: string, segments: readonly (string | number)[]): SourceLocation | undefined {
    const root = this.load(rootFile);
    if (!root) return undefined;
    return this.walk({source: root, node: root.doc.contents as unknown}, segments, 0, {file: root.file, line: 1, exact: segments.length === 0}).location;
  }
}
