/**
 * The checks of the workflows that Redocly's Arazzo rules do not make (issue #29), run by `npm run lint:api`
 * (tools/workflows/lint.ts) against the eight APIs bundled by the OpenAPI kernel:
 *
 * - a document per journey, named after its one workflow, whose source descriptions are roots of the eight APIs;
 * - every step calls an `operationId` that exists in the source it names, with every parameter it sends declared
 *   by the operation and every required one sent, and a request body whose fields the request schema has;
 * - every `$response.body#/…` a success criterion or an output reads is a field of the step's success response,
 *   and every value a criterion promises for a field with an enum (a final status: `completed`, `approved`) is a
 *   value of that enum;
 * - every `$steps.<id>.outputs.<name>` names an output of an earlier step, every `$inputs.<name>` a declared input;
 * - the inputs' computed defaults (`x-default-midnight-utc` on the workflow: input name → days from today, read by
 *   src/data/workflow-step-run.ts) name string inputs and whole numbers of days.
 *
 * Each problem is `file:line: message`.
 */
import path from 'node:path';
import {API_SPECS, specPath} from '../../src/data/api-table';
import type {ChangeTarget} from '../../src/data/spec-changes';
import {MIDNIGHT_UTC_DEFAULT} from '../../src/data/workflow-step-run';
import type {ApiDocument, ApiOperation} from '../openapi/document';
import {isObject, type Json} from '../openapi/json';
import {loadFreshApi} from '../openapi/load';
import {parsePointer} from '../openapi/pointer';
import {allowedValues, schemasAt} from './schema-path';
import {parseOperationId, readWorkflowFile, workflowIdOfFile, type Step, type Workflow, type WorkflowFile} from './workflows';

const JSON_MEDIA = 'application/json';
/** A JSON media type of a response: `application/json`, `application/problem+json`. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json$/;
/** A simple condition comparing a runtime expression with a value: `$response.body#/status == 'completed'`. */
const COMPARISON = /^\s*(\$[^\s=!<>]+)\s*(==|!=)\s*(.+?)\s*$/;
const STEP_OUTPUT = /\$steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_.-]+)/g;
const INPUT = /\$inputs\.([A-Za-z0-9_-]+)/g;

/** A literal of a condition (`'completed'`, `201`, `true`), or undefined for a runtime expression. */
function literal(text: string): {value: Json} | undefined {
  if (/^'.*'$/.test(text) || /^".*"$/.test(text)) return {value: text.slice(1, -1)};
  if (/^-?\d+(\.\d+)?$/.test(text)) return {value: Number(text)};
  if (text === 'true' || text === 'false') return {value: text === 'true'};
  if (text === 'null') return {value: null};
  return undefined;
}

/** Calls `visit` with every string inside a value (a payload, a list of parameters) and the keys that lead to it. */
function eachString(value: unknown, keys: (string | number)[], visit: (text: string, keys: (string | number)[]) => void): void {
  if (typeof value === 'string') visit(value, keys);
  else if (Array.isArray(value)) value.forEach((v, i) => eachString(v, [...keys, i], visit));
  else if (isObject(value as Json)) for (const [k, v] of Object.entries(value as object)) eachString(v, [...keys, k], visit);
}

/** What a problem is about, so that the breaking-change gate can name the spec change behind it (tools/spec-diff/workflows.ts). */
export interface ProblemSubject {
  /** The operation the step calls (without `$sourceDescriptions.<name>.`). */
  operationId?: string;
  /** What of the operation the step uses and the spec lacks; `other` for what is the workflow's own (inputs, outputs). */
  target: ChangeTarget | 'response';
  /** The field (`trade.quote_id`), parameter name or enum value. */
  name?: string;
}

/** One problem of a workflow, where it is and what it is about. */
export interface WorkflowProblem extends ProblemSubject {
  file: string;
  line: number;
  message: string;
  workflowId?: string;
  stepId?: string;
}

/** `file:line: message`. */
export const problemLine = (p: WorkflowProblem): string => `${p.file}:${p.line}: ${p.message}`;

/** The problems of every workflow file given (absolute paths), as `file:line: message`. */
export async function checkWorkflows(siteDir: string, files: readonly string[]): Promise<string[]> {
  return (await workflowProblems(siteDir, files)).map(problemLine);
}

/** The problems of every workflow file given (absolute paths), each with its file, line and subject. */
export async function workflowProblems(siteDir: string, files: readonly string[]): Promise<WorkflowProblem[]> {
  const problems: WorkflowProblem[] = [];
  for (const abs of files) problems.push(...(await checkFile(siteDir, readWorkflowFile(abs, siteDir))));
  return problems;
}

