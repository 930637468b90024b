/**
 * Steps that connect: on a page whose requests form a sequence (a task guide, getting started, the sandbox
 * walkthrough), every identifier or reference a request sends must come from somewhere the reader has seen: a
 * response body shown earlier on the page (```json title="<status> …", the convention of tools/docs/doc-requests.ts), or
 * a sentence before the request that names it in code and links the page it comes from
 * ("the account `acc_7Hq2LmX9pR4sT8vW` you created in [Create an account](/docs/guides/create-account-guide)").
 *
 * What a request sends: the resource ids in its path (`acc_…`, `wal_…`: a prefix and 16 characters), and in its
 * JSON body every string under a key ending in `_id`, and a `reference` shaped like a deposit reference.
 */
import {extractPage, type DocRequest} from '../docs/doc-requests';
import {splitFences} from './content-check';

/** The sequence pages: each walks one task request by request. */
export const SEQUENCE_PAGES = [
  'docs/api/getting-started.md',
  'docs/api/sandbox-environment.md',
  'docs/guides/banking-guide.md',
  'docs/guides/create-account-guide.md',
  'docs/guides/flow-of-fund-guide.md',
  'docs/guides/quotes-guide.md',
  'docs/guides/reconciliation-guide.md',
  'docs/guides/wallets-guide.md',
  'docs/guides/webhook-guide.md',
  'docs/guides/welcome-guide.md',
];

const RESOURCE_ID = /\b[a-z]{2,5}_[A-Za-z0-9]{16}\b/g;
/** A deposit reference of deposit instructions; a payout's `reference` is free text you choose. */
const DEPOSIT_REFERENCE = /^[A-Z0-9]{6,18}$/;

export interface StepProblem {
  line: number;
  message: string;
}

/** The identifiers a request sends, each with where in the request. */
export function sentIdentifiers(req: DocRequest): {value: string; where: string}[] {
  const out: {value: string; where: string}[] = [];
  for (const m of req.path.split('?')[0].matchAll(RESOURCE_ID)) out.push({value: m[0], where: 'its path'});
  let body: unknown;
  try {
    body = req.body ? JSON.parse(req.body) : undefined;
  } catch {
    return out; // not JSON: the docs-requests test reports bodies the mock rejects
  }
  const walk = (v: unknown, key: string) => {
    if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    // A `$NAME_ID` is a variable an earlier sample set from a response (tools/docs/doc-requests.ts).
    else if (typeof v === 'string' && !v.startsWith('$') && (/_id$/.test(key) || (key === 'reference' && DEPOSIT_REFERENCE.test(v))))
      out.push({value: v, where: `"${key}" of its body`});
  };
  walk(body, '');
  return out;
}

/** Every value a JSON text holds, as strings (ids and references are compared as written). */
function valuesOf(json: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    else if (typeof v === 'string') out.push(v);
  };
  try {
    walk(JSON.parse(json));
  } catch {
    out.push(...(json.match(/"[^"]*"/g) ?? []).map((s) => s.slice(1, -1)));
  }
  return out;
}

/** The problems of one page: each identifier sent that nothing earlier on the page returned or explained. */
export function checkSteps(file: string, markdown: string): StepProblem[] {
  const {requests} = extractPage(file, markdown);
  const prose = splitFences(markdown).prose.split('\n');
  // An identifier explained by a sentence: in code on a line that also links a page.
  const explainedAt = new Map<string, number>();
  prose.forEach((line, i) => {
    if (!/\]\(\/docs\//.test(line)) return;
    for (const m of line.matchAll(/`([^`\n]+)`/g)) if (!explainedAt.has(m[1])) explainedAt.set(m[1], i + 1);
  });
  const problems: StepProblem[] = [];
  const returned = new Map<string, number>();
  for (const req of requests) {
    for (const {value, where} of sentIdentifiers(req)) {
      const from = returned.get(value);
      const explained = explainedAt.get(value);
      if ((from !== undefined && from < req.line) || (explained !== undefined && explained < req.line)) continue;
      problems.push({
        line: req.line,
        message: `${req.method} ${req.path.split('?')[0]} sends ${value} in ${where}, which no earlier response on the page returned: show the step that returns it, or say where it comes from (the value in code and a link, before this request)`,
      });
    }
    for (const s of req.statuses) {
      if (!s.body || s.status >= 300) continue;
      for (const v of valuesOf(s.body.text)) if (!returned.has(v)) returned.set(v, s.line);
    }
  }
  return problems;
}
