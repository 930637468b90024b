/**
 * Checks that the hand-written pages agree with the OpenAPI spec: endpoints, API URLs, identifiers
 * (fields, parameters, enum values, error codes), event types, headers and docs links must all exist,
 * JSON examples may only use field names the spec defines, every operation is linked from a guide or
 * an API docs page, and no placeholder text ships. Pages about the WebSocket stream (those that name a `wss://` URL)
 * are held to its AsyncAPI document (tools/spec/asyncapi.ts) the same way: URLs, channels, message types, close codes and
 * fields must exist, and each JSON message must validate against its payload. Problems are reported as
 * `file:line: message`.
 *
 * Run: npm run check:content (scripts/check-content.ts)
 */
import fs from 'node:fs';
import path from 'node:path';
import {GENERATED_DIR} from '../../src/data/api-table';
import {WORKFLOW_PAGES_DIR} from '../../src/data/navigation';
import {specFiles} from '../openapi/spec-files';
import {parseYamlData} from '../openapi/yaml-data';
import {loadOperations} from '../spec/spec-model';
import {payloadValidators, streamVocabulary, ajvErrors, type StreamVocabulary} from '../spec/asyncapi';
import {renderPage} from './rendered';
import type {ValidateFunction} from 'ajv';

const API_BASES = ['https://api.sandbox.novaramp.example/v1', 'https://api.novaramp.example/v1'];
const STANDARD_HEADERS = ['authorization', 'content-type', 'accept', 'retry-after', 'user-agent', 'location'];
const FILE_EXTENSIONS = /\.(ya?ml|json|md|mdx|ts|js|txt|xml|html|sh|py|go|rb|php|java|cs)$/;
const PLACEHOLDER = /lorem ipsum|\bTODO\b|\bTBD\b|coming soon/i;
/** A literal secret or restricted key (a visibly fake `sk_sandbox_...` or `$NOVARAMP_API_KEY` is what pages show). */
const LITERAL_KEY = /\b(?:sk|rk)_(?:sandbox|live)_(?!X+\b)[A-Za-z0-9]{8,}/;

export interface Vocabulary {
  endpoints: {method: string; template: string; pattern: RegExp}[];
  identifiers: Set<string>;
  events: Set<string>;
  headers: Set<string>;
  idPrefixes: Set<string>;
  routes: Set<string>;
  operationRoutes: string[];
  /** The WebSocket API (openapi/websocket.asyncapi.yaml), and a validator of each of its messages by `type`. */
  stream: StreamVocabulary;
  streamPayload: (type: string) => ValidateFunction | undefined;
}

function walkYaml(node: unknown, visit: (key: string, value: unknown, parentKey: string) => void, parentKey = ''): void {
  if (Array.isArray(node)) {
    for (const item of node) walkYaml(item, visit, parentKey);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      visit(key, value, parentKey);
      walkYaml(value, visit, key);
    }
  }
}

export const templatePattern = (template: string): RegExp =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);

