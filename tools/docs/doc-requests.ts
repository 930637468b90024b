/**
 * The HTTP requests the docs show, each with the status the page says it answers and the response bodies it
 * shows, read from the hand-written pages so that tests can send them to the mock (tests/spec/docs-requests.test.ts).
 *
 * The convention, one for every page:
 * - Pages: docs/guides/**\/*.md and docs/api/*.md (docs/api/reference/ is generated from the spec, not prose).
 * - A request is a `curl` command in a fenced block of language bash, sh, shell or console, in the cURL tab of
 *   a `<Tabs>` or on its own. Other commands in such blocks (`export`, `npm run mock`) are not requests.
 *   The command is read with shell quoting (shell-quote); `$NOVARAMP_API_KEY` and `sk_sandbox_...` keys stand for
 *   the reader's sandbox key, `$(uuidgen)` for a fresh UUID, and an UPPER_CASE variable ending in `_ID` for an
 *   identifier an earlier sample of the page set from a response (`BANK_ACCOUNT_ID=$(jq -r '.id' bank-account.json)`
 *   after a request saved with `-o bank-account.json`; it stays `$BANK_ACCOUNT_ID` in the path or body); any other
 *   variable or command substitution is an error.
 * - The status a request answers is written in a fence title, `title="<code> <reason phrase>"`, the reason being
 *   the standard phrase of the code (`201 Created`, `204 No Content`, `409 Conflict`):
 *   - on a ```json block: that block is the response body of that status to the nearest request above it on
 *     the page (```json title="201 Created");
 *   - on the request's own block, when no body is shown (```bash title="204 No Content").
 *   Every request states at least one status. A 2xx is what the request, as written, answers; a 4xx or 5xx is an
 *   error example ("what can go wrong"), which the mock is asked for with `Prefer: code=<status>`.
 * - A ```json block without a status title (a webhook event, one object of a list) is not a response body.
 * - A step of a workflow embedded with `::workflow-step{workflow="…" step="…"}` (tools/workflows/) is a request too:
 *   its samples are the workflow's, which tests/spec/workflows.test.ts runs, so it is not sent again here; a response
 *   block titled after it is its body, and needs no status of its own (the workflow's success criteria state it).
 * Mistakes are reported as `file:line: message`.
 */
import {randomUUID} from 'node:crypto';
import fs from 'node:fs';
import {STATUS_CODES} from 'node:http';
import path from 'node:path';
import {directiveFromMarkdown} from 'mdast-util-directive';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {directive} from 'micromark-extension-directive';
import {parse as parseShell} from 'shell-quote';

/** The base URLs a documented request may use: the sandbox, production and the local mock of `npm run mock`. */
export const DOC_BASE_URLS = ['https://api.sandbox.novaramp.example/v1', 'https://api.novaramp.example/v1', 'http://127.0.0.1:4010'];
/** What an extracted request carries in place of the reader's API key; callers put their test key there. */
export const API_KEY_PLACEHOLDER = '$NOVARAMP_API_KEY';

const REQUEST_LANGS = new Set(['bash', 'sh', 'shell', 'console']);
const RESPONSE_LANGS = new Set(['json']);

export interface StatedStatus {
  status: number;
  /** Line of the fence that states it. */
  line: number;
  /** The response body shown for it, as written (a ```json block with the status title). */
  body?: {text: string; line: number};
}

export interface DocRequest {
  /** Page path relative to the site root. */
  file: string;
  /** Line of the `curl` command. */
  line: number;
  method: string;
  /** The documented base URL it goes to (one of DOC_BASE_URLS). */
  base: string;
  /** Path and query after the base URL, e.g. `/coins?limit=2`. */
  path: string;
  headers: [string, string][];
  body?: string;
  statuses: StatedStatus[];
  /** Set for a workflow step the page embeds (`::workflow-step`): method, base and path are then empty. */
  step?: {workflow: string; step: string};
}

/** The leaf directive that embeds a workflow step in a page (src/plugins/workflow-steps/remark.ts). */
export const WORKFLOW_STEP_DIRECTIVE = 'workflow-step';

