/**
 * What a guide's Run button does (static markup; ./client-page.ts loads this chunk on the first click): starts
 * the browser sandbox (src/plugins/sandbox/client.ts, whose engine chunk loads only then), reads the step's request
 * from its file, fills it with the values of the steps run before on this page (src/data/workflow-step-run.ts says
 * from where), sends it to the sandbox's server with the reader's key, and keeps the outputs it sets for the next
 * steps. The steps run are kept per page (by path) for as long as the page's JS lives. What shows below the button is
 * rendered here too, so that the button, in every guide's first visit, stays a few hundred bytes: the fields of the
 * workflow inputs the step reads (filled with what the Run sent: the reader's yesterday for the reconciliation day,
 * the seed's account; editable, and sent by the next Run), the answer, and where its webhook deliveries went (the
 * browser sandbox's simulated receiver).
 */
import React, {useSyncExternalStore, type ReactNode} from 'react';
import {createRoot, type Root} from 'react-dom/client';
import {
  inputDefault,
  recordRun,
  runInputValues,
  runOutputs,
  runRequest,
  type RunInput,
  type RunJson,
  type RunMissing,
  type RunState,
  type StepRun,
} from '../../data/workflow-step-run';
import {workflowRoute} from '../../data/navigation';
import {SANDBOX_SERVER, SIMULATED_DELIVERY_EVENT, startBrowserSandbox, type SimulatedDelivery} from '../sandbox/client';
import {getReaderKey} from '../sandbox/client-storage';
import {jsonFiles} from '../static-reference/client-files';
import {STEP_RUN_URL_ATTRIBUTE, STEP_RUN_WORKFLOW_ATTRIBUTE, STEP_SAMPLES_URL, stepRunId, type StepSamples} from './client-files';

/** What the button shows: the answer, or why the step did not run (text with links). */
type RunResult =
  | {kind: 'answer'; method: string; url: string; status: number; body: string; deliveries: SimulatedDelivery[]}
  | {kind: 'missing'; parts: (string | {text: string; href: string})[]}
  | {kind: 'failed'; message: string};

const files = jsonFiles<StepSamples>(40);
const pages = new Map<string, RunState>();
const stateOfPage = (): RunState => {
  const key = location.pathname;
  if (!pages.has(key)) pages.set(key, new Map());
  return pages.get(key)!;
};

/**
 * What the reader typed in the input fields, per page and `<workflow>/<input>`: the steps of a workflow that read an
 * input share its field's value, as the workflow's run shares its inputs. Kept as long as the page's JS lives.
 */
const typedByPage = new Map<string, Map<string, string>>();
const typedListeners = new Set<() => void>();
const typedOfPage = (page: string): Map<string, string> => {
  if (!typedByPage.has(page)) typedByPage.set(page, new Map());
  return typedByPage.get(page)!;
};
const subscribeTyped = (listener: () => void) => {
  typedListeners.add(listener);
  return () => void typedListeners.delete(listener);
};
function setTyped(page: string, key: string, text: string): void {
  typedOfPage(page).set(key, text);
  typedListeners.forEach((l) => l());
}
/** What the reader typed for `workflow`'s inputs on this page, by input name. */
function typedInputs(page: string, workflow: string): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const [key, text] of typedOfPage(page)) if (key.startsWith(`${workflow}/`)) typed[key.slice(workflow.length + 1)] = text;
  return typed;
}

