/**
 * The spec-governance diff (issue #12): compares two snapshots of the spec (a release and the working spec, or
 * two releases) and classifies every change as breaking, non-breaking, deprecation or documentation, per
 * operation, parameter, header, request and response field, enum value, security requirement, webhook event
 * and server. api-smart-diff finds the differences (./engine.ts); ./classify.ts and ./document.ts classify them
 * by the rules of ./rules.ts; ./policy.ts decides which breaking changes may ship.
 */
import {specPath} from '../../src/data/api-table';
import type {SpecChange} from '../../src/data/spec-changes';
import {compareAsyncApi} from './asyncapi';
import {alignAllOf, allOfReorderedFinding, classifyDiffs, type Finding} from './classify';
import {documentFindings} from './document';
import {compareOpenApi} from './engine';
import {readSameValues} from './same-values';
import {SourceLocator} from '../openapi/locate';
import {methodRank, operationOfMethod} from '../openapi/document';
import {describe, operationLabel} from './messages';
import {CLASSIFICATION_RULES, type ClassifiedChange} from './rules';
import type {SpecDocument, SpecSnapshot} from './snapshots';
import {isObject, type UnknownObject} from '../openapi/json';
import {encodePointer, getIn, methodApart, methodsApart, OPERATION_SECTIONS, operationsOf} from './walk';

export {listReleases, loadRelease, loadReleaseChanges, loadWorkingSpec, latestRelease, compareVersions, parseVersion} from './snapshots';
export type {SpecSnapshot, SpecDocument} from './snapshots';
export type {ClassifiedChange} from './rules';

export interface DiffOptions {
  /** Give each change of the working spec its source `file:line` (default: when `head` is the working spec). */
  locations?: boolean;
}

/** Every operation of a document, added (a new API) or removed (an API that went). */
function wholeApiFindings(doc: UnknownObject, added: boolean): Finding[] {
  return operationsOf(doc).map((e) => {
    const webhook = e.section === 'webhooks';
    return {
      operation: added ? {section: e.section, headKey: e.key, method: e.method} : {section: e.section, baseKey: e.key, method: e.method},
      target: webhook ? 'webhook' : 'operation',
      action: added ? 'added' : 'removed',
      rule: webhook ? (added ? 'webhook-added' : 'webhook-removed') : added ? 'operation-added' : 'operation-removed',
      name: '',
      path: e.path,
      inBase: !added,
      removedValue: added ? undefined : e.operation,
    } satisfies Finding;
  });
}

/**
 * A document as the structural comparison reads it: without its version and tags (./document.ts compares those),
 * each operation of an OpenAPI 3.2 method apart (./walk.ts methodsApart); `inPlace` puts its findings back.
 */
function engineView(doc: UnknownObject): UnknownObject {
  const {openapi: _version, tags: _tags, ...rest} = methodsApart(doc);
  return rest;
}

/** A finding of the documents `engineView` made, with the keys and methods of the documents themselves. */
function inPlace(f: Finding): Finding {
  const op = f.operation;
  const [section, key] = f.path;
  const moved = (OPERATION_SECTIONS as readonly unknown[]).includes(section) && typeof key === 'string' && methodApart(key, '').key !== key;
  if (!op && !moved) return f;
  const back = (k: string | undefined) => (k === undefined || !op ? k : methodApart(k, op.method).key);
  return {
    ...f,
    ...(op
      ? {operation: {...op, baseKey: back(op.baseKey), headKey: back(op.headKey), method: methodApart(op.headKey ?? op.baseKey ?? '', op.method).method}}
      : {}),
    ...(moved ? {path: unmoved(f.path)} : {}),
    ...(moved && f.headPath ? {headPath: unmoved(f.headPath)} : {}),
  };
}

/** A path under a method key the engine view made (`<path> <method>`) as the path item and its method. */
function unmoved([section, key, , ...rest]: (string | number)[]): (string | number)[] {
  return [section, methodApart(String(key), '').key, methodApart(String(key), '').method, ...rest];
}

/**
 * A finding's path as the document has it: an operation of a path item's `additionalOperations` (OpenAPI 3.2), which
 * the comparison sees under its lower-case method (./walk.ts inlineAdditionalOperations), is put back where it is.
 */
function sourcePath(doc: UnknownObject | undefined, path: (string | number)[]): (string | number)[] {
  const [section, key, method, ...rest] = path;
  if (!(OPERATION_SECTIONS as readonly unknown[]).includes(section) || typeof method !== 'string') return path;
  const item = getIn(doc, [section, key]);
  if (!isObject(item) || method in item) return path;
  const at = operationOfMethod(item, method);
  return at ? [section, key, ...at.keys, ...rest] : path;
}