export interface PageRequests {
  file: string;
  requests: DocRequest[];
}

export interface DocRequestsResult {
  pages: PageRequests[];
  /** `file:line: message` for every request or status title that breaks the convention. */
  problems: string[];
}

/** The hand-written pages whose requests are checked, relative to siteDir, sorted. */
export function docPages(siteDir: string): string[] {
  const guides = fs
    .readdirSync(path.join(siteDir, 'docs/guides'), {recursive: true})
    .map((f) => path.posix.join('docs/guides', String(f).split(path.sep).join('/')));
  const api = fs.readdirSync(path.join(siteDir, 'docs/api')).map((f) => `docs/api/${f}`);
  return [...guides, ...api].filter((f) => f.endsWith('.md')).sort();
}

class DocError extends Error {}

/** The `title` of a fence's meta string (```json title="201 Created"). */
export function fenceTitle(meta: string | null | undefined): string | undefined {
  const m = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta ?? '');
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** The status a fence title states, undefined when the title is not a status; throws on a wrong reason phrase. */
export function statusOfTitle(title: string | undefined): number | undefined {
  const m = /^(\d{3})\b\s*(.*)$/.exec(title?.trim() ?? '');
  if (!m) return undefined;
  const status = Number(m[1]);
  const reason = STATUS_CODES[status];
  if (!reason) throw new DocError(`title "${title}": ${status} is not an HTTP status`);
  if (m[2] !== reason) throw new DocError(`title "${title}": write the status as "${status} ${reason}"`);
  return status;
}

/** Joins backslash-newline continuations the way the shell does (not inside single quotes), keeping line starts. */
export function shellLines(text: string): {text: string; offset: number}[] {
  const lines: {text: string; offset: number}[] = [];
  let current = '';
  let start = 0;
  let quote: "'" | '"' | null = null;
  const src = text.split('\n');
  for (let i = 0; i < src.length; i++) {
    const line = src[i];
    if (current === '' && quote === null) start = i;
    let j = 0;
    for (; j < line.length; j++) {
      const c = line[j];
      if (quote === "'") {
        if (c === "'") quote = null;
      } else if (c === '\\') {
        j++;
      } else if (c === "'" || c === '"') {
        if (quote === null) quote = c;
        else if (quote === c) quote = null;
      }
    }
    const continued = quote !== "'" && line.endsWith('\\') && !line.endsWith('\\\\');
    current += continued ? line.slice(0, -1) : line;
    if (continued || quote !== null) {
      if (!continued) current += '\n';
      continue;
    }
    lines.push({text: current, offset: start});
    current = '';
  }
  if (current !== '') lines.push({text: current, offset: start});
  return lines;
}

interface ParsedCurl {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
}

/** Options of curl that take no value and do not change the request. */
const CURL_FLAGS = new Set([
  '-s',
  '--silent',
  '-S',
  '--show-error',
  '-i',
  '--include',
  '-v',
  '--verbose',
  '-f',
  '--fail',
  '--fail-with-body',
  '-L',
  '--location',
  '--compressed',
  // The event stream's samples: print each event as it arrives.
  '-N',
  '--no-buffer',
]);

