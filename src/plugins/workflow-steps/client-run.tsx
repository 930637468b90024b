/**
 * What a guide's Run button does (./client-run-button.tsx), in a chunk of its own loaded on the first click: starts
 * the browser sandbox (src/plugins/sandbox/client.ts, whose engine chunk loads only then), reads the step's request
 * from its file, fills it with the values of the steps run before on this page (src/data/workflow-step-run.ts says
 * from where), sends it to the sandbox's server with the reader's key, and keeps the outputs it sets for the next
 * steps. The steps run are kept per page (by path) for as long as the page's JS lives. What shows below the button is
 * rendered here too, so that the button, in every guide's first visit, stays a few hundred bytes.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {recordRun, runOutputs, runRequest, type RunMissing, type RunState} from '../../data/workflow-step-run';
import {workflowRoute} from '../../data/navigation';
import {SANDBOX_SERVER, startBrowserSandbox} from '../sandbox/client';
import {getReaderKey} from '../sandbox/client-storage';
import {jsonFiles} from '../static-reference/client-files';
import {stepRunId, type StepSamples} from './client-files';

/** What the button shows: the answer, or why the step did not run (text with links). */
type RunResult =
  | {kind: 'answer'; method: string; url: string; status: number; body: string}
  | {kind: 'missing'; parts: (string | {text: string; href: string})[]}
  | {kind: 'failed'; message: string};

const files = jsonFiles<StepSamples>(40);
const pages = new Map<string, RunState>();
const stateOfPage = (): RunState => {
  const key = location.pathname;
  if (!pages.has(key)) pages.set(key, new Map());
  return pages.get(key)!;
};

/** Where a step to run first is: its Run button on this page (the same id in another workflow too), or its workflow page. */
function stepHref(workflowId: string, stepId: string): string {
  const here = document.getElementById(stepRunId(workflowId, stepId)) ?? document.querySelector(`[data-run-step="${CSS.escape(stepId)}"]`);
  return here ? `#${here.id}` : `${workflowRoute(workflowId)}#step-${stepId}`;
}

function missingParts(missing: RunMissing[]): RunResult {
  const parts: (string | {text: string; href: string})[] = [];
  for (const m of missing) {
    if (parts.length) parts.push(' ');
    if (m.kind === 'input') {
      parts.push(`This step reads the workflow input ${m.name}, which has no documented value to run with.`);
      continue;
    }
    parts.push('Run step ', {text: m.stepId, href: stepHref(m.workflowId, m.stepId)});
    parts.push(m.ran ? ` again first: its answer had no ${m.output}, which this step reads.` : ` first: this step reads its ${m.output ?? 'answer'}.`);
  }
  return {kind: 'missing', parts};
}

function Result({result}: {result: RunResult}): ReactNode {
  if (result.kind === 'failed') return <p>The step could not run: {result.message}</p>;
  if (result.kind === 'missing')
    return (
      <p>
        {result.parts.map((part, i) =>
          typeof part === 'string' ? (
            part
          ) : (
            <Link key={i} to={part.href}>
              {part.text}
            </Link>
          ),
        )}
      </p>
    );
  return (
    <>
      <p>
        <strong>{result.status}</strong> from <code>{`${result.method} ${result.url}`}</code>
      </p>
      {result.status === 409 && (
        <p>
          The sandbox in this browser keeps what earlier Runs made (a guide run before, an account of the same reference). To run the guide again from its
          start, empty it with <strong>Reset sandbox</strong> in the Try it panel of any API operation.
        </p>
      )}
      {/* Focusable: a long answer scrolls, and a keyboard must reach it. */}
      <pre tabIndex={0}>
        <code>{result.body}</code>
      </pre>
    </>
  );
}

/** Runs one step of a workflow on this page (`url`: its file's): what to show below its button. */
export async function runStep(args: {url: string; baseUrl: string; workflow: string; step: string}): Promise<ReactNode> {
  let result: RunResult;
  try {
    result = await runOnPage(args);
  } catch (error) {
    result = {kind: 'failed', message: (error as Error).message};
  }
  return <Result result={result} />;
}

async function runOnPage({url, baseUrl, workflow, step}: {url: string; baseUrl: string; workflow: string; step: string}): Promise<RunResult> {
  const state = stateOfPage();
  const [{run}, apiKey] = await Promise.all([files.load(url), getReaderKey()]);
  if (!run) return {kind: 'failed', message: "the step's file describes no request"};
  const made = runRequest(run, state, {
    server: SANDBOX_SERVER,
    apiKey,
    uuid: () => crypto.randomUUID(),
    onPage: (stepId) => !!document.querySelector(`[data-run-step="${CSS.escape(stepId)}"]`),
  });
  if ('missing' in made) return missingParts(made.missing);
  await startBrowserSandbox(baseUrl);
  const {request} = made;
  const response = await fetch(request.url, {method: request.method, headers: request.headers, body: request.body});
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: shown as it came.
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  if (response.ok) recordRun(state, {workflowId: workflow, stepId: step, outputs: runOutputs(run, {status: response.status, headers, body})});
  return {
    kind: 'answer',
    method: request.method,
    url: request.url,
    status: response.status,
    body: typeof body === 'string' ? body : JSON.stringify(body, null, 2),
  };
}
