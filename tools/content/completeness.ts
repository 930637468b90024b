/**
 * Completeness: every operation, event, status value, error code and scope of the spec is mentioned by its owner page
 * (tools/content/owners.ts), as the reader gets the page, `::spec-table`s rendered. A new operation or event then
 * cannot land without its owner page knowing it; an owner page that renders its list from the spec is complete by
 * construction, and one that retypes it fails here the day the spec grows.
 *
 * Mentioned means: an operation by a link to its reference page or as `METHOD /path`; an event, status value, error
 * code or scope as inline code (or, for an event, a link to its page). An omission has no line in the page: a message
 * names the page and the `file:line` where the spec defines the item (for a scope, the first operation needing it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {SpecFacts} from '../../src/plugins/spec-tables/spec-facts';
import {ERROR_CODE_OWNER, EVENT_OWNER, OPERATION_OWNERS, SANDBOX_OWNER, SCOPE_OWNER, STATUS_OWNERS} from './owners';
import {renderPage, type RenderedPage} from './rendered';

export interface Missing {
  /** The owner page, relative to the site. */
  page: string;
  /** Where the spec defines the item, `file:line`. */
  where: string;
  message: string;
}

type Render = (page: string) => Promise<RenderedPage>;

export const renderFromDisk =
  (siteDir: string): Render =>
  (page) =>
    renderPage(siteDir, page, fs.readFileSync(path.join(siteDir, page), 'utf8'));

interface Duty {
  page: string;
  mentioned: (p: RenderedPage) => boolean;
  what: string;
  /** `file:line` of the item in the spec. */
  where: string;
}

/** What each owner page must mention, with a message naming the item and where the spec defines it. */
function duties(facts: SpecFacts): Duty[] {
  const out: Duty[] = [];
  const problems: string[] = [];
  for (const op of facts.operations) {
    const mentioned = (p: RenderedPage) => p.links.has(op.route) || p.code.has(`${op.method} ${op.path}`) || p.text.includes(`${op.method} ${op.path}`);
    const what = `the operation ${op.operationId} (${op.method} ${op.path})`;
    const where = `${op.file}:${op.line}`;
    const owner = OPERATION_OWNERS[op.tag];
    if (!owner) problems.push(`${where}: the tag "${op.tag}" of ${op.operationId} has no owner page in tools/content/owners.ts`);
    else out.push({page: owner, mentioned, what, where});
    if (op.sandboxOnly) out.push({page: SANDBOX_OWNER, mentioned, what, where});
  }
  for (const e of facts.events) {
    out.push({page: EVENT_OWNER, mentioned: (p) => p.code.has(e.type) || p.links.has(e.route), what: `the event ${e.type}`, where: `${e.file}:${e.line}`});
  }
  for (const [schema, values] of facts.statuses) {
    const owners = STATUS_OWNERS[schema];
    if (!owners)
      problems.push(`${facts.statusWhere.get(`${schema}.${values[0]}`) ?? schema}: the status schema ${schema} has no owner page in tools/content/owners.ts`);
    for (const page of owners ?? []) {
      for (const v of values)
        out.push({page, mentioned: (p) => p.code.has(v), what: `the ${schema} value ${v}`, where: facts.statusWhere.get(`${schema}.${v}`) ?? schema});
    }
  }
  for (const [c, {where}] of facts.errorCodes) out.push({page: ERROR_CODE_OWNER, mentioned: (p) => p.code.has(c), what: `the error code ${c}`, where});
  for (const s of facts.scopes) {
    const first = facts.operations.find((o) => o.scopes.includes(s));
    out.push({
      page: SCOPE_OWNER,
      mentioned: (p) => p.code.has(s),
      what: `the scope ${s}${first ? ` (${first.operationId} needs it)` : ''}`,
      where: first ? `${first.file}:${first.line}` : s,
    });
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return out;
}

/** Every item of the spec its owner page does not mention, as `page: does not mention … (file:line)`. */
export async function checkCompleteness(facts: SpecFacts, render: Render): Promise<Missing[]> {
  const pages = new Map<string, Promise<RenderedPage>>();
  const missing: Missing[] = [];
  for (const duty of duties(facts)) {
    if (!pages.has(duty.page)) pages.set(duty.page, render(duty.page));
    if (!duty.mentioned(await pages.get(duty.page)!))
      missing.push({page: duty.page, where: duty.where, message: `does not mention ${duty.what}, which it owns (${duty.where})`});
  }
  return missing;
}