async function checkFile(siteDir: string, wf: WorkflowFile): Promise<WorkflowProblem[]> {
  if (wf.errors.length) {
    return wf.errors.map((e) => {
      const m = /^(.*?):(\d+): (.*)$/.exec(e)!;
      return {file: m[1], line: Number(m[2]), message: m[3], target: 'other'};
    });
  }
  const problems: WorkflowProblem[] = [];
  const report: Report = (keys, message, subject = {target: 'other'}) => {
    const at = wf.where(...keys);
    const colon = at.lastIndexOf(':');
    const [, w, , s] = keys;
    const workflowId = keys[0] === 'workflows' && typeof w === 'number' ? wf.doc.workflows?.[w]?.workflowId : undefined;
    const stepId = workflowId !== undefined && keys[2] === 'steps' && typeof s === 'number' ? wf.doc.workflows[w as number].steps?.[s]?.stepId : undefined;
    problems.push({
      file: at.slice(0, colon),
      line: Number(at.slice(colon + 1)),
      message,
      ...subject,
      ...(workflowId ? {workflowId} : {}),
      ...(stepId ? {stepId} : {}),
    });
  };
  const {doc} = wf;
  const roots = new Map(API_SPECS.map((api) => [specPath(api), api]));

  // Sources: roots of the eight APIs, read relative to the workflow file.
  const sources = new Map<string, ApiDocument>();
  for (const [i, source] of (doc.sourceDescriptions ?? []).entries()) {
    const root = path
      .relative(siteDir, path.resolve(path.dirname(wf.abs), String(source.url)))
      .split(path.sep)
      .join('/');
    if (source.type !== 'openapi' || !roots.has(root)) {
      report(
        ['sourceDescriptions', i, 'url'],
        `source "${source.name}" must be an OpenAPI root of the eight APIs (${[...roots.keys()].join(', ')}), relative to this file; it is ${source.url}`,
      );
      continue;
    }
    try {
      sources.set(source.name, await loadFreshApi(root, {siteDir}));
    } catch (e) {
      report(['sourceDescriptions', i, 'url'], `${root} does not load: ${(e as Error).message}`);
    }
  }

  const workflows = doc.workflows ?? [];
  if (workflows.length !== 1) report(['workflows'], `a workflow document holds one journey; this one has ${workflows.length} workflows`);
  workflows.forEach((workflow, w) => {
    const expected = workflowIdOfFile(wf.file);
    if (workflow.workflowId !== expected)
      report(['workflows', w, 'workflowId'], `the file is named after its workflow: workflowId "${workflow.workflowId}" in ${expected}.arazzo.yaml`);
    checkWorkflow(workflow, ['workflows', w], sources, report);
  });
  return problems;
}

type Report = (keys: (string | number)[], message: string, subject?: ProblemSubject) => void;

function checkWorkflow(workflow: Workflow, at: (string | number)[], sources: Map<string, ApiDocument>, report: Report): void {
  const inputs = new Set(Object.keys(workflow.inputs?.properties ?? {}));
  const properties = (workflow.inputs?.properties ?? {}) as Record<string, {type?: unknown}>;
  const computed = (workflow as {[MIDNIGHT_UTC_DEFAULT]?: unknown})[MIDNIGHT_UTC_DEFAULT];
  if (computed !== undefined && (computed === null || typeof computed !== 'object' || Array.isArray(computed)))
    report([...at, MIDNIGHT_UTC_DEFAULT], `${MIDNIGHT_UTC_DEFAULT} maps input names to a whole number of days from today (-1: yesterday)`);
  else
    for (const [name, days] of Object.entries((computed ?? {}) as Record<string, unknown>)) {
      // A Run button computes it (src/data/workflow-step-run.ts): a whole number of days, for a declared string input.
      if (!Number.isInteger(days) || properties[name]?.type !== 'string')
        report(
          [...at, MIDNIGHT_UTC_DEFAULT, name],
          `${MIDNIGHT_UTC_DEFAULT}: "${name}" must be a string input of workflow ${workflow.workflowId} and its value a whole number of days from today (-1: yesterday); found ${JSON.stringify(days)} for ${properties[name] ? `type ${JSON.stringify(properties[name].type)}` : 'an undeclared input'}`,
        );
    }
  const outputsOf = new Map<string, Set<string>>();
  const checkRefs = (value: unknown, at: (string | number)[]) =>
    eachString(value, at, (text, keys) => {
      for (const [, stepId, name] of text.matchAll(STEP_OUTPUT)) {
        const outputs = outputsOf.get(stepId);
        if (!outputs) report(keys, `${text} reads step "${stepId}", which is not an earlier step of workflow ${workflow.workflowId}`);
        else if (!outputs.has(name))
          report(keys, `${text} reads output "${name}", which step "${stepId}" does not define (it defines: ${[...outputs].join(', ') || 'none'})`);
      }
      for (const [, name] of text.matchAll(INPUT)) {
        if (!inputs.has(name)) report(keys, `${text} reads input "${name}", which workflow ${workflow.workflowId} does not declare`);
      }
    });
  checkRefs(workflow.parameters, [...at, 'parameters']);
  const workflowParams = new Set((workflow.parameters ?? []).map((p) => `${p.in}:${p.name.toLowerCase()}`));

  (workflow.steps ?? []).forEach((step, s) => {
    const stepAt = [...at, 'steps', s];
    checkRefs(step.parameters, [...stepAt, 'parameters']);
    checkRefs(step.requestBody, [...stepAt, 'requestBody']);
    checkRefs(step.successCriteria, [...stepAt, 'successCriteria']);
    const found = findOperation(step, stepAt, sources, report);
    if (found) checkStep(step, stepAt, found, workflowParams, report);
    outputsOf.set(step.stepId, new Set(Object.keys(step.outputs ?? {})));
  });
  checkRefs(workflow.outputs, [...at, 'outputs']);
}

