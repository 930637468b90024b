/**
 * A guide's Run button (issue #47, "Guides you run in the page"): what a workflow step sends, as a descriptor built
 * at build time from the Arazzo workflow (src/plugins/workflow-steps/generate/pages.ts: `stepRun`, from the same request the samples are
 * written from) and kept in the step's file (src/plugins/workflow-steps), and how a page turns it into a request
 * with the values of the steps run before it on the page. Pure: the browser's run chunk
 * (src/plugins/workflow-steps/client-run.tsx) and the tests (which run every guide against the engine in Node) use it.
 *
 * Where a value comes from, in order:
 * - `$steps.<step>.outputs.<name>`: the output of that step of the same workflow run on this page; else of a step of
 *   the same id in another workflow run on this page (a guide joins journeys: the wallets guide creates the account
 *   with onboard-account's `create-account` and its wallet with fund-crypto-deposit's step, which reads its own
 *   `create-account`); else, when no step of that id is on the page, the latest output of that name (the webhook
 *   guide resends the event its test step made, where recover-events resends one of its own); else the reader is
 *   told to run that step first;
 * - `$inputs.<name>`: what the reader typed in the input's field (the run chunk shows one per input the step reads,
 *   with the values the Run sends); else the default the workflow says how to compute (`x-default-midnight-utc`:
 *   midnight UTC, a number of days from the reader's today, so the reconciliation guide's day is the reader's
 *   yesterday as its samples compute it); else the input's documented `default` or first of its `examples` (the
 *   sandbox's seed: the account, wallet, bank account and beneficiary every new key has); else the latest output of
 *   that name of a step run on this page; else the reader is told to fill it in;
 * - `$faker.string.uuid()` (an `Idempotency-Key`): a new UUID for each Run;
 * - the `Authorization` header is the reader's sandbox key, whatever the workflow's `api_key` input says.
 */

/** JSON. */
export type RunJson = string | number | boolean | null | RunJson[] | {[key: string]: RunJson};

/** A piece of a string value: text, or a runtime expression (`{$inputs.x}` in the workflow). */
export type RunPart = string | {expression: string};

/** A value a step sends: a literal, a runtime expression, a string made of both, or an object or array of them. */
export type RunValue = {literal: RunJson} | {expression: string} | {parts: RunPart[]} | {object: [string, RunValue][]} | {array: RunValue[]};

/** What a step's Run sends and keeps, built from the workflow (src/plugins/workflow-steps/generate/pages.ts). */
export interface StepRun {
  workflowId: string;
  stepId: string;
  /** Upper case. */
  method: string;
  /** The operation's path template, from the server's URL (`/accounts/{account_id}/quotes`). */
  path: string;
  pathParameters: [string, RunValue][];
  query: [string, RunValue][];
  /** Besides `Authorization` (the reader's key) and `Content-Type` (`mediaType`). */
  headers: [string, RunValue][];
  body?: RunValue;
  mediaType?: string;
  /** The workflow inputs the step reads (not the key: the reader's), as the workflow declares them. */
  inputs: Record<string, RunInput>;
  /** What the step sets for the next ones: output name → runtime expression of the response (`$response.body#/id`). */
  outputs: [string, string][];
}

/** A workflow input a step reads, from its schema in the workflow's `inputs`: what its field shows and fills. */
export interface RunInput {
  /** The documented `default`, else the first of `examples`, else `example`; null: none. */
  value: RunJson;
  /** `x-default-midnight-utc`: the default is midnight UTC of the day this many days from the reader's today. */
  midnightUtcDays?: number;
  type?: string;
  format?: string;
  /** Markdown, as the workflow writes it. */
  description?: string;
}

/**
 * The workflow's extension naming the inputs whose default is computed where the step runs, each with its days from
 * today (openapi/README.md, workflows). On the workflow, not in the input's schema: redocly respect compiles the
 * input schemas in Ajv's strict mode, which refuses an unknown keyword.
 */
export const MIDNIGHT_UTC_DEFAULT = 'x-default-midnight-utc';

