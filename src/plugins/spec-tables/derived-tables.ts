/**
 * The `::spec-table` forms that enumerate what the spec owns, built from its facts (spec-facts.ts) rather than from a
 * table written in a description:
 *   ::spec-table{operations="Accounts"}     the operations of one or more tags (comma-separated; empty: all), with
 *                                           endpoint and scope; `sandbox="exclude"` or `sandbox="only"` filters the
 *                                           sandbox-only simulations
 *   ::spec-table{lists}                     every list operation with its filters, sort values and default sort
 *                                           (the `default` of its `sort` parameter: the one statement of it)
 *   ::spec-table{scopes}                    every scope with the operations that need it
 *   ::spec-table{errors}                    every error code with its status, meaning and the operations that return it
 *   ::spec-table{rate-limits}               every rate limit (info.x-rate-limits) with the operations that name it
 *                                           (x-rate-limit) and its requests per key per window
 *   ::spec-table{events="withdrawal,deposit"}  the events whose type starts with one of those (the plain `events`
 *                                           form, all of them, is in remark-spec-tables.ts)
 */
import {DirectiveError} from './spec-files';
import {DEFAULT_RATE_LIMIT, type SpecFacts, type SpecOperationFact} from './spec-facts';
import type {MdNode} from './md-node';

export const DERIVED_FORMS = ['operations', 'lists', 'scopes', 'errors', 'rate-limits'] as const;

const text = (value: string): MdNode => ({type: 'text', value});
const code = (value: string): MdNode => ({type: 'inlineCode', value});
const cell = (children: MdNode[]): MdNode => ({type: 'tableCell', children});
const row = (cells: MdNode[]): MdNode => ({type: 'tableRow', children: cells});
const link = (url: string, children: MdNode[]): MdNode => ({type: 'link', url, children});
/** A description's text with its `code` spans kept as code. */
const prose = (value: string): MdNode[] =>
  value
    .split('`')
    .map((part, i) => (i % 2 ? code(part) : text(part)))
    .filter((n) => n.value !== '');

/** `a, b, c` from nodes, or an em dash for none. */
function joined(items: MdNode[][]): MdNode[] {
  if (items.length === 0) return [text('—')];
  return items.flatMap((item, i) => (i === 0 ? item : [text(', '), ...item]));
}

function table(header: string[], rows: MdNode[][][]): MdNode {
  return {type: 'table', align: header.map(() => null), children: [row(header.map((h) => cell([text(h)]))), ...rows.map((r) => row(r.map(cell)))]};
}

const opLink = (op: SpecOperationFact): MdNode[] => [link(op.route, [text(op.summary)])];
const endpoint = (op: SpecOperationFact): MdNode[] => [code(`${op.method} ${op.path}`)];

function operationsTable(facts: SpecFacts, attrs: Record<string, string>): MdNode {
  const tags = attrs.operations
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const known = new Set(facts.operations.map((o) => o.tag));
  const unknown = tags.filter((t) => !known.has(t));
  if (unknown.length)
    throw new DirectiveError(
      `operations="${attrs.operations}": no operation has the tag ${unknown.map((t) => `"${t}"`).join(', ')} (tags: ${[...known].join(', ')})`,
    );
  const sandbox = attrs.sandbox ?? 'include';
  if (!['include', 'exclude', 'only'].includes(sandbox)) throw new DirectiveError(`sandbox="${sandbox}": write include, exclude or only`);
  const ops = facts.operations.filter((o) => (tags.length === 0 || tags.includes(o.tag)) && (sandbox === 'include' || (sandbox === 'only') === o.sandboxOnly));
  if (ops.length === 0) throw new DirectiveError(`operations="${attrs.operations}" sandbox="${sandbox}": no operation`);
  return table(
    ['Operation', 'Endpoint', 'Scope'],
    ops.map((o) => [opLink(o), endpoint(o), joined(o.scopes.map((s) => [code(s)]))]),
  );
}

function listsTable(facts: SpecFacts): MdNode {
  const lists = facts.operations.filter((o) => o.sort.length > 0);
  if (lists.length === 0) throw new DirectiveError('no operation has a sort parameter: there is no list operation');
  return table(
    ['Operation', 'Endpoint', 'Filters', 'Sort', 'Default sort'],
    lists.map((o) => [
      opLink(o),
      endpoint(o),
      joined(o.filters.map((f) => [code(f)])),
      joined(o.sort.map((s) => [code(s)])),
      o.sortDefault === null ? [text('—')] : [code(o.sortDefault)],
    ]),
  );
}

function scopesTable(facts: SpecFacts): MdNode {
  if (facts.scopes.length === 0) throw new DirectiveError('no operation names a scope in its security requirement');
  return table(
    ['Scope', 'Operations'],
    facts.scopes.map((s) => [[code(s)], joined(facts.operations.filter((o) => o.scopes.includes(s)).map(opLink))]),
  );
}

function errorsTable(facts: SpecFacts): MdNode {
  const all = facts.operations.length;
  return table(
    ['Code', 'Status', 'Meaning', 'Returned by'],
    [...facts.errorCodes].map(([c, {status, meaning}]) => {
      const by = facts.operations.filter((o) => o.errors.includes(c));
      const returnedBy =
        by.length === all ? [text('Every operation')] : by.length > all / 2 ? [text(`${by.length} of the ${all} operations`)] : joined(by.map(opLink));
      return [[code(c)], [text(status)], prose(meaning), returnedBy];
    }),
  );
}

/**
 * One row per limit, in the list's order: its name, the operations counted against it (every other request for the
 * default), and its requests per key per window; the window is in the header when every limit has the same one.
 */
function rateLimitsTable(facts: SpecFacts): MdNode {
  const limits = facts.rateLimits;
  if (limits.length === 0) throw new DirectiveError('no API declares x-rate-limits in its info (openapi/components/x-rate-limits.yaml)');
  const windows = new Set(limits.map((l) => l.windowSeconds));
  const oneWindow = windows.size === 1 ? [...windows][0] : null;
  const byId = new Map(facts.operations.map((o) => [o.operationId, o]));
  const others = limits.some((l) => l.operationIds.length > 0) ? 'Every other request' : 'Every request';
  return table(
    ['Limit', 'Requests it counts', oneWindow === null ? 'Per key, per window' : `Per key, per ${oneWindow} s window`],
    limits.map((l) => [
      [text(l.name)],
      l.id === DEFAULT_RATE_LIMIT ? [text(others)] : joined(l.operationIds.map((id) => opLink(byId.get(id)!))),
      [text(oneWindow === null ? `${l.requests} per ${l.windowSeconds} s` : String(l.requests))],
    ]),
  );
}

/** The table of a derived form, or null when the directive is not one of them. */
export function derivedTable(facts: () => SpecFacts, attrs: Record<string, string>): MdNode | null {
  if ('operations' in attrs) return operationsTable(facts(), attrs);
  if ('lists' in attrs) return listsTable(facts());
  if ('scopes' in attrs) return scopesTable(facts());
  if ('errors' in attrs) return errorsTable(facts());
  if ('rate-limits' in attrs) return rateLimitsTable(facts());
  return null;
}
