/**
 * The journeys of openapi/workflows/: one Arazzo 1.0.1 document per journey, `<id>.arazzo.yaml`, whose steps call
 * operations of the eight APIs by `operationId` (issue #29). This module lists and reads them, with the line of
 * every node, so that every check reports `file:line`. Linted by tools/workflows/lint.ts (`npm run lint:api`),
 * run against the mock by tools/workflows/respect.ts (tests/spec/workflows.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {LineCounter, parseDocument, type Document} from 'yaml';
import {OPENAPI_DIR} from '../../src/data/api-table';

/** Where the workflows are, relative to the site. */
export const WORKFLOWS_DIR = `${OPENAPI_DIR}/workflows`;
export const WORKFLOW_SUFFIX = '.arazzo.yaml';

export interface Criterion {
  condition: string;
  context?: string;
  type?: string | {type: string; version?: string};
}

export interface Parameter {
  name: string;
  in?: string;
  value: unknown;
}

export interface Step {
  stepId: string;
  description?: string;
  operationId?: string;
  operationPath?: string;
  workflowId?: string;
  parameters?: Parameter[];
  requestBody?: {contentType?: string; payload?: unknown};
  successCriteria?: Criterion[];
  outputs?: Record<string, string>;
}

export interface Workflow {
  workflowId: string;
  summary?: string;
  description?: string;
  inputs?: {properties?: Record<string, unknown>; required?: string[]};
  parameters?: Parameter[];
  steps: Step[];
  outputs?: Record<string, string>;
}

export interface ArazzoDocument {
  arazzo: string;
  info: {title: string; summary?: string; description?: string; version: string};
  sourceDescriptions: {name: string; url: string; type?: string}[];
  workflows: Workflow[];
}

/** One workflow file, parsed, with the line of any of its nodes. */
export interface WorkflowFile {
  /** Relative to the site, with `/`. */
  file: string;
  /** Absolute. */
  abs: string;
  doc: ArazzoDocument;
  /** `file:line` of the node at `keys` (the nearest existing parent when the node is absent). */
  where: (...keys: (string | number)[]) => string;
  /** YAML syntax errors, as `file:line: message`. */
  errors: string[];
}

/** The workflow files of a site (absolute paths of openapi/workflows/*.arazzo.yaml), sorted. */
export function workflowFiles(siteDir: string): string[] {
  const dir = path.join(siteDir, WORKFLOWS_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(WORKFLOW_SUFFIX))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Reads a workflow file (`abs`), naming it relative to `siteDir` in every message. */
export function readWorkflowFile(abs: string, siteDir: string): WorkflowFile {
  const file = path.relative(siteDir, abs).split(path.sep).join('/');
  const lines = new LineCounter();
  const yaml: Document = parseDocument(fs.readFileSync(abs, 'utf8'), {lineCounter: lines});
  const lineOf = (keys: (string | number)[]): number => {
    for (let n = keys.length; n >= 0; n--) {
      const node = yaml.getIn(keys.slice(0, n), true) as {range?: [number, number, number]} | undefined;
      if (node?.range) return lines.linePos(node.range[0]).line;
    }
    return 1;
  };
  const errors = yaml.errors.map((e) => `${file}:${e.linePos?.[0]?.line ?? 1}: ${e.message.split('\n')[0]}`);
  const doc = (yaml.toJS() ?? {}) as ArazzoDocument;
  return {file, abs, doc, where: (...keys) => `${file}:${lineOf(keys)}`, errors};
}

/** The workflow id a file is named after (`onboard-account` for onboard-account.arazzo.yaml). */
export const workflowIdOfFile = (file: string): string => path.basename(file, WORKFLOW_SUFFIX);

/** `$sourceDescriptions.<name>.<operationId>` or a plain operationId, split. */
export function parseOperationId(value: string): {source?: string; operationId: string} {
  const m = /^\$sourceDescriptions\.([A-Za-z0-9_-]+)\.(.+)$/.exec(value);
  return m ? {source: m[1], operationId: m[2]} : {operationId: value};
}
