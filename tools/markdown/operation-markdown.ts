/**
 * The Markdown copy of an operation or webhook-event page, written from the bundled OpenAPI document (not from
 * the page's HTML): title, method and path, servers, authentication with scopes, every parameter, the request
 * body and each response (status, headers, schema, examples), and the build-time code samples. Headings say
 * which variant they are about ("Request body (application/json)", "Response 201 Created"), links are absolute.
 */
import {STATUS_CODES} from 'node:http';
import {CODE_SAMPLE_LANGUAGES} from '../../src/data/api-table';
import {BRAND} from '../../src/data/brand';
import type {CodeSample} from '../../src/data/operation';
import {absoluteLinks, code, fence, indent, literal} from './markdown-text';
import {themeSchemaName} from '../api-pages/render-reference';
import {dereference, fieldList, isObject, normalize, rowHead, schemaFacts, typeLabel, type Json, type Obj, type SchemaPage} from './schema-markdown';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** An operation (or webhook event) of a bundled spec, found by its operationId. */
export interface SpecOperation {
  operationId: string;
  /** HTTP method, lower case. */
  method: string;
  /** The path template, or the event name of a webhook. */
  path: string;
  isEvent: boolean;
  /** JSON pointer of the operation in the bundled document. */
  pointer: string;
  operation: Obj;
  pathItem: Obj;
}

const escapePointer = (p: string) => p.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every operation and webhook event of a bundled spec. */
export function specOperations(spec: Obj): SpecOperation[] {
  const found: SpecOperation[] = [];
  for (const [section, isEvent] of [['paths', false], ['webhooks', true]] as const) {
    for (const [path, item] of Object.entries(isObject(spec[section]) ? spec[section] : {})) {
      if (!isObject(item)) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
        found.push({operationId: operation.operationId, method, path, isEvent, pointer: `#/${section}/${escapePointer(path)}/${method}`, operation, pathItem: item});
      }
    }
  }
  return found;
}

export interface OperationPageInput {
  spec: Obj;
  op: SpecOperation;
  /** The build-time code samples of the operation (tools/api-pages/code-samples.ts), in CODE_SAMPLE_LANGUAGES order. */
  codeSamples: CodeSample[];
  /** Whether a site path has a Markdown copy (internal links go to it). */
  hasMarkdown: (path: string) => boolean;
}

const statusText = (status: string): string =>
  status === 'default' ? 'default (any other status)' : /^\dXX$/i.test(status) ? `${status} (any ${status[0]}xx status)` : `${status} ${STATUS_CODES[Number(status)] ?? ''}`.trim();