export function buildVocabulary(siteDir: string, routes: string[]): Vocabulary {
  const identifiers = new Set<string>();
  const headers = new Set<string>(STANDARD_HEADERS);
  const idPrefixes = new Set<string>();
  const events = new Set<string>();
  // Released snapshots hold what the API was, not what pages may name now.
  const yamlFiles = specFiles(siteDir, {releases: false})
    // The AsyncAPI document is the stream's vocabulary (Vocabulary.stream), not the REST API's.
    .filter((f) => f.endsWith('.yaml') && !f.endsWith('.asyncapi.yaml'))
    // The Arazzo workflows (openapi/workflows/) only use the API's names; what they name is checked against the spec
    // by tools/workflows/check.ts, and must not widen what pages may name.
    .filter((f) => !f.endsWith('.arazzo.yaml'));
  for (const file of yamlFiles) {
    const doc = parseYamlData(fs.readFileSync(path.join(siteDir, file), 'utf8')) as {webhooks?: object; in?: unknown; name?: unknown} | null;
    for (const event of Object.keys(doc?.webhooks ?? {})) events.add(event);
    // A parameter in a file of its own (openapi/components/parameters/) is the document itself.
    if (doc?.in === 'header' && typeof doc.name === 'string') headers.add(doc.name.toLowerCase());
    walkYaml(doc, (key, value, parentKey) => {
      if (parentKey === 'properties' || parentKey === 'headers') identifiers.add(key);
      if (parentKey === 'headers') headers.add(key.toLowerCase());
      if (key === 'name' && typeof value === 'string') identifiers.add(value);
      for (const param of (Array.isArray(value) ? value : [value]) as {in?: unknown; name?: unknown}[]) {
        if (param && typeof param === 'object' && param.in === 'header' && typeof param.name === 'string') {
          headers.add(param.name.toLowerCase());
        }
      }
      if (key === 'enum' && Array.isArray(value)) for (const v of value) identifiers.add(String(v));
      if (key === 'pattern' && typeof value === 'string') {
        const prefix = /^\^\(?([a-z|]+)\)?_/.exec(value)?.[1];
        for (const p of prefix?.split('|') ?? []) idPrefixes.add(p);
      }
      if (typeof value === 'string' && (key === 'description' || key === 'summary')) {
        // Tokens the spec itself writes in backticks (key prefixes such as sk_sandbox_, whsec_) are vocabulary too.
        for (const m of value.matchAll(/`([^`\n]+)`/g)) identifiers.add(m[1]);
      }
    });
  }
  const ops = loadOperations(siteDir);
  return {
    endpoints: ops.filter((op) => op.method !== 'event').map((op) => ({method: op.method.toUpperCase(), template: op.path, pattern: templatePattern(op.path)})),
    identifiers,
    events,
    headers,
    idPrefixes,
    routes: new Set(routes),
    operationRoutes: ops.filter((op) => op.method !== 'event').map((op) => `/docs${op.slug}`),
    stream: streamVocabulary(siteDir),
    streamPayload: payloadValidators(siteDir),
  };
}

interface Problem {
  line: number;
  message: string;
}

/** Splits a page into prose (with fenced code blanked out, keeping line numbers) and its fenced blocks. */
export function splitFences(text: string): {prose: string; blocks: {lang: string; body: string; line: number}[]} {
  const blocks: {lang: string; body: string; line: number}[] = [];
  const lines = text.split('\n');
  const prose: string[] = [];
  let fence: {marker: string; lang: string; start: number; body: string[]} | null = null;
  lines.forEach((line, i) => {
    const open = /^\s*(```+|~~~+)\s*([\w-]*)/.exec(line);
    if (!fence && open) {
      fence = {marker: open[1], lang: open[2] ?? '', start: i + 2, body: []};
      prose.push('');
    } else if (fence && line.trim().startsWith(fence.marker)) {
      blocks.push({lang: fence.lang, body: fence.body.join('\n'), line: fence.start});
      fence = null;
      prose.push('');
    } else if (fence) {
      fence.body.push(line);
      prose.push('');
    } else {
      prose.push(line);
    }
  });
  return {prose: prose.join('\n'), blocks};
}

const lineAt = (text: string, index: number, offset = 1): number => text.slice(0, index).split('\n').length + offset - 1;

function matchEndpoint(vocab: Vocabulary, method: string | undefined, rawPath: string): string | null {
  const p = rawPath
    .replace(/^\/v1(?=\/)/, '')
    .replace(/[?#].*$/, '')
    .replace(/[.,;:)`'"]+$/, '');
  const candidates = vocab.endpoints.filter((e) => e.pattern.test(p) || e.template === p);
  if (candidates.length === 0) return `unknown API path ${p}`;
  if (method && !candidates.some((e) => e.method === method)) {
    return `${method} ${p} is not an operation of the spec (it has ${[...new Set(candidates.map((e) => e.method))].join(', ')})`;
  }
  return null;
}

function collectJsonKeys(value: unknown, keys: Set<string>): void {
  if (Array.isArray(value)) value.forEach((v) => collectJsonKeys(v, keys));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      // `metadata` holds the integrator's own free-form keys.
      if (k !== 'metadata') collectJsonKeys(v, keys);
    }
  }
}

/** What a stream page's prose names: channels, message types and close codes, in running text and in tables. */
function streamProblems(prose: string, stream: StreamVocabulary, identifiers: Set<string>): {problems: Problem[]; references: number} {
  const problems: Problem[] = [];
  let references = 0;
  const expect = (kind: 'channel' | 'message' | 'close code', token: string, line: number) => {
    references++;
    const known = kind === 'channel' ? stream.channels : kind === 'message' ? stream.messageTypes : stream.closeCodes;
    if (!known.has(token)) problems.push({line, message: `\`${token}\` is not a ${kind} of the WebSocket API`});
  };
  const lines = prose.split('\n');
  let columns: string[] = [];
  lines.forEach((text, i) => {
    const line = i + 1;
    for (const m of text.matchAll(/`([a-z_]+)` channels?\b|\bchannels? `([a-z_]+)`/gi)) expect('channel', m[1] ?? m[2], line);
    for (const m of text.matchAll(/`([a-z_]+)` messages?\b|\bmessages? `([a-z_]+)`|`"type": ?"([a-z_]+)"`/gi)) expect('message', m[1] ?? m[2] ?? m[3], line);
    for (const m of text.matchAll(/`([1-4]\d{3})`/g)) expect('close code', m[1], line);
    // A bare word in code is a field, a message type, a channel or an enum value of either API.
    for (const m of text.matchAll(/`([a-z]+)`(?! package)/g)) {
      references++;
      const t = m[1];
      if (!stream.fields.has(t) && !stream.messageTypes.has(t) && !stream.channels.has(t) && !identifiers.has(t)) {
        problems.push({line, message: `\`${t}\` is not a field, message type or channel of the WebSocket API, nor a name of the REST API`});
      }
    }
    // Tables: a column headed Channel or Message names channels or message types.
    const cells = /^\s*\|(.*)\|\s*$/
      .exec(text)?.[1]
      .split('|')
      .map((c) => c.trim());
    if (!cells) columns = [];
    else if (columns.length === 0) columns = cells.map((c) => c.toLowerCase());
    else if (!cells.every((c) => /^:?-+:?$/.test(c))) {
      cells.forEach((cell, c) => {
        const kind = columns[c] === 'channel' ? 'channel' : columns[c] === 'message' ? 'message' : null;
        const token = /^`([a-z_]+)`$/.exec(cell)?.[1];
        if (kind && token) expect(kind, token, line);
      });
    }
  });
  return {problems, references};
}

export interface FileReport {
  problems: Problem[];
  references: number;
  links: Set<string>;
}

export function checkPage(rel: string, text: string, vocab: Vocabulary): FileReport {
  const problems: Problem[] = [];
  const links = new Set<string>();
  let references = 0;
  const {prose, blocks} = splitFences(text);
  const stream = /wss:\/\//.test(text);

  // Endpoints named as METHOD /path, in prose and in code.
  for (const m of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\s+(\/[A-Za-z0-9_{}/.-]*)/g)) {
    references++;
    const problem = matchEndpoint(vocab, m[1], m[2]);
    if (problem) problems.push({line: lineAt(text, m.index), message: problem});
  }
  // API URLs, e.g. in cURL commands; `-X METHOD` on the same command must be an operation of that path.
  for (const base of API_BASES) {
    const re = new RegExp(`${base.replace(/[.]/g, '\\.')}(/[^\\s"'\`)\\\\]*)`, 'g');
    for (const m of text.matchAll(re)) {
      references++;
      const command = text.slice(Math.max(0, text.lastIndexOf('curl', m.index)), m.index);
      const method = /(?:-X|--request)\s+([A-Z]+)/.exec(command)?.[1];
      const problem = matchEndpoint(vocab, method, m[1]);
      if (problem) problems.push({line: lineAt(text, m.index), message: problem});
    }
  }
  // Inline code in prose: identifiers, event types, headers, ids.
  for (const m of prose.matchAll(/`([^`\n]+)`/g)) {
    const token = m[1].trim();
    const line = lineAt(prose, m.index);
    if (/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(token)) {
      references++;
      if (!vocab.identifiers.has(token) && !(stream && vocab.stream.fields.has(token))) {
        problems.push({line, message: `\`${token}\` is not a field, parameter, enum value or error code of the spec`});
      }
    } else if (/^[a-z]+(_[a-z]+)*(\.[a-z]+(_[a-z]+)*)+$/.test(token) && !FILE_EXTENSIONS.test(token)) {
      references++;
      const segments = token.split('.');
      const eventPrefixes = new Set([...vocab.events].map((e) => e.split('.')[0]));
      const isFieldPath = segments.every((s) => vocab.identifiers.has(s));
      if (eventPrefixes.has(segments[0]) ? !vocab.events.has(token) && !isFieldPath : !isFieldPath) {
        problems.push({line, message: `\`${token}\` is not an event type (or field path) of the spec`});
      }
    } else if (/^([A-Z][a-z]*)(-[A-Z][a-z]*)+$/.test(token) || /^(webhook|x)-[a-z-]+$/i.test(token)) {
      references++;
      if (!vocab.headers.has(token.toLowerCase())) problems.push({line, message: `\`${token}\` is not a header of the spec`});
    } else if (/^[a-z]{2,5}_[A-Za-z0-9]{16}$/.test(token)) {
      references++;
      const prefix = token.split('_')[0];
      if (!vocab.idPrefixes.has(prefix)) problems.push({line, message: `\`${token}\` has an id prefix the spec does not define`});
    }
  }
  // Links into the docs.
  for (const m of text.matchAll(/(?:\]\(|(?:href|to)=["'{]+)(\/docs[^)"'\s}#]*)/g)) {
    references++;
    const route = m[1].replace(/\/$/, '');
    links.add(route);
    if (!vocab.routes.has(route)) problems.push({line: lineAt(text, m.index), message: `link to ${route}, which is not a page of the site`});
  }
  // JSON examples may only use field names the spec defines; on a stream page, a message (a `type`) must validate.
  for (const block of blocks.filter((b) => b.lang === 'json')) {
    let value: unknown;
    try {
      value = JSON.parse(block.body);
    } catch (e) {
      problems.push({line: block.line, message: `JSON example does not parse: ${(e as Error).message}`});
      continue;
    }
    const type = stream && value && typeof value === 'object' ? (value as {type?: unknown}).type : undefined;
    if (typeof type === 'string') {
      references++;
      const validate = vocab.streamPayload(type);
      if (!validate) problems.push({line: block.line, message: `"type": "${type}" is not a message of the WebSocket API`});
      else if (!validate(value)) problems.push({line: block.line, message: `JSON example is not a valid \`${type}\` message: ${ajvErrors(validate.errors)}`});
      continue;
    }
    const keys = new Set<string>();
    collectJsonKeys(value, keys);
    for (const key of keys) {
      references++;
      if (!vocab.identifiers.has(key)) problems.push({line: block.line, message: `JSON example uses "${key}", which is not a field of the spec`});
    }
  }
  // WebSocket URLs anywhere; channels, message types, close codes and names on stream pages.
  for (const m of text.matchAll(/wss:\/\/[^\s"'`)<\]]+/g)) {
    references++;
    const url = m[0].replace(/[.,;:]+$/, '');
    if (!vocab.stream.urls.has(url))
      problems.push({line: lineAt(text, m.index), message: `${url} is not a server of the WebSocket API (${[...vocab.stream.urls].join(', ')})`});
  }
  if (stream) {
    const s = streamProblems(prose, vocab.stream, vocab.identifiers);
    references += s.references;
    problems.push(...s.problems);
  }
  text.split('\n').forEach((l, i) => {
    if (PLACEHOLDER.test(l)) problems.push({line: i + 1, message: `placeholder text: ${l.trim().slice(0, 60)}`});
    const key = LITERAL_KEY.exec(l)?.[0];
    if (key)
      problems.push({line: i + 1, message: `literal API key ${key}: show $NOVARAMP_API_KEY (shell) or sk_sandbox_... (see /docs/api/sandbox-credentials)`});
  });
  return {problems, references, links};
}

/** The pages checked: hand-written docs (not the generated reference and workflow pages), blog posts, Markdown pages. */
export function contentFiles(siteDir: string): string[] {
  const list = (dir: string) =>
    fs.existsSync(path.join(siteDir, dir))
      ? fs
          .readdirSync(path.join(siteDir, dir), {recursive: true})
          .map((f) => path.posix.join(dir, String(f).split(path.sep).join('/')))
          .filter((f) => /\.mdx?$/.test(f) && !f.startsWith(`${GENERATED_DIR}/`) && !f.startsWith(`${WORKFLOW_PAGES_DIR}/`))
      : [];
  return [...list('docs'), ...list('blog'), ...list('src/pages')].sort();
}

export interface ContentReport {
  problems: string[];
  files: number;
  references: number;
  words: Record<string, number>;
}

export async function checkContent(
  siteDir: string,
  routes: string[],
  read = (f: string) => fs.readFileSync(path.join(siteDir, f), 'utf8'),
): Promise<ContentReport> {
  const vocab = buildVocabulary(siteDir, routes);
  const problems: string[] = [];
  const linked = new Set<string>();
  const words: Record<string, number> = {};
  let references = 0;
  const files = contentFiles(siteDir);
  for (const rel of files) {
    const text = read(rel);
    const report = checkPage(rel, text, vocab);
    references += report.references;
    problems.push(...report.problems.map((p) => `${rel}:${p.line}: ${p.message}`));
    if (rel.startsWith('docs/guides/') || /^docs\/api\/[^/]+\.mdx?$/.test(rel)) {
      report.links.forEach((l) => linked.add(l));
      // The links a `::spec-table` renders (the operations of a resource) are the page's links too.
      if (/^::spec-/m.test(text)) (await renderPage(siteDir, rel, text)).links.forEach((l) => linked.add(l));
    }
    const section = rel.startsWith('docs/guides/terminology/')
      ? 'terminology'
      : rel.startsWith('docs/guides/')
        ? 'guides'
        : rel.startsWith('docs/api/')
          ? 'api docs'
          : rel.startsWith('blog/')
            ? 'blog'
            : 'pages';
    words[section] =
      (words[section] ?? 0) +
      text
        .replace(/^---[\s\S]*?---/, '')
        .split(/\s+/)
        .filter(Boolean).length;
  }
  for (const route of vocab.operationRoutes) {
    references++;
    if (!linked.has(route)) problems.push(`${route}: no guide or API docs page links this operation`);
  }
  return {problems, files: files.length, references, words};
}