interface Found {
  api: ApiDocument;
  op: ApiOperation;
  label: string;
}

function findOperation(step: Step, at: (string | number)[], sources: Map<string, ApiDocument>, report: Report): Found | undefined {
  if (!step.operationId) {
    report(at, `step "${step.stepId}" calls no operationId (every step is an operation of the eight APIs)`);
    return undefined;
  }
  const {source, operationId} = parseOperationId(step.operationId);
  const candidates = source ? (sources.has(source) ? [[source, sources.get(source)!] as const] : []) : [...sources.entries()];
  if (source && !candidates.length) {
    report([...at, 'operationId'], `${step.operationId}: no source description is named "${source}"`, {operationId, target: 'other'});
    return undefined;
  }
  for (const [name, api] of candidates) {
    const op = api.operations().find((o) => o.operationId === operationId);
    if (op) return {api, op, label: `${operationId} (${op.method.toUpperCase()} ${op.key})`};
    if (source)
      report([...at, 'operationId'], `${step.operationId}: the ${name} API (${api.source?.file}) has no operation ${operationId}`, {
        operationId,
        target: 'operation',
      });
  }
  if (!source) report([...at, 'operationId'], `${step.operationId}: no source description has this operation`, {operationId, target: 'operation'});
  return undefined;
}

