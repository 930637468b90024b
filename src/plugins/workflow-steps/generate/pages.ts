/**
 * The workflow pages (issue #29, "rendered for people"): one MDX page per Arazzo workflow of openapi/workflows/,
 * written by `npm run gen:api` (src/plugins/operation-page/generate/generate-api.ts) into WORKFLOW_PAGES_DIR, at
 * /docs/guides/workflows/<id>. The workflow-steps feature's writer: its remark plugin embeds these steps in guides.
 *
 * A page states the journey's purpose and inputs, draws a sequence diagram from its steps (mermaid, drawn at build
 * time by src/plugins/mermaid like every other diagram; the sandbox simulations marked), then gives each step: what it
 * sends (method and path from the operation's reference model, the parameters and body fields the step sets, and a
 * code sample per language built from the step itself, the values it carries shown as named variables: `$ACCOUNT_ID`
 * in a shell, `accountId` in JavaScript), what it checks (its success criteria in words), what it carries forward
 * (its outputs), the operation's reference page, and what to do when it fails (the operation's error responses).
 *
 * Everything from the workflow or the spec is CommonMark; it is escaped for MDX (`{`, `}`, `<` outside code).
 * A step whose operation does not exist fails generation with the step's `file:line`.
 */
import path from 'node:path';
import {API_SPECS, CODE_SAMPLE_LANGUAGES, specPath} from '../../../data/api-table';
import {WORKFLOW_ORDER, WORKFLOW_DETAILS_CLASS, workflowRoute} from '../../../data/navigation';
import {MIDNIGHT_UTC_DEFAULT, type RunInput, type RunJson, type RunValue, type StepRun} from '../../../data/workflow-step-run';
import type {ApiDocument} from '../../../../tools/openapi/document';
import type {Json} from '../../../../tools/openapi/json';
import {parsePointer} from '../../../../tools/openapi/pointer';
import {buildOperationModel} from '../../../../tools/reference/build';
import type {OperationModel} from '../../../../tools/reference/model';
import {code} from '../../../../tools/reference/markdown-text';
import {proseText} from '../../../../tools/reference/prose';
import {serverUrl} from '../../../../tools/reference/request';
import {
  parseOperationId,
  readWorkflowFile,
  workflowFiles,
  workflowIdOfFile,
  type Criterion,
  type Step,
  type Workflow,
  type WorkflowFile,
} from '../../../../tools/workflows/workflows';

export class WorkflowPageError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** A step of a workflow that calls an operation, as an operation page links to it. */
export interface WorkflowUse {
  workflowId: string;
  title: string;
  stepId: string;
  /** `/docs/guides/workflows/<id>#step-<stepId>`. */
  href: string;
}

/** A step as a guide embeds it (`::workflow-step{workflow="…" step="…"}`: src/plugins/workflow-steps/remark.ts). */
export interface StepEmbed {
  workflowId: string;
  stepId: string;
  api: string;
  operationId: string;
  /** Upper case, as the samples send it. */
  method: string;
  /** The operation's path template. */
  path: string;
  /** Where it is defined: `openapi/workflows/<id>.arazzo.yaml:<line>`. */
  where: string;
  /** What it sends besides the path: `query <name>`, `header <name>` (lower case), `body <top-level field>`. */
  sends: string[];
  /** The MDX that stands in for the directive: where the step comes from, its samples (the workflow page's), what it carries. */
  mdx: string;
  /** What the guide's Run button sends and keeps (src/data/workflow-step-run.ts): the request of the samples. */
  run: StepRun;
}

export interface WorkflowPages {
  /** MDX by file name (`<workflowId>.mdx`), in the order of the sidebar. */
  pages: Map<string, string>;
  /** The steps that call each operation (by `<api>.<operationId>`), in page order. */
  uses: Map<string, WorkflowUse[]>;
  /** Every step as a guide embeds it, by `<workflowId>/<stepId>`. */
  steps: Map<string, StepEmbed>;
}

export const stepKey = (workflowId: string, stepId: string): string => `${workflowId}/${stepId}`;

/** The code-sample languages of a workflow page: the site's languages whose samples can carry values as variables. */
export const WORKFLOW_SAMPLE_LANGUAGES = ['curl', 'nodejs', 'typescript', 'python'] as const;
type SampleLanguage = (typeof WORKFLOW_SAMPLE_LANGUAGES)[number];
/** The tab values and labels of the guides' request tabs (`<Tabs groupId="lang">`), so one choice serves both. */
const TABS: Record<SampleLanguage, {value: string; label: string}> = {
  curl: {value: 'curl', label: 'cURL'},
  nodejs: {value: 'node', label: 'Node.js'},
  typescript: {value: 'typescript', label: 'TypeScript'},
  python: {value: 'python', label: 'Python'},
};
/** The environment variable the samples read the API key from (the guides' convention). */
const API_KEY_ENV = 'NOVARAMP_API_KEY';
const ERROR_HANDLING = '/docs/api/error-handling';

export {workflowRoute};
export const stepAnchor = (stepId: string): string => `step-${stepId}`;
/** The key of an operation's uses in workflows; not `useKey`, which src/'s hooks lint rule would read as a React hook. */
export const workflowUseKey = (api: string, operationId: string): string => `${api}.${operationId}`;

// ---------------------------------------------------------------------------------------------------------------
// MDX text

