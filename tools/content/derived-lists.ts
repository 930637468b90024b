/**
 * Derived, never copied: a hand-written list or table that names three or more operations, events, statuses, error
 * codes or scopes enumerates what the spec owns, and stops being complete the day the spec grows. Such a block must
 * be a `::spec-table` directive instead (src/plugins/spec-tables/), which renders it from the spec at build time.
 *
 * What a block names: operations as `METHOD /path` or as links to their reference pages; events as `type` in code or
 * links to their pages; status values, error codes and scopes in code. A list is consecutive list-item lines (with
 * their indented continuations), a table consecutive `|` lines; fenced code is not prose.
 *
 * A block that is guidance rather than an enumeration (what to do for each failure of one guide's step) may stay
 * hand-written when the line right above it says why, as an MDX comment: `{/* prose-list: <why> *\/}`.
 */
import type {SpecFacts} from '../../src/plugins/spec-tables/spec-facts';
import {splitFences, templatePattern} from './content-check';

export const DERIVED_LIST_THRESHOLD = 3;
const EXEMPTION = /^\s*\{\/\*\s*prose-list:\s*\S.*\*\/\}\s*$/;

export interface ListProblem {
  line: number;
  message: string;
}

type Kind = 'operations' | 'events' | 'statuses' | 'error codes' | 'scopes';

const DIRECTIVE_FOR: Record<Kind, string> = {
  operations: '::spec-table{operations="<tag>"} or ::spec-table{lists}',
  events: '::spec-table{events="<prefix>"}',
  statuses: '::spec-table{schema="<Name>Status"}',
  'error codes': '::spec-table{errors}',
  scopes: '::spec-table{scopes}',
};

interface Block {
  line: number;
  kind: 'list' | 'table';
  /** Its rows (table) or items (list, with their continuation lines). */
  rows: string[];
  exempt: boolean;
}

/** The blocks of a page: runs of list-item or table lines, with the line each starts on (1-based). */
function blocks(prose: string): Block[] {
  const lines = prose.split('\n');
  const out: Block[] = [];
  let current: Block | null = null;
  lines.forEach((l, i) => {
    const kind = /^\s*\|/.test(l) ? 'table' : /^\s*(?:[-*+]|\d+[.)])\s/.test(l) ? 'list' : null;
    // A loose list goes on across blank lines (and blanked code) to its next item or indented paragraph.
    const next = lines.slice(i + 1).find((n) => n.trim() !== '') ?? '';
    const looseGap = current?.kind === 'list' && l.trim() === '' && /^\s*(?:(?:[-*+]|\d+[.)])\s|\s{2,}\S)/.test(next);
    const continuation = current?.kind === 'list' && kind === null && (looseGap || /^\s{2,}\S/.test(l));
    if (kind && current?.kind === kind) current.rows.push(l);
    else if (continuation) current!.rows[current!.rows.length - 1] += `\n${l}`;
    else {
      if (current) out.push(current);
      current = null;
      if (kind) {
        // The exemption comment may sit right above, or above one blank line.
        const above = [lines[i - 1] ?? '', lines[i - 2] ?? ''].find((a) => a.trim() !== '') ?? '';
        current = {line: i + 1, kind, rows: [l], exempt: EXEMPTION.test(above)};
      }
    }
  });
  if (current) out.push(current);
  return out;
}

/**
 * The subject of a row: a table row's first cell, or a list item's lead (up to its first `: `, ` — ` or ` (`), where
 * an enumeration names its items; "- [Create an account](…): `POST /accounts`" is about one operation.
 */
function subject(row: string, kind: Block['kind']): string {
  if (kind === 'table') return row.trim().replace(/^\|/, '').split('|')[0] ?? '';
  const item = row.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '');
  const end = [/:\s/, /\s—\s/, /\s\(/].map((re) => re.exec(item)?.index ?? item.length);
  return item.slice(0, Math.min(...end));
}

/** What a block of prose names, by kind (distinct names). */
export function namedInBlock(text: string, facts: SpecFacts): Record<Kind, Set<string>> {
  const found: Record<Kind, Set<string>> = {operations: new Set(), events: new Set(), statuses: new Set(), 'error codes': new Set(), scopes: new Set()};
  const endpoints = facts.operations.map((o) => ({op: o, pattern: templatePattern(o.path)}));
  for (const m of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\s+(\/[A-Za-z0-9_{}/.-]*)/g)) {
    const p = m[2].replace(/^\/v1(?=\/)/, '').replace(/[.,;:)]+$/, '');
    const hit = endpoints.find((e) => e.op.method === m[1] && (e.op.path === p || e.pattern.test(p)));
    if (hit) found.operations.add(hit.op.operationId);
  }
  for (const m of text.matchAll(/\]\((\/docs\/[^)#\s]+)/g)) {
    const route = m[1].replace(/\/$/, '');
    const op = facts.operations.find((o) => o.route === route);
    if (op) found.operations.add(op.operationId);
    const event = facts.events.find((e) => e.route === route);
    if (event) found.events.add(event.type);
  }
  const events = new Set(facts.events.map((e) => e.type));
  const scopes = new Set(facts.scopes);
  const statusesNamed = new Set<string>();
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const token = m[1].trim();
    if (events.has(token)) found.events.add(token);
    statusesNamed.add(token);
    if (facts.errorCodes.has(token)) found['error codes'].add(token);
    if (scopes.has(token)) found.scopes.add(token);
  }
  // Statuses count per status schema: `pending` of one object and `approved` of another are not one list.
  for (const values of facts.statuses.values()) {
    const here = values.filter((v) => statusesNamed.has(v));
    if (here.length > found.statuses.size) found.statuses = new Set(here);
  }
  return found;
}

/**
 * Every hand-written block of `text` (a page) that enumerates three or more of one kind of spec fact: three rows or
 * items about one each, or one row or item that names three.
 */
export function checkDerivedLists(text: string, facts: SpecFacts): ListProblem[] {
  const problems: ListProblem[] = [];
  for (const block of blocks(splitFences(text).prose)) {
    if (block.exempt) continue;
    const rows = block.kind === 'table' ? block.rows.filter((r) => !/^\s*\|[\s|:-]+\|\s*$/.test(r)).slice(1) : block.rows;
    for (const kind of Object.keys(DIRECTIVE_FOR) as Kind[]) {
      const subjects = new Set(rows.flatMap((r) => [...namedInBlock(subject(r, block.kind), facts)[kind]]));
      const widest = rows.map((r) => [...namedInBlock(r, facts)[kind]]).reduce((a, b) => (b.length > a.length ? b : a), [] as string[]);
      const names = subjects.size >= widest.length ? [...subjects] : widest;
      if (names.length < DERIVED_LIST_THRESHOLD) continue;
      problems.push({
        line: block.line,
        message: `a hand-written ${block.kind} names ${names.length} ${kind} (${names.slice(0, 4).join(', ')}${names.length > 4 ? ', …' : ''}): render it from the spec with ${DIRECTIVE_FOR[kind]}, or say why it is guidance with {/* prose-list: … */} right above it`,
      });
    }
  }
  return problems;
}
