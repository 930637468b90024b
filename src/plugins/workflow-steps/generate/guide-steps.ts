/**
 * The steps guides embed (issue #29): a page shows a request of a journey by embedding the workflow's step,
 * `::workflow-step{workflow="onboard-account" step="create-account"}` on a line of its own, which the build replaces
 * with that step's samples as its workflow page has them (../remark.ts). The workflow is what CI runs against the
 * mock, so a guide's request and its journey cannot differ.
 *
 * Here: every step of every workflow as a page embeds it, built by the workflow pages' writer (./pages.ts) and kept
 * while the spec and the workflows stay as they are, and the message for a directive that names no step. The check
 * that every directive names a step and that no page copies a request a step covers is the checks layer's
 * (tools/content/guide-steps.ts, run by `npm run lint:api`).
 */
import path from 'node:path';
import {API_SPECS, specPath} from '../../../data/api-table';
import type {ApiDocument} from '../../../../tools/openapi/document';
import {loadFreshApi} from '../../../../tools/openapi/load';
import {fileState} from '../../../../tools/openapi/spec-files';
import {stepKey, workflowPages, type StepEmbed} from './pages';
import {workflowFiles} from '../../../../tools/workflows/workflows';

interface Loaded {
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
  const {steps, pages} = workflowPages(siteDir, new Map(API_SPECS.map((api, i) => [api, docs[i]])));
  const fresh = {steps, pages};
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