/** Reads one curl command line (already joined) into method, URL, headers and body. */
export function parseCurl(command: string): ParsedCurl {
  const unknownVars: string[] = [];
  const tokens = parseShell(command, (name: string) => {
    if (name === 'NOVARAMP_API_KEY') return API_KEY_PLACEHOLDER;
    if (/^[A-Z][A-Z0-9_]*_ID$/.test(name)) return `$${name}`;
    // shell-quote asks for the empty name at `$(`: keep the `$` so that the substitution is seen below.
    if (name === '') return '$';
    unknownVars.push(name);
    return '';
  });
  if (unknownVars.length)
    throw new DocError(
      `unknown shell variable ${unknownVars.map((v) => `$${v}`).join(', ')}: use $NOVARAMP_API_KEY for the key, or an UPPER_CASE *_ID variable an earlier sample set`,
    );
  const args: string[] = [];
  for (const t of tokens) {
    if (typeof t === 'string') args.push(t);
    else if ('comment' in t) break;
    else if ('op' in t && t.op === 'glob') args.push(t.pattern);
    else throw new DocError(`shell operator ${JSON.stringify(t)} in a curl command: show one plain curl command per request`);
  }
  if (args[0] !== 'curl') throw new DocError('not a curl command');
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  const headers: [string, string][] = [];
  const value = (i: number, opt: string): string => {
    if (i >= args.length) throw new DocError(`curl option ${opt} has no value`);
    return args[i];
  };
  for (let i = 1; i < args.length; i++) {
    const a = args[i];
    if (a === '-X' || a === '--request') method = value(++i, a).toUpperCase();
    else if (a === '-H' || a === '--header') {
      const h = value(++i, a);
      const colon = h.indexOf(':');
      if (colon <= 0) throw new DocError(`header "${h}" has no name: write -H "Name: value"`);
      headers.push([h.slice(0, colon).trim(), h.slice(colon + 1).trim()]);
    } else if (['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--json'].includes(a)) {
      const d = value(++i, a);
      if (d.startsWith('@') && a !== '--data-raw') throw new DocError(`${a} ${d} reads a file: show the body inline`);
      if (body !== undefined) throw new DocError('more than one body option: send the whole body in one -d');
      body = d;
      if (a === '--json') headers.push(['Content-Type', 'application/json'], ['Accept', 'application/json']);
    } else if (a === '--url') url = value(++i, a);
    else if (a === '-o' || a === '--output') value(++i, a);
    // How long curl waits (a stream's sample ends with it): not part of the request.
    else if (a === '-m' || a === '--max-time' || a === '--connect-timeout') value(++i, a);
    else if (CURL_FLAGS.has(a) || /^-[sSivfL]+$/.test(a)) continue;
    else if (a.startsWith('-')) throw new DocError(`curl option ${a} is not supported by the docs request check (tools/docs/doc-requests.ts)`);
    else if (url === undefined) url = a;
    else throw new DocError(`a second URL "${a}": show one request per curl command`);
  }
  if (!url) throw new DocError('curl command without a URL');
  if (/\$\(|`/.test([url, body ?? '', ...headers.flat()].join('\n').replace(/\$\(uuidgen\)/g, ''))) {
    throw new DocError('command substitution other than $(uuidgen) cannot be run');
  }
  const fresh = (s: string) => s.replace(/\$\(uuidgen\)/g, () => randomUUID());
  return {
    method: method ?? (body !== undefined ? 'POST' : 'GET'),
    url: fresh(url),
    headers: headers.map(([k, v]) => [k, fresh(v)]),
    body: body === undefined ? undefined : fresh(body),
  };
}

/** The request of a parsed curl command, with the base URL removed and the reader's key as the placeholder. */
function toDocRequest(curl: ParsedCurl, file: string, line: number): DocRequest {
  const base = DOC_BASE_URLS.find((b) => curl.url === b || curl.url.startsWith(`${b}/`) || curl.url.startsWith(`${b}?`));
  if (!base) throw new DocError(`URL ${curl.url} is not under a documented base URL (${DOC_BASE_URLS.join(', ')})`);
  const headers = curl.headers.map(([name, v]): [string, string] => {
    if (name.toLowerCase() !== 'authorization') return [name, v];
    const m = /^Bearer (\S+)$/.exec(v);
    if (!m) throw new DocError(`Authorization "${v}": write "Bearer $NOVARAMP_API_KEY"`);
    if (m[1] !== API_KEY_PLACEHOLDER && !/^sk_sandbox_\S+$/.test(m[1]))
      throw new DocError(`key "${m[1]}": show $NOVARAMP_API_KEY or a sk_sandbox_ placeholder`);
    return [name, `Bearer ${API_KEY_PLACEHOLDER}`];
  });
  return {file, line, method: curl.method, base, path: curl.url.slice(base.length) || '/', headers, body: curl.body, statuses: []};
}

interface CodeNode {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  position?: {start: {line: number}};
  children?: CodeNode[];
  name?: string;
  attributes?: Record<string, string | null | undefined> | null;
}

/** The page's code blocks and workflow-step directives, in page order. */
function codeBlocks(node: CodeNode, out: CodeNode[] = []): CodeNode[] {
  if (node.type === 'code' || (node.type === 'leafDirective' && node.name === WORKFLOW_STEP_DIRECTIVE)) out.push(node);
  for (const child of node.children ?? []) codeBlocks(child, out);
  return out;
}

/** A page's Markdown as a tree, directives read (a `::workflow-step` is a leaf directive node). */
const parsePage = (markdown: string): CodeNode => fromMarkdown(markdown, {extensions: [directive()], mdastExtensions: [directiveFromMarkdown()]}) as CodeNode;

/** The requests of one page (markdown text), with the problems found in it. */
export function extractPage(file: string, markdown: string): {requests: DocRequest[]; problems: string[]} {
  const requests: DocRequest[] = [];
  const problems: string[] = [];
  let last: DocRequest | undefined;
  for (const block of codeBlocks(parsePage(markdown))) {
    const fenceLine = block.position?.start.line ?? 0;
    if (block.type === 'leafDirective') {
      const {workflow, step} = block.attributes ?? {};
      if (!workflow || !step) problems.push(`${file}:${fenceLine}: write ::${WORKFLOW_STEP_DIRECTIVE}{workflow="<workflowId>" step="<stepId>"}`);
      else requests.push((last = {file, line: fenceLine, method: '', base: '', path: '', headers: [], statuses: [], step: {workflow, step}}));
      continue;
    }
    const lang = (block.lang ?? '').toLowerCase();
    let status: number | undefined;
    try {
      status = statusOfTitle(fenceTitle(block.meta));
    } catch (err) {
      if (!(err instanceof DocError)) throw err;
      problems.push(`${file}:${fenceLine}: ${err.message}`);
    }
    if (REQUEST_LANGS.has(lang)) {
      let inBlock: DocRequest | undefined;
      let sawCurl = false;
      for (const {text, offset} of shellLines(block.value ?? '')) {
        if (!/^\s*curl\s/.test(text)) continue;
        sawCurl = true;
        const line = fenceLine + 1 + offset;
        try {
          inBlock = toDocRequest(parseCurl(text.trim()), file, line);
          requests.push(inBlock);
          last = inBlock;
        } catch (err) {
          if (!(err instanceof DocError)) throw err;
          problems.push(`${file}:${line}: ${err.message}`);
        }
      }
      if (status !== undefined) {
        if (inBlock) inBlock.statuses.push({status, line: fenceLine});
        else if (!sawCurl) problems.push(`${file}:${fenceLine}: a status title on a block without a curl request`);
      }
    } else if (status !== undefined) {
      if (!RESPONSE_LANGS.has(lang))
        problems.push(`${file}:${fenceLine}: a status title goes on a json response block or on the request's own block, not on a ${lang || 'plain'} block`);
      else if (!last) problems.push(`${file}:${fenceLine}: a ${status} response body with no curl request above it on the page`);
      else last.statuses.push({status, line: fenceLine, body: {text: block.value ?? '', line: fenceLine + 1}});
    }
  }
  for (const r of requests) {
    if (!r.statuses.length && !r.step) {
      problems.push(
        `${r.file}:${r.line}: ${r.method} ${r.path} states no status: title its response block (\`\`\`json title="200 OK") or, with no body shown, its own block (\`\`\`bash title="204 No Content")`,
      );
    }
  }
  return {requests, problems};
}

/** Every documented request of the site, page by page. */
export function extractDocRequests(siteDir: string): DocRequestsResult {
  const pages: PageRequests[] = [];
  const problems: string[] = [];
  for (const file of docPages(siteDir)) {
    const page = extractPage(file, fs.readFileSync(path.join(siteDir, file), 'utf8'));
    pages.push({file, requests: page.requests});
    problems.push(...page.problems);
  }
  return {pages, problems};
}
