/**
 * The changes api-smart-diff compares by position or not at all: the OpenAPI version and the tags, servers (matched by URL, per document and for
 * operations that list their own) and security requirements (the effective ones of each operation: its own
 * `security`, else the document's), classified by what a client holding the old credentials can still call.
 */
import type {Finding, OperationRef} from './classify';
import {isObject, type UnknownObject} from '../openapi/json';
import {operationsOf, pathShape, type OperationEntry} from './walk';

interface Server {
  url: string;
  internal: boolean;
  index: number;
  raw: UnknownObject;
}

/**
 * The servers integrators call: an `x-internal: true` server (the local mock) is ours, offered by the API pages from
 * the roots and left out of the downloads (tools/spec/spec-bundle.ts), so its presence is no change of the API.
 */
const serversOf = (list: unknown): Server[] =>
  (Array.isArray(list) ? list : [])
    .filter(isObject)
    .map((s, index) => ({url: String(s.url), internal: s['x-internal'] === true, index, raw: s}))
    .filter((s) => !s.internal);

function compareServers(before: Server[], after: Server[], path: (string | number)[], op: OperationRef | undefined): Finding[] {
  const findings: Finding[] = [];
  const afterByUrl = new Map(after.map((s) => [s.url, s]));
  const beforeByUrl = new Map(before.map((s) => [s.url, s]));
  for (const s of before) {
    const now = afterByUrl.get(s.url);
    if (!now) {
      findings.push({operation: op, target: 'server', action: 'removed', rule: 'server-removed', name: s.url, path: [...path, s.index], inBase: true});
    } else if (JSON.stringify(now.raw) !== JSON.stringify(s.raw)) {
      findings.push({
        operation: op,
        target: 'server',
        action: 'changed',
        rule: 'documentation-changed',
        name: s.url,
        path: [...path, now.index],
        inBase: false,
      });
    }
  }
  for (const s of after) {
    if (!beforeByUrl.has(s.url))
      findings.push({operation: op, target: 'server', action: 'added', rule: 'server-added', name: s.url, path: [...path, s.index], inBase: false});
  }
  return findings;
}

/** Requirement items of one alternative: each scheme, and each scope as `scheme:scope`. */
function requirementItems(requirement: UnknownObject): Set<string> {
  const items = new Set<string>();
  for (const [scheme, scopes] of Object.entries(requirement)) {
    items.add(scheme);
    for (const scope of Array.isArray(scopes) ? scopes : []) items.add(`${scheme}:${String(scope)}`);
  }
  return items;
}

const effectiveSecurity = (doc: UnknownObject, op: UnknownObject): UnknownObject[] =>
  ((Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : []) as unknown[]).filter(isObject);

function compareSecurity(base: UnknownObject, head: UnknownObject, b: OperationEntry, h: OperationEntry, op: OperationRef): Finding[] {
  const union = (alts: UnknownObject[]) => new Set(alts.flatMap((a) => [...requirementItems(a)]));
  const before = union(effectiveSecurity(base, b.operation));
  const after = union(effectiveSecurity(head, h.operation));
  const path = Array.isArray(h.operation.security) ? [...h.path, 'security'] : ['security'];
  // A security scheme, or a scope of one (`scheme:scope`), that the operation requires now and did not, or no longer.
  const finding = (item: string, added: boolean): Finding => ({
    operation: op,
    target: 'security',
    action: added ? 'added' : 'removed',
    rule: added ? 'security-requirement-added' : 'security-requirement-removed',
    name: item.includes(':') ? item.slice(item.indexOf(':') + 1) : item,
    detail: item.includes(':') ? `scope of ${item.split(':')[0]}` : 'security scheme',
    path,
    inBase: false,
  });
  return [
    ...[...after].filter((item) => !before.has(item)).map((item) => finding(item, true)),
    ...[...before].filter((item) => !after.has(item)).map((item) => finding(item, false)),
  ];
}

/**
 * The document's OpenAPI version (3.1.0 to 3.2.0 changes no request or response) and its tags, matched by name
 * (OpenAPI 3.2 nests them with `parent`, `kind` and `summary`; a new tag above others shifts none of them): both
 * documentation. The structural comparison is handed the documents without them (./index.ts engineView).
 */
function versionAndTagFindings(base: UnknownObject, head: UnknownObject): Finding[] {
  const findings: Finding[] = [];
  const doc = (name: string, path: (string | number)[], detail: string, inBase = false): Finding => ({
    target: 'other',
    action: 'changed',
    rule: 'documentation-changed',
    name,
    detail,
    path,
    inBase,
  });
  if (base.openapi !== head.openapi) findings.push(doc('openapi', ['openapi'], `from ${String(base.openapi)} to ${String(head.openapi)}`));
  const tagsOf = (d: UnknownObject) =>
    new Map(
      (Array.isArray(d.tags) ? d.tags : [])
        .map((t, index) => ({t, index}))
        .filter(({t}) => isObject(t) && typeof t.name === 'string')
        .map(({t, index}) => [String((t as UnknownObject).name), {tag: t as UnknownObject, index}] as const),
    );
  const [before, after] = [tagsOf(base), tagsOf(head)];
  for (const [name, {tag, index}] of after) {
    const was = before.get(name);
    if (!was) {
      findings.push(doc('tags', ['tags', index], `\`${name}\` added`));
      continue;
    }
    const keys = [...new Set([...Object.keys(was.tag), ...Object.keys(tag)])].filter((k) => JSON.stringify(was.tag[k]) !== JSON.stringify(tag[k]));
    if (keys.length) findings.push(doc('tags', ['tags', index], `\`${name}\`: ${keys.map((k) => `\`${k}\``).join(', ')}`));
  }
  for (const [name, {index}] of before) if (!after.has(name)) findings.push(doc('tags', ['tags', index], `\`${name}\` removed`, true));
  return findings;
}

/** Version, tag, server and security findings of one API document. */
export function documentFindings(base: UnknownObject, head: UnknownObject): Finding[] {
  const findings = [...versionAndTagFindings(base, head), ...compareServers(serversOf(base.servers), serversOf(head.servers), ['servers'], undefined)];
  const headOps = operationsOf(head);
  const find = (b: OperationEntry) =>
    headOps.find(
      (h) => h.section === b.section && h.method === b.method && (h.key === b.key || (b.section === 'paths' && pathShape(h.key) === pathShape(b.key))),
    );
  for (const b of operationsOf(base)) {
    const h = find(b);
    if (!h) continue;
    const op: OperationRef = {section: b.section, baseKey: b.key, headKey: h.key, method: b.method};
    if (b.section === 'paths') findings.push(...compareSecurity(base, head, b, h, op));
    const own = (e: OperationEntry) => e.operation.servers ?? e.pathItem.servers;
    if (own(b) !== undefined || own(h) !== undefined) {
      const effective = (doc: UnknownObject, e: OperationEntry) => serversOf(own(e) ?? doc.servers);
      const where = h.operation.servers !== undefined ? [...h.path, 'servers'] : h.pathItem.servers !== undefined ? [h.section, h.key, 'servers'] : ['servers'];
      findings.push(...compareServers(effective(base, b), effective(head, h), where, op));
    }
  }
  return findings;
}