function checkStep(step: Step, at: (string | number)[], {api, op, label}: Found, workflowParams: Set<string>, report: Report): void {
  const about = (target: ProblemSubject['target'], name?: string): ProblemSubject => ({
    operationId: op.operationId,
    target,
    ...(name !== undefined ? {name} : {}),
  });
  // Parameters: declared by the operation, and every required one sent (Respect takes none from the spec once a
  // step lists any).
  const declared = new Map(op.parameters.map((p) => [`${String(p.parameter.in)}:${String(p.parameter.name).toLowerCase()}`, p.parameter]));
  const sent = new Set(workflowParams);
  (step.parameters ?? []).forEach((p, i) => {
    const key = `${p.in}:${String(p.name).toLowerCase()}`;
    sent.add(key);
    if (!declared.has(key))
      report(
        [...at, 'parameters', i, 'name'],
        `${label} has no ${p.in} parameter "${p.name}" (it has: ${[...declared.keys()].join(', ')})`,
        about('parameter', p.name),
      );
  });
  for (const [key, parameter] of declared) {
    if (parameter.required === true && !sent.has(key))
      report(
        [...at, 'parameters'],
        `${label} requires the ${key.replace(':', ' parameter ')}, which step "${step.stepId}" does not send`,
        about('parameter', String(parameter.name)),
      );
  }

  // Request body: every field the payload sets is a field of the request schema, with a value its enum allows.
  const requestSchema = (() => {
    const body = api.resolve(op.operation.requestBody).node;
    const content = isObject(body) && isObject(body.content) ? body.content[JSON_MEDIA] : undefined;
    return isObject(content) ? content.schema : undefined;
  })();
  if (step.requestBody?.payload !== undefined) {
    if (requestSchema === undefined) report([...at, 'requestBody'], `${label} takes no JSON request body`, about('request-field'));
    else
      checkPayload(api, requestSchema, step.requestBody.payload as Json, [], [...at, 'requestBody', 'payload'], label, (keys, message, subject) =>
        report(keys, message, {...subject, operationId: op.operationId} as ProblemSubject),
      );
  }

  // Responses: the success status the criteria expect (else every 2xx), and the fields criteria and outputs read.
  const responses = api.resolve(op.operation.responses).node;
  const expected = (step.successCriteria ?? []).map((c) => /^\s*\$statusCode\s*==\s*(\d{3})\s*$/.exec(c.condition)?.[1]).filter((s): s is string => Boolean(s));
  const statuses = expected.length ? expected : Object.keys(isObject(responses) ? responses : {}).filter((s) => s.startsWith('2'));
  for (const status of expected) {
    if (!isObject(responses) || responses[status] === undefined)
      report([...at, 'successCriteria'], `${label} documents no ${status} response`, about('response', status));
  }
  // An error status answers application/problem+json: any JSON media type of the response is what the body is.
  const responseSchemas = statuses.flatMap((status) => {
    const response = isObject(responses) ? api.resolve(responses[status]).node : undefined;
    const media = isObject(response) && isObject(response.content) ? response.content : {};
    return Object.entries(media).flatMap(([type, content]) =>
      JSON_TYPE.test(type) && isObject(content) && content.schema !== undefined ? [content.schema] : [],
    );
  });
  const bodyField = (expression: string, keys: (string | number)[]): Json[] | undefined => {
    const m = /^\$response\.body#(\/.*)?$/.exec(expression);
    if (!m) return undefined;
    const tokens = m[1] ? parsePointer(`#${m[1]}`) : [];
    const reached = responseSchemas.flatMap((schema) => schemasAt(api, schema, tokens));
    if (!reached.length)
      report(keys, `${expression}: the ${statuses.join('/')} response of ${label} has no field ${m[1] ?? '(body)'}`, about('response-field', tokens.join('.')));
    return reached;
  };

  (step.successCriteria ?? []).forEach((criterion, c) => {
    const keys = [...at, 'successCriteria', c, 'condition'];
    if (criterion.type !== undefined) {
      // JSONPath and regex criteria: their context must still be something the response has.
      if (criterion.context) bodyField(criterion.context, [...at, 'successCriteria', c, 'context']);
      return;
    }
    const m = COMPARISON.exec(criterion.condition);
    if (!m) return;
    const [, left, , right] = m;
    const reached = bodyField(left, keys);
    const value = literal(right);
    if (!reached?.length || !value || typeof value.value !== 'string') return;
    const allowed = allowedValues(api, reached);
    if (allowed && !allowed.includes(value.value)) {
      report(
        keys,
        `${criterion.condition}: ${JSON.stringify(value.value)} is not a value of ${left.slice('$response.body#'.length)} in the ${statuses.join('/')} response of ${label} (${allowed.map((v) => JSON.stringify(v)).join(', ')})`,
        about('enum-value', value.value),
      );
    }
  });
  for (const [name, expression] of Object.entries(step.outputs ?? {})) bodyField(expression, [...at, 'outputs', name]);
}

function checkPayload(api: ApiDocument, schema: Json, payload: Json, tokens: string[], keys: (string | number)[], label: string, report: Report): void {
  if (typeof payload === 'string' && payload.startsWith('$')) return; // a runtime expression: checked by checkRefs
  if (isObject(payload)) {
    for (const [key, value] of Object.entries(payload)) {
      if (!schemasAt(api, schema, [...tokens, key]).length)
        report([...keys, key], `${label}: the request body has no field ${[...tokens, key].join('.')}`, {
          target: 'request-field',
          name: [...tokens, key].join('.'),
        });
      else checkPayload(api, schema, value, [...tokens, key], [...keys, key], label, report);
    }
    return;
  }
  if (Array.isArray(payload)) {
    payload.forEach((item, i) => checkPayload(api, schema, item, [...tokens, String(i)], [...keys, i], label, report));
    return;
  }
  if (typeof payload !== 'string') return;
  const allowed = allowedValues(api, schemasAt(api, schema, tokens));
  if (allowed && !allowed.includes(payload))
    report(keys, `${label}: ${JSON.stringify(payload)} is not a value of ${tokens.join('.')} (${allowed.map((v) => JSON.stringify(v)).join(', ')})`, {
      target: 'enum-value',
      name: payload,
    });
}