/** CommonMark text made safe for MDX: `{`, `}` and `<` escaped outside code spans and fences. */
export function mdxText(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return line;
      }
      if (fenced) return line;
      return line
        .split(/(`+[^`]*`+)/)
        .map((part, i) => (i % 2 ? part : part.replace(/[{}<]/g, (c) => `\\${c}`)))
        .join('');
    })
    .join('\n');
}

/** Text in a table cell: a `|` escaped (GFM reads it as a column break even inside code). */
const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** Plain text on one line, escaped for MDX and Markdown link text. */
const plain = (text: string): string => mdxText(text.replace(/\s+/g, ' ').trim()).replace(/([[\]*|])/g, '\\$1');

/** The first sentence of some CommonMark as plain text. */
function firstSentence(markdown: string): string {
  const text = proseText(markdown);
  return /^(.{20,}?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
}

// ---------------------------------------------------------------------------------------------------------------
// Values a step sends: literals, or variables carried from the inputs and earlier steps

/**
 * A variable of the samples: an input, a step's output, the API key (read from the environment), or a value made
 * fresh for each request (`$faker.string.uuid()`, Respect's runtime expression, for an `Idempotency-Key`: a sample
 * pasted into a job must never replay the first request's key, review finding N7).
 */
interface Variable {
  kind: 'input' | 'output' | 'env' | 'generated';
  /** Its name in snake_case (`account_id`, `withdraw_again_withdrawal_id`). */
  name: string;
  /** Input name, or step id and output name. */
  input?: string;
  step?: string;
  output?: string;
}

type Piece = string | Variable;
/** A value as the samples write it: a literal, a variable, or a string made of both (`Bearer {$inputs.api_key}`). */
type Value =
  | {kind: 'literal'; value: Json}
  | {kind: 'var'; variable: Variable}
  | {kind: 'template'; pieces: Piece[]}
  | {kind: 'object'; entries: [string, Value][]}
  | {kind: 'array'; items: Value[]};

const camel = (name: string): string => name.replace(/[-_]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase()).replace(/^[^A-Za-z_$]/, '_$&');
const snake = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/^(\d)/, '_$1');
const PYTHON_KEYWORDS = new Set([
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
  'type',
]);

/** The runtime expression of a new UUID, and how each language makes one. */
const NEW_UUID = '$faker.string.uuid()';
const GENERATED_UUID: Variable = {kind: 'generated', name: 'uuid'};

/** How each language names a variable. */
export function variableName(v: Variable, language: SampleLanguage): string {
  if (v.kind === 'generated') return language === 'curl' ? '$(uuidgen)' : language === 'python' ? 'str(uuid.uuid4())' : 'crypto.randomUUID()';
  if (v.kind === 'env') return language === 'curl' ? `$${API_KEY_ENV}` : language === 'python' ? `os.environ['${API_KEY_ENV}']` : `process.env.${API_KEY_ENV}`;
  if (language === 'curl') return `$${v.name.toUpperCase()}`;
  if (language === 'python') return PYTHON_KEYWORDS.has(v.name) ? `${v.name}_` : v.name;
  return camel(v.name);
}

/** The variables of a workflow: its inputs, then each output of each step (named after the step when taken). */
class Variables {
  readonly inputs = new Map<string, Variable>();
  readonly outputs = new Map<string, Variable>();
  private readonly taken = new Set<string>();

  constructor(workflow: Workflow) {
    // The input the workflow's Authorization header is made of is the API key: the samples read it from the environment.
    const auth = (workflow.parameters ?? []).find((p) => p.in === 'header' && p.name.toLowerCase() === 'authorization');
    const apiKeyInput = /\$inputs\.([A-Za-z0-9_-]+)/.exec(String(auth?.value ?? ''))?.[1];
    for (const name of Object.keys(workflow.inputs?.properties ?? {})) {
      const v: Variable =
        name === apiKeyInput ? {kind: 'env', name: API_KEY_ENV.toLowerCase(), input: name} : {kind: 'input', name: this.unique(snake(name)), input: name};
      this.inputs.set(name, v);
    }
    for (const step of workflow.steps ?? []) {
      for (const output of Object.keys(step.outputs ?? {})) {
        const base = snake(output);
        const name = this.taken.has(base) ? this.unique(snake(`${step.stepId}_${output}`)) : this.unique(base);
        this.outputs.set(`${step.stepId}.${output}`, {kind: 'output', name, step: step.stepId, output});
      }
    }
  }

  private unique(name: string): string {
    let n = name;
    for (let i = 2; this.taken.has(n); i++) n = `${name}_${i}`;
    this.taken.add(n);
    return n;
  }

  /** The variable a runtime expression names (`$inputs.x`, `$steps.s.outputs.y`), if any. */
  of(expression: string): Variable | undefined {
    if (expression === NEW_UUID) return GENERATED_UUID;
    const input = /^\$inputs\.([A-Za-z0-9_-]+)$/.exec(expression);
    if (input) return this.inputs.get(input[1]);
    const output = /^\$steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_.-]+)$/.exec(expression);
    return output ? this.outputs.get(`${output[1]}.${output[2]}`) : undefined;
  }

  value(raw: unknown): Value {
    if (Array.isArray(raw)) return {kind: 'array', items: raw.map((x) => this.value(x))};
    if (raw !== null && typeof raw === 'object') return {kind: 'object', entries: Object.entries(raw).map(([k, v]) => [k, this.value(v)])};
    if (typeof raw !== 'string') return {kind: 'literal', value: (raw ?? null) as Json};
    const whole = this.of(raw.trim());
    if (whole) return {kind: 'var', variable: whole};
    if (!/\{\$[^}]+\}/.test(raw)) return {kind: 'literal', value: raw};
    const pieces: Piece[] = raw
      .split(/(\{\$[^}]+\})/)
      .filter(Boolean)
      .map((part) => (/^\{\$[^}]+\}$/.test(part) ? (this.of(part.slice(1, -1)) ?? part) : part));
    return {kind: 'template', pieces};
  }
}

/** A value in words, for the tables and criteria: a literal as code, a variable as where it comes from. */
function valueWords(value: Value): string {
  if (value.kind === 'var') return variableWords(value.variable);
  if (value.kind === 'literal') return code(typeof value.value === 'string' ? value.value : JSON.stringify(value.value));
  if (value.kind === 'template') return value.pieces.map((p) => (typeof p === 'string' ? code(p) : variableWords(p))).join(' ');
  return code(JSON.stringify(toJson(value)));
}

function variableWords(v: Variable): string {
  if (v.kind === 'env') return `your API key (${code(variableName(v, 'curl'))})`;
  if (v.kind === 'generated') return `a new UUID for each request (${code(variableName(v, 'curl'))})`;
  if (v.kind === 'input') return `the input ${code(v.input!)}`;
  return `${code(v.output!)} from step [${plain(v.step!)}](#${stepAnchor(v.step!)})`;
}

/** A value as JSON, variables as `$NAME` (for words only). */
function toJson(value: Value): Json {
  if (value.kind === 'literal') return value.value;
  if (value.kind === 'var') return variableName(value.variable, 'curl');
  if (value.kind === 'template') return value.pieces.map((p) => (typeof p === 'string' ? p : variableName(p, 'curl'))).join('');
  if (value.kind === 'array') return value.items.map((v) => toJson(v));
  return Object.fromEntries(value.entries.map(([k, v]) => [k, toJson(v)]));
}

/** The fields a payload sets, flattened (`amount.value`), with their values. */
function fields(value: Value, prefix = ''): [string, Value][] {
  if (value.kind === 'object' && value.entries.length) return value.entries.flatMap(([k, v]) => fields(v, prefix ? `${prefix}.${k}` : k));
  if (value.kind === 'array' && value.items.length) return value.items.flatMap((v, i) => fields(v, `${prefix}[${i}]`));
  return [[prefix || '(body)', value]];
}

// ---------------------------------------------------------------------------------------------------------------
// Code samples

interface StepRequest {
  method: string;
  server: string;
  /** The operation's path template. */
  template: string;
  path: Map<string, Value>;
  query: [string, Value][];
  headers: [string, Value][];
  body?: Value;
  mediaType?: string;
  /** What the step carries forward: each output's variable and the body pointer it reads (undefined: not the body). */
  outputs: {variable: Variable; tokens?: string[]; expression: string}[];
  /** A name for the step's response in code (`withdrawAgain`). */
  name: string;
}

const shellDouble = (s: string): string => s.replace(/(["$`\\])/g, '\\$1');
const heredocText = (s: string): string => s.replace(/([$`\\])/g, '\\$1');

/** A string made of pieces in a language's interpolated string syntax (without its quotes). */
function interpolate(pieces: Piece[], language: SampleLanguage, escape: (s: string) => string, wrap: (expr: string) => string): string {
  return pieces.map((p) => (typeof p === 'string' ? escape(p) : wrap(variableName(p, language)))).join('');
}

const piecesOf = (value: Value): Piece[] | undefined =>
  value.kind === 'var'
    ? [value.variable]
    : value.kind === 'template'
      ? value.pieces
      : value.kind === 'literal'
        ? [typeof value.value === 'string' ? value.value : JSON.stringify(value.value)]
        : undefined;

/** The URL's path with the step's path values, as pieces. */
function pathPieces(req: StepRequest): Piece[] {
  const pieces: Piece[] = [req.server];
  for (const part of req.template.split(/(\{[^}]+\})/).filter(Boolean)) {
    const name = /^\{([^}]+)\}$/.exec(part)?.[1];
    const value = name ? req.path.get(name) : undefined;
    if (!name || !value) pieces.push(part);
    else if (value.kind === 'literal') pieces.push(encodeURIComponent(String(value.value)));
    else pieces.push(...(piecesOf(value) ?? []));
  }
  // Adjacent literal pieces merged.
  return pieces.reduce<Piece[]>(
    (out, p) =>
      typeof p === 'string' && typeof out[out.length - 1] === 'string' ? [...out.slice(0, -1), `${out[out.length - 1] as string}${p}`] : [...out, p],
    [],
  );
}

/** `jq` path of JSON pointer tokens: `.data[0].id`. */
const jqPath = (tokens: string[]): string =>
  tokens.length ? tokens.map((t) => (/^\d+$/.test(t) ? `[${t}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(t) ? `.${t}` : `.${JSON.stringify(t)}`)).join('') : '.';
const jsPath = (tokens: string[]): string =>
  tokens.map((t) => (/^\d+$/.test(t) ? `[${t}]` : /^[A-Za-z_$][\w$]*$/.test(t) ? `.${t}` : `[${JSON.stringify(t)}]`)).join('');
const pyPath = (tokens: string[]): string => tokens.map((t) => (/^\d+$/.test(t) ? `[${t}]` : `[${JSON.stringify(t)}]`)).join('');

/** A value as source code in a language (JSON-like literals; variables by name), indented from `indent`. */
function literal(value: Value, language: 'js' | 'python' | 'json-shell', indent: string): string {
  const next = `${indent}${language === 'python' ? '    ' : '  '}`;
  if (value.kind === 'object') {
    if (!value.entries.length) return '{}';
    const key = (k: string) => (language === 'js' && /^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
    return `{\n${value.entries.map(([k, v]) => `${next}${key(k)}: ${literal(v, language, next)}`).join(',\n')}${language === 'json-shell' ? '' : ','}\n${indent}}`;
  }
  if (value.kind === 'array') {
    if (!value.items.length) return '[]';
    return `[\n${value.items.map((v) => `${next}${literal(v, language, next)}`).join(',\n')}${language === 'json-shell' ? '' : ','}\n${indent}]`;
  }
  if (value.kind === 'literal') {
    if (language === 'python')
      return value.value === null ? 'None' : value.value === true ? 'True' : value.value === false ? 'False' : JSON.stringify(value.value);
    if (language === 'json-shell') return heredocText(JSON.stringify(value.value));
    return typeof value.value === 'string' ? `'${value.value.replace(/(['\\])/g, '\\$1')}'` : JSON.stringify(value.value);
  }
  const pieces = piecesOf(value)!;
  if (language === 'json-shell')
    return `"${interpolate(
      pieces,
      'curl',
      (s) => heredocText(JSON.stringify(s).slice(1, -1)),
      (e) => e,
    )}"`;
  if (language === 'python') {
    if (value.kind === 'var') return variableName(value.variable, 'python');
    return `f"${interpolate(
      pieces,
      'python',
      (s) => JSON.stringify(s).slice(1, -1).replace(/[{}]/g, '$&$&'),
      (e) => `{${e}}`,
    )}"`;
  }
  if (value.kind === 'var') return variableName(value.variable, 'nodejs');
  return `\`${interpolate(
    pieces,
    'nodejs',
    (s) => s.replace(/([`\\]|\$\{)/g, '\\$1'),
    (e) => `\${${e}}`,
  )}\``;
}

function curlSample(req: StepRequest): string {
  const url = pathPieces(req);
  const lines: string[] = [];
  const get = req.method === 'GET' && req.query.length > 0;
  lines.push(`curl -sS${req.method === 'GET' ? (get ? ' -G' : '') : ` -X ${req.method}`} "${interpolate(url, 'curl', shellDouble, (e) => e)}"`);
  for (const [name, value] of req.query) {
    const pieces = piecesOf(value) ?? [JSON.stringify(toJson(value))];
    lines.push(`  --data-urlencode "${shellDouble(name)}=${interpolate(pieces, 'curl', shellDouble, (e) => e)}"`);
  }
  lines.push(`  -H "Authorization: Bearer $${API_KEY_ENV}"`);
  for (const [name, value] of req.headers) lines.push(`  -H "${shellDouble(name)}: ${interpolate(piecesOf(value) ?? [], 'curl', shellDouble, (e) => e)}"`);
  // The response saved to a file the carried values are read from: the command stays a plain curl, not the inside
  // of a `$(…)` (which a reader copies less easily, and which highlights as one variable).
  const saved = req.outputs.length ? `${req.name}.json` : undefined;
  if (req.body) lines.push(`  -H "Content-Type: ${req.mediaType ?? 'application/json'}"`);
  if (saved) lines.push(`  -o ${saved}`);
  let heredoc: string | undefined;
  if (req.body) {
    lines.push('  --data @- <<EOF');
    heredoc = `${literal(req.body, 'json-shell', '')}\nEOF`;
  }
  const command = `${lines.join(' \\\n')}${heredoc ? `\n${heredoc}` : ''}`;
  if (!saved) return command;
  return [command, ...req.outputs.map((o) => `${variableName(o.variable, 'curl').slice(1)}=$(jq -r '${jqPath(o.tokens ?? [])}' ${saved})`)].join('\n');
}

function nodeSample(req: StepRequest): string {
  const url = pathPieces(req);
  const query = req.query
    .map(
      ([name, value]) =>
        `${encodeURIComponent(name)}=${value.kind === 'literal' ? encodeURIComponent(String(value.value)) : `\${encodeURIComponent(${literal(value, 'js', '')})}`}`,
    )
    .join('&');
  const urlText = `\`${interpolate(
    url,
    'nodejs',
    (s) => s.replace(/([`\\]|\$\{)/g, '\\$1'),
    (e) => `\${${e}}`,
  )}${query ? `?${query}` : ''}\``;
  const headers = [
    `    Authorization: \`Bearer \${process.env.${API_KEY_ENV}}\`,`,
    ...req.headers.map(([name, value]) => `    ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`}: ${literal(value, 'js', '    ')},`),
  ];
  if (req.body) headers.push(`    'Content-Type': '${req.mediaType ?? 'application/json'}',`);
  const name = camel(req.name);
  return [
    `const ${name}Response = await fetch(${urlText}, {`,
    `  method: '${req.method}',`,
    '  headers: {',
    ...headers,
    '  },',
    ...(req.body ? [`  body: JSON.stringify(${literal(req.body, 'js', '  ')}),`] : []),
    '});',
    `if (!${name}Response.ok) throw new Error(\`${req.method} ${req.template}: \${${name}Response.status} \${await ${name}Response.text()}\`);`,
    ...(req.outputs.length
      ? [
          `const ${name} = await ${name}Response.json();`,
          ...req.outputs.map((o) => `const ${variableName(o.variable, 'nodejs')} = ${name}${jsPath(o.tokens ?? [])};`),
        ]
      : []),
  ].join('\n');
}

function typescriptSample(req: StepRequest): string {
  const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`);
  const params: string[] = [];
  if (req.path.size) params.push(`path: {${[...req.path].map(([k, v]) => `${key(k)}: ${literal(v, 'js', '    ')}`).join(', ')}}`);
  // A query value carried from a response may be null there (`next_cursor` on the last page); the client takes undefined.
  const queryValue = (v: Value) => `${literal(v, 'js', '    ')}${v.kind === 'var' && v.variable.kind === 'output' ? ' ?? undefined' : ''}`;
  if (req.query.length) params.push(`query: {${req.query.map(([k, v]) => `${key(k)}: ${queryValue(v)}`).join(', ')}}`);
  if (req.headers.length) params.push(`header: {${req.headers.map(([k, v]) => `${key(k)}: ${literal(v, 'js', '    ')}`).join(', ')}}`);
  const options = [
    ...(params.length ? ['  params: {', ...params.map((p) => `    ${p},`), '  },'] : []),
    ...(req.body ? [`  body: ${literal(req.body, 'js', '  ')},`] : []),
  ];
  const name = camel(req.name);
  const result = req.outputs.length ? name : undefined;
  return [
    `const {${result ? `data: ${result}, ` : ''}error: ${name}Error, response: ${name}Response} = await client.${req.method}('${req.template}'${options.length ? `, {\n${options.join('\n')}\n}` : ''});`,
    `if (${name}Error) throw new Error(\`${req.method} ${req.template}: \${${name}Response.status} \${${name}Error.code}\`);`,
    ...req.outputs.map((o) => `const ${variableName(o.variable, 'typescript')} = ${name}${jsPath(o.tokens ?? [])};`),
  ].join('\n');
}

function pythonSample(req: StepRequest): string {
  const url = pathPieces(req);
  const urlText = url.some((p) => typeof p !== 'string')
    ? `f"${interpolate(
        url,
        'python',
        (s) => s.replace(/[{}]/g, '$&$&').replace(/(["\\])/g, '\\$1'),
        (e) => `{${e}}`,
      )}"`
    : JSON.stringify(url.join(''));
  const name = snake(req.name);
  const dict = (entries: [string, Value][], indent: string) =>
    `{\n${entries.map(([k, v]) => `${indent}    ${JSON.stringify(k)}: ${literal(v, 'python', `${indent}    `)},`).join('\n')}\n${indent}}`;
  const headers: [string, Value][] = [
    ['Authorization', {kind: 'template', pieces: ['Bearer ', {kind: 'env', name: API_KEY_ENV.toLowerCase()}]}],
    ...req.headers,
  ];
  const generated = [...variablesOf(req.headers.map(([, v]) => v)).values()].some((v) => v.kind === 'generated');
  return [
    ...(generated ? ['import uuid', ''] : []),
    `${name}_response = requests.${req.method.toLowerCase()}(`,
    `    ${urlText},`,
    `    headers=${dict(headers, '    ')},`,
    ...(req.query.length ? [`    params=${dict(req.query, '    ')},`] : []),
    ...(req.body ? [`    json=${literal(req.body, 'python', '    ')},`] : []),
    ')',
    `${name}_response.raise_for_status()`,
    ...(req.outputs.length
      ? [`${name} = ${name}_response.json()`, ...req.outputs.map((o) => `${variableName(o.variable, 'python')} = ${name}${pyPath(o.tokens ?? [])}`)]
      : []),
  ].join('\n');
}

const SAMPLE_WRITERS: Record<SampleLanguage, (req: StepRequest) => string> = {
  curl: curlSample,
  nodejs: nodeSample,
  typescript: typescriptSample,
  python: pythonSample,
};

/** The highlighting of each sample language, from the site's table. */
const highlightOf = (language: SampleLanguage): string => CODE_SAMPLE_LANGUAGES.find((l) => l.language === language)?.highlight ?? 'text';

/** One code sample per language of a step, in `<Tabs groupId="lang">` (the guides' tabs). */
export function stepSamples(req: StepRequest): {language: SampleLanguage; source: string}[] {
  return WORKFLOW_SAMPLE_LANGUAGES.map((language) => ({language, source: SAMPLE_WRITERS[language](req)}));
}

/**
 * `lazy`: only the chosen language's panel is in the HTML, the others rendered when chosen (Docusaurus' `lazy` Tabs):
 * a guide embeds many steps, and four highlighted samples each would double its elements (banking: 2,658 against a
 * guide's 1,500); their page has them all.
 */
function tabs(samples: {language: SampleLanguage; source: string}[], options: {lazy?: boolean} = {}): string {
  return [
    `<Tabs groupId="lang"${options.lazy ? ' lazy' : ''}>`,
    ...samples.map(
      ({language, source}) =>
        `<TabItem value="${TABS[language].value}" label="${TABS[language].label}">\n\n\`\`\`${highlightOf(language)}\n${source}\n\`\`\`\n\n</TabItem>`,
    ),
    '</Tabs>',
  ].join('\n');
}

/**
 * A step's details (its request, samples, checks, outputs, errors) in an element the search index leaves out: the
 * same requests in four languages and the same error responses, step after step, would be most of the site's index.
 */
function details(lines: string[]): string[] {
  return [`<div className="${WORKFLOW_DETAILS_CLASS}">`, '', ...lines, '', '</div>', ''];
}

/** What every sample of the page starts from: the inputs as variables, and the TypeScript client. */
function setupSamples(vars: Variables, server: string): {language: SampleLanguage; source: string}[] {
  const inputs = [...vars.inputs.values()].filter((v) => v.kind === 'input');
  const placeholder = (v: Variable) => `<${v.input}>`;
  return [
    {
      language: 'curl',
      source: [
        `# ${API_KEY_ENV}: your sandbox secret key (sk_sandbox_…)`,
        ...inputs.map((v) => `${variableName(v, 'curl').slice(1)}="${placeholder(v)}"`),
      ].join('\n'),
    },
    {
      language: 'nodejs',
      source: [
        `// Node.js 18+ (fetch); ${API_KEY_ENV}: your sandbox secret key (sk_sandbox_…)`,
        ...inputs.map((v) => `const ${variableName(v, 'nodejs')} = '${placeholder(v)}';`),
      ].join('\n'),
    },
    {
      language: 'typescript',
      source: [
        "import createClient from 'openapi-fetch';",
        "import type {paths} from './novaramp'; // /openapi/novaramp.d.ts",
        '',
        'const client = createClient<paths>({',
        `  baseUrl: '${server}',`,
        `  headers: {Authorization: \`Bearer \${process.env.${API_KEY_ENV}}\`},`,
        '});',
        ...inputs.map((v) => `const ${variableName(v, 'typescript')} = '${placeholder(v)}';`),
      ].join('\n'),
    },
    {
      language: 'python',
      source: ['import os', 'import uuid', 'import requests', '', ...inputs.map((v) => `${variableName(v, 'python')} = "${placeholder(v)}"`)].join('\n'),
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Criteria in words

const COMPARISON = /^\s*(\$[^\s=!<>]+)\s*(==|!=|<=|>=|<|>)\s*(.+?)\s*$/;
const OPERATORS: Record<string, string> = {'==': 'is', '!=': 'is not', '<': 'is less than', '>': 'is more than', '<=': 'is at most', '>=': 'is at least'};

function expressionWords(expression: string, vars: Variables): string {
  const body = /^\$response\.body(?:#(\/.*))?$/.exec(expression);
  if (body)
    return body[1]
      ? `${code(
          parsePointer(`#${body[1]}`)
            .map((t, i) => (/^\d+$/.test(t) ? `[${t}]` : i ? `.${t}` : t))
            .join(''),
        )} of the response body`
      : 'the response body';
  const v = vars.of(expression);
  if (v) return variableWords(v);
  if (expression === '$statusCode') return 'the HTTP status';
  const header = /^\$response\.header\.(.+)$/.exec(expression);
  if (header) return `the ${code(header[1])} response header`;
  return code(expression);
}

function operandWords(text: string, vars: Variables): string {
  if (text.startsWith('$')) return expressionWords(text, vars);
  if (/^'.*'$|^".*"$/.test(text)) return code(text.slice(1, -1));
  return code(text);
}

export function criterionWords(criterion: Criterion, vars: Variables): string {
  const type = typeof criterion.type === 'string' ? criterion.type : criterion.type?.type;
  if (type === 'jsonpath')
    return `${criterion.context ? expressionWords(criterion.context, vars) : 'The response'} has a match for the JSONPath ${code(criterion.condition)}`.replace(
      /^./,
      (c) => c.toUpperCase(),
    );
  if (type === 'regex')
    return `${criterion.context ? expressionWords(criterion.context, vars) : 'The response'} matches the regular expression ${code(criterion.condition)}`.replace(
      /^./,
      (c) => c.toUpperCase(),
    );
  const m = COMPARISON.exec(criterion.condition);
  if (!m) return `${code(criterion.condition)} holds`;
  const [, left, op, right] = m;
  const words = `${expressionWords(left, vars)} ${OPERATORS[op]} ${operandWords(right, vars)}`;
  return words.replace(/^[a-z]/, (c) => c.toUpperCase());
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

interface Resolved {
  api: string;
  model: OperationModel;
  route: string;
}

/** The operation a step calls, resolved from the workflow's sources to its reference model, or a problem. */
function resolveStep(
  wf: WorkflowFile,
  step: Step,
  at: (string | number)[],
  sources: Map<string, {api: string; doc: ApiDocument}>,
  models: Map<string, OperationModel>,
): Resolved | string {
  const where = wf.where(...at, step.operationId ? 'operationId' : 'stepId');
  if (!step.operationId) return `${where}: step "${step.stepId}" calls no operationId (every step is an operation of the eight APIs)`;
  const {source, operationId} = parseOperationId(step.operationId);
  const candidates = source ? [sources.get(source)].filter((s) => s !== undefined) : [...sources.values()];
  if (!candidates.length) return `${where}: ${step.operationId}: no source description is named "${source}"`;
  for (const {api, doc} of candidates) {
    const op = doc.operations().find((o) => o.operationId === operationId);
    if (!op) continue;
    const key = workflowUseKey(api, operationId);
    if (!models.has(key)) models.set(key, buildOperationModel(doc, op, {api}));
    const model = models.get(key)!;
    const slug = model.extensions['x-doc-slug'];
    if (typeof slug !== 'string') return `${where}: ${operationId} has no x-doc-slug, so no reference page to link`;
    return {api, model, route: `/docs${slug}`};
  }
  return `${where}: step "${step.stepId}" calls ${step.operationId}, which ${source ? `the ${source} API` : 'no source description'} does not have`;
}

/** The request a step sends, from its operation's model and its own parameters and payload. */
function stepRequest(step: Step, workflow: Workflow, model: OperationModel, vars: Variables): StepRequest {
  const path = new Map<string, Value>();
  const query: [string, Value][] = [];
  const headers: [string, Value][] = [];
  const params = [...(workflow.parameters ?? []).filter((p) => !(p.in === 'header' && p.name.toLowerCase() === 'authorization')), ...(step.parameters ?? [])];
  for (const p of params) {
    const value = vars.value(p.value);
    // The operation's spelling of the name (headers are case-insensitive).
    const declared = model.parameters.find((x) => x.in === p.in && x.name.toLowerCase() === p.name.toLowerCase());
    const name = declared?.name ?? p.name;
    if (p.in === 'path') path.set(name, value);
    else if (p.in === 'query') query.push([name, value]);
    else if (p.in === 'header') headers.push([name, value]);
  }
  const outputs = Object.entries(step.outputs ?? {}).map(([output, expression]) => {
    const m = /^\$response\.body(?:#(\/.*))?$/.exec(expression);
    return {variable: vars.outputs.get(`${step.stepId}.${output}`)!, tokens: m ? (m[1] ? parsePointer(`#${m[1]}`) : []) : undefined, expression};
  });
  return {
    method: model.method.toUpperCase(),
    server: serverUrl(model),
    template: model.path,
    path,
    query,
    headers,
    ...(step.requestBody?.payload !== undefined
      ? {body: vars.value(step.requestBody.payload), mediaType: step.requestBody.contentType ?? model.requestBody?.content[0]?.mediaType}
      : {}),
    outputs,
    name: step.stepId,
  };
}

const isSandbox = (model: OperationModel): boolean => model.extensions['x-sandbox-only'] === true;

/** The mermaid sequence diagram of the steps: the client calls the API; simulations are marked as the sandbox's. */
export function sequenceDiagram(title: string, steps: {step: Step; resolved: Resolved}[]): string {
  const clean = (s: string) => s.replace(/[;#]/g, ' ').replace(/\s+/g, ' ').trim();
  const lines = [
    'sequenceDiagram',
    `    accTitle: ${clean(title)}`,
    `    accDescr: Every call of your client to the NovaRamp API, in order${steps.some((s) => isSandbox(s.resolved.model)) ? ', the sandbox simulations marked' : ''}`,
    '    participant C as Your client',
    '    participant API as NovaRamp API',
  ];
  steps.forEach(({step, resolved: {model}}, i) => {
    const success =
      (step.successCriteria ?? []).map((c) => /^\s*\$statusCode\s*==\s*(\d{3})\s*$/.exec(c.condition)?.[1]).find(Boolean) ??
      model.responses.find((r) => /^2/.test(r.status))?.status ??
      '2xx';
    if (isSandbox(model)) lines.push('    rect rgba(128, 128, 128, 0.15)', `    Note over C,API: Sandbox only: ${clean(model.summary ?? model.operationId)}`);
    lines.push(`    C->>API: ${i + 1}. ${model.method.toUpperCase()} ${clean(model.path)}`);
    const outputs = Object.keys(step.outputs ?? {});
    lines.push(`    API-->>C: ${success}${outputs.length ? ` (${clean(outputs.join(', '))})` : ''}`);
    if (isSandbox(model)) lines.push('    end');
  });
  return lines.join('\n');
}

function inputsTable(workflow: Workflow, vars: Variables): string {
  const properties = (workflow.inputs?.properties ?? {}) as Record<string, {type?: string; description?: string; pattern?: string}>;
  const required = new Set(workflow.inputs?.required ?? []);
  if (!Object.keys(properties).length) return 'This workflow takes no inputs.';
  return [
    '| Input | Required | In the samples | What it is |',
    '| --- | --- | --- | --- |',
    ...Object.entries(properties).map(([name, schema]) => {
      const v = vars.inputs.get(name)!;
      const names =
        v.kind === 'env'
          ? `${code(`$${API_KEY_ENV}`)} (environment)`
          : [code(variableName(v, 'curl')), code(variableName(v, 'nodejs')), code(variableName(v, 'python'))].join(' · ');
      const description = schema.description ? cell(mdxText(schema.description.replace(/\s+/g, ' ').trim())) : '';
      const pattern = schema.pattern ? ` Pattern ${cell(code(schema.pattern))}.` : '';
      return `| ${code(name)} | ${required.has(name) ? 'yes' : 'no'} | ${names} | ${description}${pattern} |`;
    }),
  ].join('\n');
}

function stepSection(n: number, step: Step, workflow: Workflow, resolved: Resolved, vars: Variables): string {
  const {model, route} = resolved;
  const req = stepRequest(step, workflow, model, vars);
  const title = model.summary ?? model.operationId;
  const sets: string[] = [];
  for (const [name, value] of req.path) sets.push(`| path | ${code(name)} | ${cell(valueWords(value))} |`);
  for (const [name, value] of req.query) sets.push(`| query | ${code(name)} | ${cell(valueWords(value))} |`);
  for (const [name, value] of req.headers) sets.push(`| header | ${code(name)} | ${cell(valueWords(value))} |`);
  if (req.body) for (const [name, value] of fields(req.body)) sets.push(`| body | ${cell(code(name))} | ${cell(valueWords(value))} |`);
  const errors = model.responses.filter((r) => /^[45]/.test(r.status) || r.status === 'default');
  const outputs = req.outputs;
  return [
    // The explicit id as an MDX comment (the site runs Docusaurus' v4 behaviour: no `{#id}` syntax).
    `### ${n}. ${plain(title)} {/* #${stepAnchor(step.stepId)} */}`,
    '',
    `Step ${code(step.stepId)}${isSandbox(model) ? ' · **sandbox only** (a simulation of the outside world)' : ''}. ${step.description ? mdxText(step.description.trim()) : ''}`,
    '',
    ...details([
      `**Sends** ${code(`${req.method} ${model.path}`)}, [${plain(title)}](${route}) in the API reference (${code(model.operationId)})${sets.length ? ', setting:' : '.'}`,
      '',
      ...(sets.length ? ['| In | Name | Value |', '| --- | --- | --- |', ...sets, ''] : []),
      tabs(stepSamples(req)),
      '',
      '**Checks**',
      '',
      ...((step.successCriteria ?? []).length
        ? (step.successCriteria ?? []).map((c) => `- ${criterionWords(c, vars)}.`)
        : ['- The response has a success status (2xx).']),
      '',
      '**Carries forward**',
      '',
      ...(outputs.length
        ? outputs.map(
            (o) =>
              `- ${code(o.variable.output!)}: ${o.tokens ? expressionWords(o.expression, vars) : code(o.expression)}, as ${code(variableName(o.variable, 'curl'))} · ${code(variableName(o.variable, 'nodejs'))} · ${code(variableName(o.variable, 'python'))}.`,
          )
        : ['- Nothing: no later step reads this response.']),
      '',
      '**When it fails**',
      '',
      ...(errors.length
        ? [
            ...errors.map((r) => `- ${code(r.status)}${r.description ? `: ${plain(firstSentence(r.description))}` : ''}`),
            '',
            `Each error is an \`application/problem+json\` body with a \`code\`: see [Error handling](${ERROR_HANDLING}) for what each means and which ones to retry${model.parameters.some((p) => p.name.toLowerCase() === 'idempotency-key') ? ' (with the same `Idempotency-Key`)' : ''}, and the [${plain(title)}](${route}) reference for the details of each response.`,
          ]
        : [`The operation documents no error response; see [Error handling](${ERROR_HANDLING}).`]),
      '',
    ]),
  ].join('\n');
}

/** A variable a guide's step reads: an input by its name, an earlier step's output with a link to that step. */
function embedVariableWords(v: Variable, workflowId: string): string {
  return v.kind === 'input'
    ? code(variableName(v, 'curl'))
    : `${code(variableName(v, 'curl'))} from step [${plain(v.step!)}](${workflowRoute(workflowId)}#${stepAnchor(v.step!)})`;
}

/** The variables a value reads, in order, each once. */
function variablesOf(values: Value[], out = new Map<string, Variable>()): Map<string, Variable> {
  for (const value of values) {
    if (value.kind === 'var') out.set(value.variable.name, value.variable);
    else if (value.kind === 'template') value.pieces.forEach((p) => typeof p !== 'string' && out.set(p.name, p));
    else if (value.kind === 'object')
      variablesOf(
        value.entries.map(([, v]) => v),
        out,
      );
    else if (value.kind === 'array') variablesOf(value.items, out);
  }
  return out;
}

/**
 * The MDX a guide shows for one step of a workflow: the step's samples exactly as its workflow page has them (one
 * writer, so a guide's request and the workflow CI runs cannot differ), where the step comes from, the variables
 * its samples read and the ones it sets for the next steps.
 */
function embedOf(workflow: Workflow, title: string, step: Step, resolved: Resolved, workflowReq: StepRequest): string {
  const {model, route} = resolved;
  const req = withGeneratedKeys(workflowReq);
  const reads = [
    ...variablesOf([...req.path.values(), ...req.query.map(([, v]) => v), ...req.headers.map(([, v]) => v), ...(req.body ? [req.body] : [])]).values(),
  ].filter((v) => v.kind !== 'env' && v.kind !== 'generated');
  const href = `${workflowRoute(workflow.workflowId)}#${stepAnchor(step.stepId)}`;
  const list = (items: string[]) => (items.length < 3 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);
  const reading = reads.length ? ` The samples read ${list(reads.map((v) => embedVariableWords(v, workflow.workflowId)))}` : '';
  const setting = req.outputs.length
    ? `${reads.length ? ', and set' : ' The samples set'} ${list(req.outputs.map((o) => code(variableName(o.variable, 'curl'))))} from the response`
    : '';
  return [
    // Short: a guide embeds many steps, and its own prose says what each one does.
    `Step [${plain(step.stepId)}](${href}) of the workflow [${plain(title)}](${workflowRoute(workflow.workflowId)}), which CI runs against the mock (reference: [${plain(model.summary ?? model.operationId)}](${route})).${reading}${setting}${reading || setting ? '.' : ''}`,
    '',
    tabs(stepSamples(req), {lazy: true}),
  ].join('\n');
}

/** The idempotency key a guide's samples send: made where it is sent, never another request's. */
const GENERATED_KEY: Variable = {kind: 'generated', name: 'idempotency_key'};

/**
 * A step's request as a guide shows it (review N7): a literal `Idempotency-Key` becomes a key generated by the sample
 * (`$(uuidgen)`, `crypto.randomUUID()`, `str(uuid.uuid4())`), since a reader pastes a guide's request and a pasted
 * payout must not replay another. The workflow page keeps the workflow's literal key: the run CI makes needs it.
 */
function withGeneratedKeys(req: StepRequest): StepRequest {
  const headers = req.headers.map(([name, value]): [string, Value] =>
    name.toLowerCase() === 'idempotency-key' && value.kind === 'literal' ? [name, {kind: 'var', variable: GENERATED_KEY}] : [name, value],
  );
  return {...req, headers};
}

/** A variable as the workflow's runtime expression. */
function variableExpression(v: Variable): string {
  if (v.kind === 'generated') return NEW_UUID;
  if (v.kind === 'output') return `$steps.${v.step}.outputs.${v.output}`;
  return `$inputs.${v.input}`;
}

/** A value of the samples as the Run button's descriptor writes it: the workflow's expressions kept. */
function runValue(value: Value): RunValue {
  if (value.kind === 'literal') return {literal: value.value as RunJson};
  if (value.kind === 'var') return {expression: variableExpression(value.variable)};
  if (value.kind === 'template') return {parts: value.pieces.map((p) => (typeof p === 'string' ? p : {expression: variableExpression(p)}))};
  if (value.kind === 'array') return {array: value.items.map(runValue)};
  return {object: value.entries.map(([k, v]) => [k, runValue(v)])};
}

/**
 * What a guide's Run button sends and keeps (src/data/workflow-step-run.ts): the request the guide's samples show
 * (an `Idempotency-Key` new for each Run), the inputs it reads with what their fields show (documented default or
 * first example, the default to compute, type, format, description), and the outputs it sets as the workflow's
 * expressions of the response.
 */
function stepRun(workflow: Workflow, step: Step, workflowReq: StepRequest): StepRun {
  const req = withGeneratedKeys(workflowReq);
  const properties = (workflow.inputs?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const inputs: Record<string, RunInput> = {};
  for (const v of variablesOf([
    ...req.path.values(),
    ...req.query.map(([, x]) => x),
    ...req.headers.map(([, x]) => x),
    ...(req.body ? [req.body] : []),
  ]).values()) {
    if (v.kind !== 'input') continue;
    const schema = properties[v.input!] ?? {};
    const days = ((workflow as {[MIDNIGHT_UTC_DEFAULT]?: Record<string, unknown>})[MIDNIGHT_UTC_DEFAULT] ?? {})[v.input!];
    const text = (key: string) => (typeof schema[key] === 'string' ? {[key]: schema[key] as string} : {});
    inputs[v.input!] = {
      value: (schema.default ?? (schema.examples as unknown[] | undefined)?.[0] ?? schema.example ?? null) as RunJson,
      // tools/workflows/check.ts reports a value that is not an integer.
      ...(Number.isInteger(days) ? {midnightUtcDays: days as number} : {}),
      ...text('type'),
      ...text('format'),
      ...text('description'),
    };
  }
  return {
    workflowId: workflow.workflowId,
    stepId: step.stepId,
    method: req.method,
    path: req.template,
    pathParameters: [...req.path].map(([name, value]) => [name, runValue(value)]),
    query: req.query.map(([name, value]) => [name, runValue(value)]),
    headers: req.headers.map(([name, value]) => [name, runValue(value)]),
    ...(req.body ? {body: runValue(req.body), mediaType: req.mediaType ?? 'application/json'} : {}),
    inputs,
    outputs: req.outputs.map((o) => [o.variable.output!, o.expression]),
  };
}

/** The MDX of one workflow's page. */
function pageOf(wf: WorkflowFile, workflow: Workflow, steps: {step: Step; resolved: Resolved}[], position: number): string {
  const vars = new Variables(workflow);
  const title = wf.doc.info?.title ?? workflow.workflowId;
  const summary = workflow.summary ?? wf.doc.info?.summary ?? '';
  const server = steps[0] ? serverUrl(steps[0].resolved.model) : '';
  const front = [
    '---',
    `title: ${JSON.stringify(title)}`,
    `sidebar_label: ${JSON.stringify(title)}`,
    `sidebar_position: ${position}`,
    `description: ${JSON.stringify(proseText(summary || title))}`,
    'custom_edit_url: null',
    '---',
  ];
  const outputs = Object.entries(workflow.outputs ?? {});
  return [
    ...front,
    '',
    // relies on: openapi-tabs
    "import Tabs from '@theme/Tabs';",
    // relies on: openapi-tabs
    "import TabItem from '@theme/TabItem';",
    '',
    `# ${plain(title)}`,
    '',
    ...(summary ? [mdxText(summary.trim()), ''] : []),
    ...(wf.doc.info?.description ? [mdxText(wf.doc.info.description.trim()), ''] : []),
    ...(workflow.description ? [mdxText(workflow.description.trim()), ''] : []),
    `This page is generated from the Arazzo workflow ${code(workflow.workflowId)} (${code(wf.file)}), which CI runs against the mock server: every request below is the one the workflow sends.`,
    '',
    '## Inputs',
    '',
    inputsTable(workflow, vars),
    '',
    'The samples below start from these variables:',
    '',
    ...details([tabs(setupSamples(vars, server))]),
    '## Sequence',
    '',
    '```mermaid',
    sequenceDiagram(title, steps),
    '```',
    '',
    '## Steps',
    '',
    ...steps.map(({step, resolved}, i) => stepSection(i + 1, step, workflow, resolved, vars)),
    ...(outputs.length
      ? [
          '## Outputs',
          '',
          'What the workflow hands back once every step passed:',
          '',
          ...outputs.map(([name, expression]) => `- ${code(name)}: ${expressionWords(expression, vars)}`),
          '',
        ]
      : []),
  ].join('\n');
}

/** The API each root file of the portal is (`openapi/fiat.yaml` → `fiat`). */
const ROOTS = new Map<string, string>(API_SPECS.map((api) => [specPath(api), api]));

/**
 * The pages of every workflow file given (absolute paths; default: openapi/workflows/), from the bundled APIs by
 * id. Throws WorkflowPageError listing every step whose operation is missing, as `file:line: message`.
 */
export function workflowPages(siteDir: string, apis: Map<string, ApiDocument>, files = workflowFiles(siteDir)): WorkflowPages {
  const problems: string[] = [];
  const models = new Map<string, OperationModel>();
  const built: {id: string; mdx: (position: number) => string; uses: [string, WorkflowUse][]}[] = [];
  const embeds = new Map<string, StepEmbed>();
  for (const abs of files) {
    const wf = readWorkflowFile(abs, siteDir);
    if (wf.errors.length) {
      problems.push(...wf.errors);
      continue;
    }
    const sources = new Map<string, {api: string; doc: ApiDocument}>();
    for (const [i, source] of (wf.doc.sourceDescriptions ?? []).entries()) {
      const root = path
        .relative(siteDir, path.resolve(path.dirname(abs), String(source.url)))
        .split(path.sep)
        .join('/');
      const api = ROOTS.get(root);
      const doc = api ? apis.get(api) : undefined;
      if (!api || !doc) problems.push(`${wf.where('sourceDescriptions', i, 'url')}: source "${source.name}" is not one of the eight APIs (${source.url})`);
      else sources.set(source.name, {api, doc});
    }
    (wf.doc.workflows ?? []).forEach((workflow, w) => {
      const steps: {step: Step; resolved: Resolved}[] = [];
      const uses: [string, WorkflowUse][] = [];
      const title = wf.doc.info?.title ?? workflow.workflowId;
      const vars = new Variables(workflow);
      (workflow.steps ?? []).forEach((step, s) => {
        const resolved = resolveStep(wf, step, ['workflows', w, 'steps', s], sources, models);
        if (typeof resolved === 'string') return problems.push(resolved);
        steps.push({step, resolved});
        const {model} = resolved;
        const req = stepRequest(step, workflow, model, vars);
        const sends = [
          ...req.query.map(([name]) => `query ${name}`),
          ...req.headers.map(([name]) => `header ${name.toLowerCase()}`),
          ...(req.body?.kind === 'object' ? req.body.entries.map(([name]) => `body ${name}`) : []),
        ];
        embeds.set(stepKey(workflow.workflowId, step.stepId), {
          workflowId: workflow.workflowId,
          stepId: step.stepId,
          api: resolved.api,
          operationId: model.operationId,
          method: model.method.toUpperCase(),
          path: model.path,
          where: wf.where('workflows', w, 'steps', s, 'stepId'),
          sends,
          mdx: embedOf(workflow, title, step, resolved, req),
          run: stepRun(workflow, step, req),
        });
        uses.push([
          workflowUseKey(resolved.api, resolved.model.operationId),
          {workflowId: workflow.workflowId, title, stepId: step.stepId, href: `${workflowRoute(workflow.workflowId)}#${stepAnchor(step.stepId)}`},
        ]);
        return undefined;
      });
      const id = workflow.workflowId || workflowIdOfFile(abs);
      built.push({id, uses, mdx: (position) => pageOf(wf, workflow, steps, position)});
    });
  }
  if (problems.length) throw new WorkflowPageError(problems);
  const order = (id: string) => {
    const i = (WORKFLOW_ORDER as readonly string[]).indexOf(id);
    return i < 0 ? WORKFLOW_ORDER.length : i;
  };
  built.sort((a, b) => order(a.id) - order(b.id) || a.id.localeCompare(b.id));
  const pages = new Map<string, string>();
  const uses = new Map<string, WorkflowUse[]>();
  built.forEach(({id, mdx, uses: list}, i) => {
    pages.set(`${id}.mdx`, mdx(i + 1));
    for (const [key, use] of list) uses.set(key, [...(uses.get(key) ?? []), use]);
  });
  return {pages, uses, steps: embeds};
}

/** The "Used in workflows" line of an operation page: each workflow that calls it, linked to its steps. */
export function usedInWorkflowsMdx(uses: readonly WorkflowUse[]): string {
  if (!uses.length) return '';
  const byWorkflow = new Map<string, WorkflowUse[]>();
  for (const use of uses) byWorkflow.set(use.workflowId, [...(byWorkflow.get(use.workflowId) ?? []), use]);
  const items = [...byWorkflow.values()].map((list) => {
    if (list.length === 1) return `[${plain(list[0].title)}](${list[0].href}) (step ${code(list[0].stepId)})`;
    return `[${plain(list[0].title)}](${list[0].href}) (steps ${list.map((u) => `[${plain(u.stepId)}](${u.href})`).join(', ')})`;
  });
  return `**Used in workflows:** ${items.join('; ')}.`;
}
