/**
 * Guides built on the workflows (issue #29): a page shows a request of a journey by embedding the workflow's step,
 * `::workflow-step{workflow="onboard-account" step="create-account"}` on a line of its own, which the build replaces
 * with that step's samples as its workflow page has them (src/plugins/workflow-steps/remark.ts). The workflow is what CI runs
 * against the mock, so a guide's request and its journey cannot differ.
 *
 * The check (`npm run lint:api`, and tests/spec/one-process/workflow-guides.test.ts): every directive names a step that exists,
 * and no page copies a request a workflow covers: a hand-written `curl` request (tools/docs/doc-requests.ts) shown
 * answering a 2xx, to an operation a workflow step calls with at least the query parameters, headers and body
 * fields the request sends, is reported with the steps to embed instead. A request that shows what no step does
 * (the `sort` parameter of a list) stays hand-written, and so does an error example (a request shown answering only
 * 4xx or 5xx): neither is a step of a journey.
 */
import fs from 'node:fs';
import path from 'node:path';
import {API_SPECS, specPath} from '../../../data/api-table';
import {docPages, extractPage, WORKFLOW_STEP_DIRECTIVE, type DocRequest} from '../../../../tools/docs/doc-requests';
import type {ApiDocument} from '../../../../tools/openapi/document';
import {loadFreshApi} from '../../../../tools/openapi/load';
import {fileState} from '../../../../tools/openapi/spec-files';
import {findOperation} from '../../../../tools/spec/spec-lookup';
import {stepKey, workflowPages, type StepEmbed} from './pages';
import {workflowFiles} from '../../../../tools/workflows/workflows';

interface Loaded {
  apis: Map<string, ApiDocument>;
  steps: Map<string, StepEmbed>;
  /** The workflow pages' MDX by file name (`<workflowId>.mdx`), as `npm run gen:api` writes them. */
  pages: Map<string, string>;
}
/** Per site folder: the steps, with the bundles and the state of the workflow files they were built from. */
const loaded = new Map<string, {docs: ApiDocument[]; workflows: string; loaded: Loaded}>();

/**
 * Every step of every workflow of a site as a page embeds it, by `<workflowId>/<stepId>`: the eight APIs bundled
 * by the OpenAPI kernel and the workflow pages built from them, built again only when a bundle or a workflow file
 * changed (the build's Markdown loader and the checks ask for them page after page; the dev server's process lives
 * on through edits of the spec and the workflows).
 */
export async function workflowSteps(siteDir: string): Promise<Map<string, StepEmbed>> {
  return (await load(siteDir)).steps;
}

/** The workflow pages of a site, MDX by file name, built with the steps (src/plugins/workflow-steps reads their samples). */
export async function workflowPagesMdx(siteDir: string): Promise<Map<string, string>> {
  return (await load(siteDir)).pages;
}

async function load(siteDir: string): Promise<Loaded> {
  const key = path.resolve(siteDir);
  // The kernel keeps each bundle while the files it read stay as they were (lint:api's workflow check made them a
  // moment before, in the same process): the same documents, unless the spec changed.
  const docs = await Promise.all(API_SPECS.map((api) => loadFreshApi(specPath(api), {siteDir})));
  const workflows = workflowFiles(siteDir)
    .map((abs) => `${abs}:${fileState(abs)}`)
    .join('\n');
  const known = loaded.get(key);
  if (known && known.workflows === workflows && known.docs.every((doc, i) => doc === docs[i])) return known.loaded;
  const apis = new Map(API_SPECS.map((api, i) => [api, docs[i]]));
  const {steps, pages} = workflowPages(siteDir, apis);
  const fresh = {apis, steps, pages};
  loaded.set(key, {docs, workflows, loaded: fresh});
  return fresh;
}

/** The steps of a workflow, for a message: `create-account, read-kyc, …`. */
const stepsOf = (steps: Map<string, StepEmbed>, workflowId: string): string[] =>
  [...steps.values()].filter((s) => s.workflowId === workflowId).map((s) => s.stepId);

/** The problem with a directive's step, or undefined when it exists. */
export function unknownStep(steps: Map<string, StepEmbed>, workflowId: string, stepId: string): string | undefined {
  if (steps.has(stepKey(workflowId, stepId))) return undefined;
  const known = stepsOf(steps, workflowId);
  if (!known.length) return `no workflow "${workflowId}" in openapi/workflows/ (${[...new Set([...steps.values()].map((s) => s.workflowId))].join(', ')})`;
  return `workflow "${workflowId}" has no step "${stepId}" (its steps: ${known.join(', ')})`;
}

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
  const {apis, steps} = await load(siteDir);
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