/** Midnight UTC, `days` from the day of `now` (ms), as RFC 3339 without fractions: `2025-03-12T00:00:00Z`. */
export function midnightUtc(days: number, now: number): string {
  const day = new Date(now);
  day.setUTCHours(0, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().replace(/\.\d+Z$/, 'Z');
}

/** An input's default at `now`: computed where the workflow says how, else documented (null: none). */
export const inputDefault = (input: RunInput, now: number): RunJson =>
  input.midnightUtcDays !== undefined ? midnightUtc(input.midnightUtcDays, now) : input.value;

/** What the reader typed in an input's field, as the input's type reads it (a number, a boolean, else the text). */
export function inputFromText(input: RunInput, text: string): RunJson {
  const trimmed = text.trim();
  if ((input.type === 'integer' || input.type === 'number') && trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (input.type === 'boolean' && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  return text;
}

/** A step run on the page, and what it set. */
export interface RunStep {
  workflowId: string;
  stepId: string;
  outputs: Record<string, RunJson>;
}

/** The steps run on a page, in the order they ran (a step run again moves to the end). */
export type RunState = Map<string, RunStep>;

export const runKey = (workflowId: string, stepId: string): string => `${workflowId}/${stepId}`;

/** What a Run lacks: a step to run first (`output` undefined: it did not run), or an input with no value. */
export type RunMissing = {kind: 'step'; workflowId: string; stepId: string; output?: string; ran: boolean} | {kind: 'input'; name: string};

/** A request ready to send: `url` from the server's URL (its path and query). */
export interface RunRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const NEW_UUID = '$faker.string.uuid()';
const STEP_OUTPUT = /^\$steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_.-]+)$/;
const INPUT = /^\$inputs\.([A-Za-z0-9_-]+)$/;

/** The steps run on the page, latest first. */
const latestFirst = (state: RunState): RunStep[] => [...state.values()].reverse();

/** A runtime expression's value, or what it lacks. */
interface Context {
  run: StepRun;
  state: RunState;
  uuid: () => string;
  onPage: (stepId: string) => boolean;
  inputs: Record<string, RunJson>;
}

/**
 * The value of each input the step reads, as its Run sends it (null: none): what the reader `typed` (an empty field
 * is no value), else its default at `now`, else the latest output of that name of a step run on this page.
 */
export function runInputValues(run: StepRun, state: RunState, {now, typed = {}}: {now: number; typed?: Record<string, string>}): Record<string, RunJson> {
  const values: Record<string, RunJson> = {};
  for (const [name, input] of Object.entries(run.inputs)) {
    if (typed[name] !== undefined) {
      values[name] = typed[name].trim() === '' ? null : inputFromText(input, typed[name]);
      continue;
    }
    values[name] = inputDefault(input, now) ?? latestFirst(state).find((s) => s.outputs[name] != null)?.outputs[name] ?? null;
  }
  return values;
}

function evaluate(expression: string, {run, state, uuid, onPage, inputs}: Context): {value: RunJson} | {missing: RunMissing} {
  if (expression === NEW_UUID) return {value: uuid()};
  const output = STEP_OUTPUT.exec(expression);
  if (output) {
    const [, stepId, name] = output;
    const own = state.get(runKey(run.workflowId, stepId));
    const ran = own ?? latestFirst(state).find((s) => s.stepId === stepId);
    const value =
      own?.outputs[name] ??
      latestFirst(state).find((s) => s.stepId === stepId && s.outputs[name] != null)?.outputs[name] ??
      (onPage(stepId) ? undefined : latestFirst(state).find((s) => s.outputs[name] != null)?.outputs[name]);
    if (value == null) return {missing: {kind: 'step', workflowId: run.workflowId, stepId, output: name, ran: !!ran}};
    return {value};
  }
  const input = INPUT.exec(expression);
  if (input) {
    const [, name] = input;
    const value = inputs[name];
    return value == null ? {missing: {kind: 'input', name}} : {value};
  }
  // Nothing else is written in the workflows (tools/workflows/check.ts); sent as it is written.
  return {value: expression};
}

/** A value with its expressions replaced, collecting what is missing. */
function resolve(value: RunValue, context: Context, missing: RunMissing[]): RunJson {
  if ('literal' in value) return value.literal;
  if ('expression' in value) {
    const found = evaluate(value.expression, context);
    if ('missing' in found) missing.push(found.missing);
    return 'value' in found ? found.value : null;
  }
  if ('parts' in value)
    return value.parts
      .map((part) => {
        if (typeof part === 'string') return part;
        const found = evaluate(part.expression, context);
        if ('missing' in found) missing.push(found.missing);
        return 'value' in found ? String(found.value) : '';
      })
      .join('');
  if ('array' in value) return value.array.map((v) => resolve(v, context, missing));
  return Object.fromEntries(value.object.map(([k, v]) => [k, resolve(v, context, missing)]));
}

const text = (value: RunJson): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The request a step's Run sends to `server` (the sandbox's URL, `/v1` included) with the reader's `apiKey`, or what
 * it lacks (each missing step or input once, in the order the request reads them). `onPage` says whether a step of
 * that id is on the page (default: every one is); `inputs`, the values of the inputs (default: `runInputValues` now).
 */