/** The Markdown of one operation page. */
export function operationMarkdown({spec, op, codeSamples, hasMarkdown}: OperationPageInput): string {
  const prose = (markdown: string) => absoluteLinks(markdown, hasMarkdown);
  const deref = (node: Json | undefined): Json => (node === undefined ? null : dereference(node, spec));
  const described = new Map<string, string>();
  const page = (section: string, direction: SchemaPage['direction']): SchemaPage => ({described, section, direction, prose, schemaName: themeSchemaName});
  const o = op.operation;
  const out: string[] = [];
  const title = typeof o.summary === 'string' ? o.summary : op.operationId;

  out.push(`# ${title}`);
  if (op.isEvent) {
    out.push(`Webhook event ${code(op.path)}: ${BRAND} sends it as an HTTP ${code(op.method.toUpperCase())} request to your webhook endpoint. Operation ID: ${code(op.operationId)}.`);
  } else {
    out.push(`${code(`${op.method.toUpperCase()} ${op.path}`)} (operation ID ${code(op.operationId)})`);
  }
  if (o.deprecated === true) out.push('**Deprecated.** Do not use this operation in new integrations.');
  if (typeof o.description === 'string') out.push(prose(o.description.trim()));

  if (!op.isEvent) {
    const servers = ((o.servers ?? op.pathItem.servers ?? spec.servers ?? []) as Obj[]).filter((s) => s['x-internal'] !== true);
    if (servers.length) {
      out.push('## Servers');
      // The endpoint as the page's request panel writes it: server URL, then the path with `:name` parameters.
      const endpoint = op.path.replace(/{([a-z0-9-_]+)}/gi, ':$1');
      out.push(
        servers
          .map((s) => {
            const description = typeof s.description === 'string' ? `: ${prose(s.description).replace(/\.?$/, '.')}` : '.';
            return `- ${code(String(s.url))}${description} This endpoint: ${code(`${String(s.url).replace(/\/$/, '')}${endpoint}`)}`;
          })
          .join('\n'),
      );
    }
  }

  out.push(...(op.isEvent ? ['## Authentication', 'None: the delivery carries no API key. Verify its signature headers (below) instead.'] : authentication(spec, o, prose)));

  // Request: parameters (path item's first, overridden by the operation's), then the body.
  const params = new Map<string, Obj>();
  for (const p of [...((op.pathItem.parameters ?? []) as Json[]), ...((o.parameters ?? []) as Json[])]) {
    const param = deref(p) as Obj;
    params.set(`${param.in}:${param.name}`, param);
  }
  const requestBody = o.requestBody ? (deref(o.requestBody) as Obj) : undefined;
  if (params.size || requestBody) out.push(op.isEvent ? '## Request (what your endpoint receives)' : '## Request');
  for (const location of ['path', 'query', 'header', 'cookie']) {
    const list = [...params.values()].filter((p) => p.in === location);
    if (!list.length) continue;
    const heading = `${location[0].toUpperCase()}${location.slice(1)} parameters`;
    out.push(`### ${heading}`);
    out.push(list.map((p) => parameterItem(p, page(heading, 'request'))).join('\n'));
  }
  if (requestBody) out.push(...mediaSections('Request body', requestBody, page, 'request', '###'));

  const responses = isObject(o.responses) ? o.responses : {};
  if (Object.keys(responses).length) out.push('## Responses');
  const describedHeaders = new Map<string, string>();
  for (const [status, raw] of Object.entries(responses)) {
    const response = deref(raw) as Obj;
    const name = `Response ${statusText(status)}`;
    out.push(`### ${name}`);
    if (typeof response.description === 'string') out.push(prose(response.description.trim()));
    const headers = isObject(response.headers) ? Object.entries(response.headers) : [];
    if (headers.length) {
      out.push(`#### ${name} headers`);
      out.push(
        headers
          .map(([header, h]) => {
            const seen = describedHeaders.get(header);
            if (seen) return `- **${code(header)}**: as under ${seen}.`;
            describedHeaders.set(header, name);
            return headerItem(header, h as Obj, page(`${name} headers`, 'response'));
          })
          .join('\n'),
      );
    }
    out.push(...mediaSections(name, response, page, 'response', '####'));
  }

  if (codeSamples.length) {
    out.push('## Code samples');
    codeSamples.forEach((sample, i) => {
      // The title the page gives the sample (tools/api-pages/code-samples.ts).
      out.push(`### ${sample.lang}${sample.label && sample.label !== sample.lang ? ` · ${sample.label}` : ''}`);
      out.push(fence(sample.source, CODE_SAMPLE_LANGUAGES[i]?.highlight ?? ''));
    });
  }
  return `${out.join('\n\n')}\n`;
}

function authentication(spec: Obj, o: Obj, prose: (md: string) => string): string[] {
  const requirements = (o.security ?? spec.security ?? []) as Obj[];
  const schemes = isObject(spec.components) && isObject(spec.components.securitySchemes) ? spec.components.securitySchemes : {};
  if (!requirements.length) return ['## Authentication', 'None: this request carries no API key.'];
  const out = ['## Authentication'];
  const alternatives = requirements.map((req) =>
    Object.entries(req)
      .map(([name, scopes]) => {
        const scheme = schemes[name] as Obj | undefined;
        const kind = !scheme
          ? ''
          : scheme.type === 'http'
            ? ` (HTTP ${String(scheme.scheme)}${scheme.bearerFormat ? `, ${String(scheme.bearerFormat)}` : ''}: ${code(`Authorization: ${scheme.scheme === 'bearer' ? 'Bearer' : String(scheme.scheme)} <credential>`)})`
            : scheme.type === 'apiKey'
              ? ` (API key in the ${String(scheme.in)} ${code(String(scheme.name))})`
              : ` (${String(scheme.type)})`;
        const needs = Array.isArray(scopes) && scopes.length ? `, scopes ${scopes.map((s) => code(String(s))).join(', ')}` : '';
        return `${code(name)}${kind}${needs}`;
      })
      .join(' and '),
  );
  out.push(alternatives.length === 1 ? `Requires ${alternatives[0]}.` : `One of:\n\n${alternatives.map((a) => `- ${a}`).join('\n')}`);
  const used = new Set(requirements.flatMap((r) => Object.keys(r)));
  for (const name of used) {
    const description = (schemes[name] as Obj | undefined)?.description;
    if (typeof description === 'string') out.push(`${code(name)}: ${prose(description.trim())}`);
  }
  return out;
}