const shown = (value: RunJson | undefined): string => (value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** A description's Markdown as text, its `code` spans kept. */
const descriptionText = (markdown: string): ReactNode[] =>
  markdown.split(/`([^`]+)`/).map((piece, i) => (i % 2 ? <code key={i}>{piece}</code> : piece.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')));

const FIELD_STYLE = {
  display: 'block',
  width: '100%',
  maxWidth: '26rem',
  padding: '0.25rem 0.5rem',
  font: 'inherit',
  color: 'var(--ifm-font-color-base)',
  background: 'var(--ifm-background-color)',
  border: '1px solid var(--ifm-color-emphasis-600)',
  borderRadius: 'var(--ifm-global-radius)',
} as const;

/** One workflow input's field: what the last Run sent, or what the reader typed since. */
function InputField({page, workflow, step, name, input, sent}: {page: string; workflow: string; step: string; name: string; input: RunInput; sent: RunJson}) {
  const key = `${workflow}/${name}`;
  const typed = useSyncExternalStore(subscribeTyped, () => typedOfPage(page).get(key));
  const id = `${stepRunId(workflow, step)}-input-${name}`;
  const kind = [input.type, input.format].filter(Boolean).join(', ');
  return (
    <div className="margin-bottom--sm">
      <label htmlFor={id}>
        <code>{name}</code>
        {kind && ` (${kind})`}
      </label>
      <input
        id={id}
        type="text"
        spellCheck={false}
        autoComplete="off"
        value={typed ?? shown(sent)}
        placeholder={shown(inputDefault(input, Date.now()))}
        onChange={(e) => setTyped(page, key, e.target.value)}
        aria-describedby={input.description ? `${id}-description` : undefined}
        style={FIELD_STYLE}
      />
      {input.description && (
        <small id={`${id}-description`} style={{display: 'block'}}>
          {descriptionText(input.description)}
        </small>
      )}
    </div>
  );
}

/** The workflow inputs the step reads, editable: the next Run of any step of the workflow on this page sends them. */
function InputFields({page, run, sent}: {page: string; run: StepRun; sent: Record<string, RunJson>}) {
  const names = Object.keys(run.inputs);
  if (!names.length) return null;
  return (
    <fieldset className="margin-bottom--sm" style={{border: 0, padding: 0, margin: 0}}>
      <legend>
        Inputs of workflow <code>{run.workflowId}</code>: the Run sends these; change one and run the step again.
      </legend>
      {names.map((name) => (
        <InputField key={name} page={page} workflow={run.workflowId} step={run.stepId} name={name} input={run.inputs[name]} sent={sent[name] ?? null} />
      ))}
    </fieldset>
  );
}

/** Where a step to run first is: its Run button on this page (the same id in another workflow too), or its workflow page. */
function stepHref(workflowId: string, stepId: string, baseUrl: string): string {
  const here = document.getElementById(stepRunId(workflowId, stepId)) ?? document.querySelector(`[data-run-step="${CSS.escape(stepId)}"]`);
  return here ? `#${here.id}` : `${baseUrl.replace(/\/$/, '')}${workflowRoute(workflowId)}#step-${stepId}`;
}

function missingParts(missing: RunMissing[], baseUrl: string): RunResult {
  const parts: (string | {text: string; href: string})[] = [];
  for (const m of missing) {
    if (parts.length) parts.push(' ');
    if (m.kind === 'input') {
      parts.push(`This step reads the workflow input ${m.name}, which has no value: fill it in above, then run the step again.`);
      continue;
    }
    parts.push('Run step ', {text: m.stepId, href: stepHref(m.workflowId, m.stepId, baseUrl)});
    parts.push(m.ran ? ` again first: its answer had no ${m.output}, which this step reads.` : ` first: this step reads its ${m.output ?? 'answer'}.`);
  }
  return {kind: 'missing', parts};
}

/** The deliveries of a Run, which went to the browser sandbox's simulated receiver, not to the endpoint's URL. */
function Deliveries({deliveries}: {deliveries: SimulatedDelivery[]}) {
  return (
    <>
      <p>
        Webhook deliveries in this browser go to a <strong>simulated receiver</strong> in the page, which checks each signature as your endpoint must and
        answers; your server receives nothing (the Node sandbox, <code>npm run sandbox</code>, delivers over HTTP).
        {deliveries.length ? ' This Run delivered:' : ''}
      </p>
      {deliveries.length > 0 && (
        <ul>
          {deliveries.map((d, i) => (
            <li key={i}>
              <code>{d.eventType}</code> (<code>{d.eventId}</code>) for <code>{d.url}</code>: the receiver answered {d.status}
            </li>
          ))}
        </ul>
      )}
    </>
  );
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
            // eslint-disable-next-line @docusaurus/no-html-links -- the answer is a React root of its own, outside the router: a same-page anchor, or the workflow's page
            <a key={i} href={part.href}>
              {part.text}
            </a>
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
      {/* An answer that reports deliveries (a verification, the delivery log) says where they went too. */}
      {(result.deliveries.length > 0 || result.body.includes('"http_status"')) && <Deliveries deliveries={result.deliveries} />}
      {/* Focusable: a long answer scrolls, and a keyboard must reach it. */}
      <pre tabIndex={0}>
        <code>{result.body}</code>
      </pre>
    </>
  );
}