function toChange(
  api: string,
  f: Finding,
  base: UnknownObject | undefined,
  head: UnknownObject | undefined,
  locator: SourceLocator | undefined,
): ClassifiedChange {
  const op = f.operation;
  let operation: SpecChange['operation'];
  let summary: string | undefined;
  if (op) {
    const removed = f.inBase && (f.rule === 'operation-removed' || f.rule === 'webhook-removed');
    const doc = removed || !op.headKey ? base : head;
    const key = (removed || !op.headKey ? op.baseKey : op.headKey) ?? '';
    const item = getIn(doc, [op.section, key]);
    const at = isObject(item) ? operationOfMethod(item, op.method) : undefined;
    const value = at && isObject(item) ? getIn(doc, [op.section, key, ...at.keys]) : undefined;
    const o = isObject(value) ? value : {};
    summary = typeof o.summary === 'string' ? o.summary : undefined;
    operation = {
      method: op.section === 'webhooks' ? 'event' : op.method,
      path: key,
      ...(typeof o.operationId === 'string' ? {operationId: o.operationId} : {}),
      ...(typeof o['x-doc-slug'] === 'string' ? {docSlug: o['x-doc-slug']} : {}),
    };
  }
  const path = sourcePath(f.inBase ? base : head, f.path);
  const label = operation ? operationLabel(operation.method, operation.path) : undefined;
  const change: SpecChange = {
    api,
    kind: CLASSIFICATION_RULES[f.rule],
    action: f.action,
    target: f.target,
    ...(operation ? {operation} : {}),
    pointer: encodePointer(f.rule === 'webhook-added' || f.rule === 'webhook-removed' ? path.slice(0, 2) : path),
    message: describe(f, label, summary),
  };
  if (locator) {
    const located = f.inBase && f.headPath ? sourcePath(head, f.headPath) : path;
    const at = locator.locate(specPath(api as never), f.inBase && !f.operation?.headKey ? path.slice(0, 2) : located);
    if (at) change.location = {file: at.file, line: at.line};
  }
  return {change, rule: f.rule, ...(f.removedValue !== undefined ? {removedValue: f.removedValue} : {})};
}

/**
 * Changelog order: by API; document-level changes first; then by operation, in the order of the head document
 * (operations that went, in the order of the base), methods in their usual order; then in the order found.
 */
function sortChanges(changes: ClassifiedChange[], apiOrder: string[], pathOrder: Map<string, string[]>): ClassifiedChange[] {
  const rank = (c: SpecChange): [number, number, number, number] => {
    if (!c.operation) return [apiOrder.indexOf(c.api), 0, 0, 0];
    const section = c.operation.method === 'event' ? 'webhooks' : 'paths';
    const keys = pathOrder.get(`${c.api}\0${section}`) ?? [];
    return [apiOrder.indexOf(c.api), section === 'paths' ? 1 : 2, keys.indexOf(c.operation.path), methodRank(c.operation.method)];
  };
  return changes
    .map((c, i) => ({c, i, r: rank(c.change)}))
    .sort((a, b) => a.r[0] - b.r[0] || a.r[1] - b.r[1] || a.r[2] - b.r[2] || a.r[3] - b.r[3] || a.i - b.i)
    .map(({c}) => c);
}

/** The keys of `paths` and `webhooks` of each API, head first, then those only the base has. */
function pathOrderOf(apis: string[], base: SpecSnapshot | undefined, head: SpecSnapshot): Map<string, string[]> {
  const order = new Map<string, string[]>();
  for (const api of apis) {
    for (const section of ['paths', 'webhooks']) {
      const keysOf = (doc: unknown) => (isObject(doc) && isObject(doc[section]) ? Object.keys(doc[section] as UnknownObject) : []);
      order.set(`${api}\0${section}`, [...new Set([...keysOf(head.apis[api]), ...keysOf(base?.apis[api])])]);
    }
  }
  return order;
}

/** Every classified change from `base` (undefined: nothing released yet) to `head`, with its rule. */
export function classifySpecs(base: SpecSnapshot | undefined, head: SpecSnapshot, opts: DiffOptions = {}): ClassifiedChange[] {
  const locator = (opts.locations ?? head.version === 'working') && head.siteDir ? new SourceLocator(head.siteDir) : undefined;
  const apis = [...new Set([...Object.keys(head.apis), ...Object.keys(base?.apis ?? {})])];
  const out: ClassifiedChange[] = [];
  for (const api of apis) {
    const b = base?.apis[api] as UnknownObject | undefined;
    const h = head.apis[api] as UnknownObject | undefined;
    let findings: Finding[];
    if (!b || !h) findings = wholeApiFindings((b ?? h)!, !b);
    // Most documents of a working spec equal their release: skip the structural diff for those.
    else if (JSON.stringify(b) === JSON.stringify(h)) findings = [];
    else {
      // The same values written two ways (a nullable union or named schema, a `$ref` with words or inline): see readSameValues.
      const [viewB, nullableH] = readSameValues(engineView(b), engineView(h));
      // allOf parts compared by what they say, not by position: see alignAllOf.
      const {head: viewH, reordered, headPath} = alignAllOf(viewB, nullableH);
      const found = classifyDiffs(viewB, viewH, compareOpenApi(viewB, viewH)).map((f) =>
        f.inBase ? {...f, headPath: headPath(f.path)} : {...f, path: headPath(f.path)},
      );
      findings = [...documentFindings(b, h), ...reordered.map((at) => allOfReorderedFinding(viewH, at)), ...found.map(inPlace)];
    }
    out.push(...findings.map((f) => toChange(api, f, b, h, h ? locator : undefined)));
  }
  out.push(...compareAsyncApi(base?.websocket as SpecDocument | undefined, head.websocket as SpecDocument | undefined));
  return sortChanges(out, [...apis, 'websocket'], pathOrderOf(apis, base, head));
}

/** Every change from `base` (undefined: nothing released yet) to `head`, as the changelog records it. */
export function diffSpecs(base: SpecSnapshot | undefined, head: SpecSnapshot, opts: DiffOptions = {}): SpecChange[] {
  return classifySpecs(base, head, opts).map((c) => c.change);
}
