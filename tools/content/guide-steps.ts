/**
 * The guides' workflow steps, checked (`npm run lint:api`, after the workflows themselves, and
 * tests/spec/one-process/workflow-guides.test.ts): a page shows a request of a journey by embedding the workflow's
 * step (`::workflow-step`, src/plugins/workflow-steps/remark.ts), so every directive must name a step that exists,
 * and no page may copy a request a workflow covers: a hand-written `curl` request (tools/docs/doc-requests.ts) shown
 * answering a 2xx, to an operation a workflow step calls with at least the query parameters, headers and body
 * fields the request sends, is reported with the steps to embed instead. A request that shows what no step does
 * (the `sort` parameter of a list) stays hand-written, and so does an error example (a request shown answering only
 * 4xx or 5xx): neither is a step of a journey.
 *
 * A check of the written pages, so in the checks layer: the steps are the workflow-steps feature's
 * (src/plugins/workflow-steps/generate/guide-steps.ts), which the kernel's workflow lint may not import.
 */
import fs from 'node:fs';
import path from 'node:path';
import {API_SPECS, specPath} from '../../src/data/api-table';
import {unknownStep, workflowSteps} from '../../src/plugins/workflow-steps/generate/guide-steps';
import {docPages, extractPage, WORKFLOW_STEP_DIRECTIVE, type DocRequest} from '../docs/doc-requests';
import {loadFreshApi} from '../openapi/load';
import {findOperation} from '../spec/spec-lookup';

/** Headers every request sends whatever it does (the key, the body's type, a fresh idempotency key). */
const ROUTINE_HEADERS = new Set(['authorization', 'content-type', 'accept', 'idempotency-key']);

/** What a hand-written request sends besides its path, in the words of StepEmbed.sends. */
function requestSends(req: DocRequest): string[] {
  const query = [...new URL(req.path, 'http://x').searchParams.keys()].map((name) => `query ${name}`);
  const headers = req.headers
    .map(([name]) => name.toLowerCase())
    .filter((name) => !ROUTINE_HEADERS.has(name))
    .map((name) => `header ${name}`);
  let body: unknown;
  try {
    body = req.body ? JSON.parse(req.body) : undefined;
  } catch {
    body = undefined; // not JSON: the docs-requests test reports it
  }
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).map((name) => `body ${name}`) : [];
  return [...new Set([...query, ...headers, ...fields])];
}

/**
 * The problems of the pages' workflow steps, as `file:line: message`: directives that name no step, and copied
 * requests that a workflow step covers (the steps that call the same operation are named, to embed one of them).
 */
export async function guideStepProblems(siteDir: string, pages = docPages(siteDir)): Promise<string[]> {
  const steps = await workflowSteps(siteDir);
  // The bundles the steps were built from: the kernel keeps each while its files stay as they were.
  const apis = new Map(await Promise.all(API_SPECS.map(async (api) => [api, await loadFreshApi(specPath(api), {siteDir})] as const)));
  /** The operation a request goes to (the docs-requests test's matcher), and its API: each path is in one API. */
  const operationOf = (req: DocRequest): {api: string; operationId: string} | undefined => {
    for (const [api, doc] of apis) {
      const op = findOperation(doc.doc, req.method, req.path);
      if (op) return {api, operationId: String(op.operation.operationId)};
    }
    return undefined;
  };
  const problems: string[] = [];
  for (const file of pages) {
    const {requests} = extractPage(file, fs.readFileSync(path.join(siteDir, file), 'utf8'));
    for (const req of requests) {
      if (req.step) {
        const problem = unknownStep(steps, req.step.workflow, req.step.step);
        if (problem) problems.push(`${file}:${req.line}: ::${WORKFLOW_STEP_DIRECTIVE}: ${problem}`);
        continue;
      }
      if (!req.statuses.some((s) => s.status >= 200 && s.status < 300)) continue;
      const op = operationOf(req);
      const sends = requestSends(req);
      const covering = op
        ? [...steps.values()].filter((s) => s.api === op.api && s.operationId === op.operationId && sends.every((x) => s.sends.includes(x)))
        : [];
      if (!op || !covering.length) continue;
      problems.push(
        `${file}:${req.line}: ${req.method} ${req.path} copies a request of ${op.operationId}, which ${covering.length === 1 ? 'a workflow step calls' : 'workflow steps call'}: ` +
          `embed the step instead, ${covering.map((s) => `::${WORKFLOW_STEP_DIRECTIVE}{workflow="${s.workflowId}" step="${s.stepId}"}`).join(' or ')}`,
      );
    }
  }
  return problems;
}

export interface GuideStepsReport {
  ok: boolean;
  output: string;
}

/**
 * lint:api's report of the guides' workflow steps: each problem with its `file:line`, or the line saying the pages
 * are clean. Run only once the workflows check clean (tools/workflows/lint.ts): the pages read them as they are.
 */
export async function lintGuideSteps(siteDir: string, pages = docPages(siteDir)): Promise<GuideStepsReport> {
  const problems = await guideStepProblems(siteDir, pages);
  return problems.length
    ? {
        ok: false,
        output: `✖ ${problems.length} page problem${problems.length === 1 ? '' : 's'} (tools/content/guide-steps.ts):\n${problems.map((p) => `  ${p}`).join('\n')}\n`,
      }
    : {ok: true, output: 'docs/: every ::workflow-step names a step, and no page copies a request a workflow step covers (tools/content/guide-steps.ts)\n'};
}