/** Runs one step of a workflow on this page (`url`: its file's): what to show below its button. */
export async function runStep(args: {url: string; baseUrl: string; workflow: string; step: string}): Promise<ReactNode> {
  const page = location.pathname;
  let result: RunResult;
  let fields: ReactNode = null;
  try {
    const ran = await runOnPage(args, page);
    result = ran.result;
    if (ran.run) fields = <InputFields page={page} run={ran.run} sent={ran.inputs} />;
  } catch (error) {
    result = {kind: 'failed', message: (error as Error).message};
  }
  return (
    <>
      {fields}
      <Result result={result} />
    </>
  );
}

async function runOnPage(
  {url, baseUrl, workflow, step}: {url: string; baseUrl: string; workflow: string; step: string},
  page: string,
): Promise<{result: RunResult; run?: StepRun; inputs: Record<string, RunJson>}> {
  const state = stateOfPage();
  const [{run}, apiKey] = await Promise.all([files.load(url), getReaderKey()]);
  if (!run) return {result: {kind: 'failed', message: "the step's file describes no request"}, inputs: {}};
  const inputs = runInputValues(run, state, {now: Date.now(), typed: typedInputs(page, workflow)});
  const made = runRequest(run, state, {
    server: SANDBOX_SERVER,
    apiKey,
    uuid: () => crypto.randomUUID(),
    onPage: (stepId) => !!document.querySelector(`[data-run-step="${CSS.escape(stepId)}"]`),
    inputs,
  });
  if ('missing' in made) return {result: missingParts(made.missing, baseUrl), run, inputs};
  await startBrowserSandbox(baseUrl);
  const {request} = made;
  // The engine answers in this page: the deliveries its request made are announced before the answer arrives.
  const deliveries: SimulatedDelivery[] = [];
  const delivered = (event: Event) => deliveries.push((event as CustomEvent<SimulatedDelivery>).detail);
  addEventListener(SIMULATED_DELIVERY_EVENT, delivered);
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {method: request.method, headers: request.headers, body: request.body});
    text = await response.text();
  } finally {
    removeEventListener(SIMULATED_DELIVERY_EVENT, delivered);
  }
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
    result: {
      kind: 'answer',
      method: request.method,
      url: request.url,
      status: response.status,
      body: typeof body === 'string' ? body : JSON.stringify(body, null, 2),
      deliveries,
    },
    run,
    inputs,
  };
}

/** The React root of each Run block's live region (rendered into again by the next Run). */
const roots = new WeakMap<Element, Root>();

/**
 * Runs the step of a Run block (static markup, src/plugins/workflow-steps/remark.ts; ./client-page.ts calls this on
 * a click) and renders what to show in the block's live region, a React root of its own.
 */
export async function runBlock(block: Element): Promise<void> {
  const region = block.querySelector('[aria-live]');
  const url = block.getAttribute(STEP_RUN_URL_ATTRIBUTE);
  const workflow = block.getAttribute(STEP_RUN_WORKFLOW_ATTRIBUTE);
  const step = block.getAttribute('data-run-step');
  if (!region || !url || !workflow || !step) throw new Error('the Run block is incomplete');
  // The step files are served under the site's base URL (`<baseUrl>assets/workflow-steps/<file>`).
  const baseUrl = url.slice(0, url.lastIndexOf(STEP_SAMPLES_URL.slice(1)));
  const answer = await runStep({url, baseUrl, workflow, step});
  let root = roots.get(region);
  if (!root) roots.set(region, (root = createRoot(region)));
  root.render(answer);
}