/**
 * A parameter, or a header of a response (`shownLabel`: the page shows no type for those). The first line says
 * what the reference's row says (the theme's ParamsItem: type label, `required`, `deprecated`).
 */
function parameterItem(p: Obj, page: SchemaPage, shownLabel?: string): string {
  const schema = isObject(p.schema) ? p.schema : {};
  const {nullable} = normalize(schema);
  const qualifiers = [p.required === true ? 'required' : undefined, p.deprecated === true ? 'deprecated' : undefined].filter((q): q is string => !!q);
  const label = shownLabel ?? page.schemaName({...schema, type: schema.type ?? 'any'});
  const head = rowHead(String(p.name), schema, {label, qualifiers}, nullable ? ['nullable'] : []);
  const body: string[] = [];
  if (typeof p.description === 'string') body.push(page.prose(p.description.trim()));
  body.push(...schemaFacts(schema, page, {withDescription: typeof p.description !== 'string'}).filter((b) => p.example === undefined || !b.startsWith('**Example:**')));
  if (p.example !== undefined) body.push(`**Example:** ${code(literal(p.example))}`);
  if (isObject(p.examples)) {
    for (const [key, ex] of Object.entries(p.examples)) if (isObject(ex) && ex.value !== undefined) body.push(`**Example ${code(key)}:** ${code(literal(ex.value))}`);
  }
  const fields = fieldList(schema, page, 1);
  if (fields) body.push(fields);
  return [head, ...body.map((b) => indent(b, 2))].join('\n\n');
}

const headerItem = (name: string, h: Obj, page: SchemaPage): string => parameterItem({...h, name}, page, '');

/** The body of a request or response, one section per media type, with its schema and examples. */
function mediaSections(name: string, holder: Obj, page: (section: string, direction: SchemaPage['direction']) => SchemaPage, direction: SchemaPage['direction'], level: string): string[] {
  const out: string[] = [];
  const content = isObject(holder.content) ? holder.content : {};
  for (const [mediaType, rawMedia] of Object.entries(content)) {
    const media = rawMedia as Obj;
    const heading = name === 'Request body' ? `Request body (${mediaType})` : `${name} body (${mediaType})`;
    const schema = media.schema as Json | undefined;
    const {schema: s} = normalize(schema ?? {});
    // The heading as the page's request body heading reads, then `Required.`: the schema's name follows in `Type:`.
    out.push(`${level} ${heading}`);
    const p = page(heading, direction);
    if (name === 'Request body') {
      out.push(holder.required === true ? 'Required.' : 'Optional.');
      if (typeof holder.description === 'string') out.push(p.prose(holder.description.trim()));
    }
    if (schema !== undefined) {
      const title = typeof s.title === 'string' ? s.title : undefined;
      const seen = title ? p.described.get(title) : undefined;
      out.push(`Type: ${typeLabel(s) || 'any'}.`);
      if (seen) {
        out.push(`Same schema as under ${seen}.`);
      } else {
        if (title) p.described.set(title, heading);
        out.push(...schemaFacts(s, p).filter((b) => !b.startsWith('**Example:**')));
        const fields = fieldList(s, p);
        if (fields) out.push(fields);
      }
    }
    const examples: [string, Json][] = [];
    if (media.example !== undefined) examples.push(['', media.example]);
    if (isObject(media.examples)) {
      for (const [key, ex] of Object.entries(media.examples)) {
        if (!isObject(ex) || ex.value === undefined) continue;
        examples.push([`${code(key)}${typeof ex.summary === 'string' ? `: ${ex.summary}` : ''}`, ex.value]);
      }
    }
    if (examples.length) {
      out.push(`${level}# ${name === 'Request body' ? 'Request body' : name} example${examples.length > 1 ? 's' : ''} (${mediaType})`);
      for (const [label, value] of examples) {
        if (label) out.push(`Example ${label}`);
        out.push(fence(typeof value === 'string' && !mediaType.includes('json') ? value : JSON.stringify(value, null, 2), mediaType.includes('json') ? 'json' : ''));
      }
    }
  }
  return out;
}

