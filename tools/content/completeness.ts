/**
 * Completeness: every operation, event, status value, error code and scope of the spec is mentioned by its owner page
 * (tools/content/owners.ts), as the reader gets the page, `::spec-table`s rendered. A new operation or event then
 * cannot land without its owner page knowing it; an owner page that renders its list from the spec is complete by
 * construction, and one that retypes it fails here the day the spec grows.
 *
 * Mentioned means: an operation by a link to its reference page or as `METHOD /path`; an event, status value, error
 * code or scope as inline code (or, for an event, a link to its page).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {SpecFacts} from '../spec-tables/spec-facts';
import {ERROR_CODE_OWNER, EVENT_OWNER, OPERATION_OWNERS, SANDBOX_OWNER, SCOPE_OWNER, STATUS_OWNERS} from './owners';
import {renderPage, type RenderedPage} from './rendered';

export interface Missing {
  /** The owner page, relative to the site. */
  page: string;
  message: string;
}

type Render = (page: string) => Promise<RenderedPage>;

export const renderFromDisk =
  (siteDir: string): Render =>
  (page) =>
    renderPage(siteDir, page, fs.readFileSync(path.join(siteDir, page), 'utf8'));

/** What each owner page must mention, with a message naming the item and where the spec defines it. */
function duties(facts: SpecFacts): {page: string; mentioned: (p: RenderedPage) => boolean; what: string}[] {
  const out: {page: string; mentioned: (p: RenderedPage) => boolean; what: string}[] = [];
  const problems: string[] = [];
  for (const op of facts.operations) {
    const mentioned = (p: RenderedPage) => p.links.has(op.route) || p.code.has(`${op.method} ${op.path}`) || p.text.includes(`${op.method} ${op.path}`);
    const what = `the operation ${op.operationId} (${op.method} ${op.path}, ${op.file})`;
    const owner = OPERATION_OWNERS[op.tag];
    if (!owner) problems.push(`${op.file}: the tag "${op.tag}" of ${op.operationId} has no owner page in tools/content/owners.ts`);
    else out.push({page: owner, mentioned, what});
    if (op.sandboxOnly) out.push({page: SANDBOX_OWNER, mentioned, what});
  }
  for (const e of facts.events) {
    out.push({page: EVENT_OWNER, mentioned: (p) => p.code.has(e.type) || p.links.has(e.route), what: `the event ${e.type} (${e.file})`});
  }
  for (const [schema, values] of facts.statuses) {
    const owners = STATUS_OWNERS[schema];
    if (!owners) problems.push(`openapi/components/schemas/${schema}.yaml: the status schema has no owner page in tools/content/owners.ts`);
    for (const page of owners ?? []) {
      for (const v of values) out.push({page, mentioned: (p) => p.code.has(v), what: `the ${schema} value ${v}`});
    }
  }
  for (const c of facts.errorCodes.keys()) out.push({page: ERROR_CODE_OWNER, mentioned: (p) => p.code.has(c), what: `the error code ${c}`});
  for (const s of facts.scopes) out.push({page: SCOPE_OWNER, mentioned: (p) => p.code.has(s), what: `the scope ${s}`});
  if (problems.length) throw new Error(problems.join('\n'));
  return out;
}

/** Every item of the spec its owner page does not mention, as `page: does not mention …`. */
export async function checkCompleteness(facts: SpecFacts, render: Render): Promise<Missing[]> {
  const pages = new Map<string, Promise<RenderedPage>>();
  const missing: Missing[] = [];
  for (const duty of duties(facts)) {
    if (!pages.has(duty.page)) pages.set(duty.page, render(duty.page));
    if (!duty.mentioned(await pages.get(duty.page)!)) missing.push({page: duty.page, message: `does not mention ${duty.what}, which it owns`});
  }
  return missing;
}