export function runRequest(
  run: StepRun,
  state: RunState,
  {
    server,
    apiKey,
    uuid,
    onPage = () => true,
    inputs = runInputValues(run, state, {now: Date.now()}),
  }: {server: string; apiKey: string; uuid: () => string; onPage?: (stepId: string) => boolean; inputs?: Record<string, RunJson>},
): {request: RunRequest} | {missing: RunMissing[]} {
  const missing: RunMissing[] = [];
  const context: Context = {run, state, uuid, onPage, inputs};
  const path = run.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = run.pathParameters.find(([n]) => n === name)?.[1];
    return value ? encodeURIComponent(text(resolve(value, context, missing))) : whole;
  });
  const query = new URLSearchParams();
  for (const [name, value] of run.query) {
    const resolved = resolve(value, context, missing);
    // A carried value that is null (`next_cursor` on the last page) is not sent.
    if (resolved !== null) query.append(name, text(resolved));
  }
  const headers: Record<string, string> = {Authorization: `Bearer ${apiKey}`};
  for (const [name, value] of run.headers) headers[name] = text(resolve(value, context, missing));
  let body: string | undefined;
  if (run.body) {
    headers['Content-Type'] = run.mediaType ?? 'application/json';
    body = JSON.stringify(resolve(run.body, context, missing));
  }
  if (missing.length) {
    const seen = new Set<string>();
    return {missing: missing.filter((m) => !seen.has(JSON.stringify(m)) && !!seen.add(JSON.stringify(m)))};
  }
  const search = query.toString();
  return {request: {method: run.method, url: `${server}${path}${search ? `?${search}` : ''}`, headers, ...(body !== undefined ? {body} : {})}};
}

/** The value a JSON pointer (`/data/0/id`, RFC 6901) names in `doc`, or undefined. */
function pointer(doc: unknown, path: string): unknown {
  if (!path) return doc;
  let at: unknown = doc;
  for (const raw of path.slice(1).split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[token];
  }
  return at;
}

/** The outputs a step sets from its response (`headers` by lower-case name); those the response lacks are null. */
export function runOutputs(run: StepRun, response: {status: number; headers: Record<string, string>; body?: unknown}): Record<string, RunJson> {
  const outputs: Record<string, RunJson> = {};
  for (const [name, expression] of run.outputs) {
    const body = /^\$response\.body(?:#(.*))?$/.exec(expression);
    const header = /^\$response\.header\.(.+)$/.exec(expression);
    const value = body
      ? pointer(response.body, body[1] ?? '')
      : header
        ? response.headers[header[1].toLowerCase()]
        : expression === '$statusCode'
          ? response.status
          : undefined;
    outputs[name] = (value ?? null) as RunJson;
  }
  return outputs;
}

/** Records a step's run: it moves to the end of the page's runs. */
export function recordRun(state: RunState, step: RunStep): void {
  const key = runKey(step.workflowId, step.stepId);
  state.delete(key);
  state.set(key, step);
}
