/**
 * The Markdown copy of an operation or webhook-event page, written from its reference model (./model.ts), the model
 * its HTML page is rendered from (./html.tsx): title, method and path, servers, authentication with scopes, every
 * parameter, the request body and each response (status, headers, schema, examples), and the code samples. Each
 * row starts with the words of the page's row (name, type label, qualifiers: ./facts.ts) and adds what the page
 * leaves to its layout (the JSON type behind a name). A named schema is described once per copy and pointed back to
 * after; a component the page shows apart (one click away) has a copy of its own (componentMarkdown), which the
 * operation's copy links to, as the page loads it on demand. Links are absolute.
 */
import {STATUS_CODES} from 'node:http';
import {sampleLanguage} from '../../src/data/api-table';
import {BRAND} from '../../src/data/brand';
import type {CodeSample} from '../../src/data/operation';
import {absoluteLinks, code, fence, indent} from './markdown-text';
import {ADDITIONAL_PROPERTY, defaultLabel, fieldsSignature, jsonType, literal, possibleValues, qualifierWords, typeLabel, type Segment} from './facts';
import type {ComponentModel, Direction, MediaModel, OperationModel, ParameterModel, SchemaNode} from './model';
import {emptySchemaView, innermostItems, tagTrailLabels} from './model';
import {proseMarkdown} from './prose';
import {sentCookie} from './request';
import {streamExample, streamWords} from './sample';

export interface MarkdownInput {
  model: OperationModel;
  /** The code samples the page shows (src/plugins/operation-page/generate/code-samples.ts), in CODE_SAMPLE_LANGUAGES order (src/data/api-table.ts). */
  codeSamples: CodeSample[];
  /** Whether a site path has a Markdown copy (internal links go to it). */
  hasMarkdown: (path: string) => boolean;
  /** The URL of the copy of a component shown apart (SchemaRef), when the operation has any. */
  componentUrl?: (ref: string, direction: Direction) => string;
}

/** A description as a copy gives it: root-relative links made absolute, raw HTML sanitised (./prose.ts). */
const copyProse =
  (hasMarkdown: (path: string) => boolean) =>
  (markdown: string): string =>
    proseMarkdown(absoluteLinks(markdown, hasMarkdown));

const segments = (parts: Segment[]): string => parts.map((s) => (typeof s === 'string' ? s : code(s.code))).join('');

const statusText = (status: string): string =>
  status === 'default'
    ? 'default (any other status)'
    : /^\dXX$/i.test(status)
      ? `${status} (any ${status[0]}xx status)`
      : `${status} ${STATUS_CODES[Number(status)] ?? ''}`.trim();

class Writer {
  constructor(
    private readonly prose: (markdown: string) => string,
    private readonly direction: Direction,
    private readonly componentUrl?: (ref: string, direction: Direction) => string,
    /** Named schemas described so far: `name|direction` → where (shared by the copy's writers). */
    private readonly described = new Map<string, string>(),
    /** Components shown apart, in the order first met (shared too). */
    readonly components = new Map<string, {ref: string; name: string; direction: Direction}>(),
  ) {}

  /** A writer of the same copy for the other direction (responses hide write-only fields, requests read-only ones). */
  withDirection(direction: Direction): Writer {
    return new Writer(this.prose, direction, this.componentUrl, this.described, this.components);
  }

  text(markdown: string | undefined): string | undefined {
    return markdown?.trim() ? this.prose(markdown.trim()) : undefined;
  }

  /** "Possible values", constant, default, example: the page's facts in its words. */
  facts(node: SchemaNode, {example = true} = {}): string[] {
    if (node.kind !== 'schema') return [];
    const blocks: string[] = [];
    if (node.deprecated) blocks.push('**Deprecated.**');
    const groups = possibleValues(node);
    if (groups.length) blocks.push(`**Possible values:** ${groups.map(segments).join(', ')}`);
    if (node.const !== undefined) blocks.push(`**Constant value:** ${code(literal(node.const))}`);
    if (node.default !== undefined) blocks.push(`**Default value:** ${code(literal(node.default))}`);
    const scalar = node.examples.find((e) => e === null || typeof e !== 'object');
    if (example && scalar !== undefined) blocks.push(`**Example:** ${code(literal(scalar))}`);
    else if (example && node.examples.length) {
      const json = JSON.stringify(node.examples[0]);
      if (json.length <= 200) blocks.push(`**Example:** ${code(json)}`);
    }
    return blocks;
  }

  /** The first line of a row: the page's words (name, type label, qualifiers), then what the copy adds. */
  rowHead(name: string, node: SchemaNode, required: boolean): string {
    const label = typeLabel(node);
    const words = qualifierWords(node, required);
    const type = jsonType(node);
    const extras = type && type !== label && !label.includes(type) ? [`type ${type}`] : [];
    const schemaName = node.kind === 'schema' ? (node.items?.kind === 'schema' ? node.items.name : node.name) : undefined;
    if (schemaName && !label.includes(schemaName)) extras.push(`schema ${schemaName}`);
    if (node.kind === 'ref') extras.push('fields listed apart');
    return `- **${code(name)}** ${[label, ...words].join(' ')}${extras.length ? ` (${extras.join(', ')})` : ''}`;
  }

  /** The list of a schema's fields: properties, variants, other property names; empty for a value. */
  fields(node: SchemaNode, where: string): string {
    if (node.kind === 'link') return `- Fields as in ${code(node.name)}${node.reason === 'recursive' ? ' (it contains itself)' : ''}, listed above.`;
    if (node.kind === 'ref') {
      this.components.set(`${node.ref}|${node.direction}`, node);
      const url = this.componentUrl?.(node.ref, node.direction);
      return `- Fields as in ${code(node.name)}, listed apart${url ? `: ${url}` : ''}.`;
    }
    if (node.items) return this.fields(node.items, where);
    if (node.contentSchema) return this.fields(node.contentSchema, where);
    // A named schema is the same fields only with the same signature (a variant may add the fields beside its oneOf;
    // a use deeper in the tree may show a field's schema apart).
    const key = node.name ? `${node.name}|${this.direction}|${fieldsSignature(node)}` : undefined;
    const seen = key ? this.described.get(key) : undefined;
    if (seen && (node.properties.length || node.variants)) return `- Fields as in ${code(node.name as string)}, listed under ${seen}.`;
    if (key && (node.properties.length || node.variants)) this.described.set(key, where);
    const items: string[] = [];
    for (const p of node.properties) items.push(this.property(p.name, p.schema, p.required, `${where} › ${code(p.name)}`));
    if (node.variants?.pages) {
      // Each variant is documented on a page of its own: the values, each with a link to it.
      const {keyword, options, discriminator, pages} = node.variants;
      const rows = pages.map((p) => `| ${code(p.value)} | ${this.text(`[${p.name}](${p.route})`)} |`);
      items.push(
        [
          `- ${keyword === 'oneOf' ? 'Exactly one' : 'At least one'} of these ${options.length} schemas, chosen by ${code(discriminator?.propertyName ?? '')}, each listed on the page of its value:`,
          '',
          indent([`| ${code(discriminator?.propertyName ?? '')} | Schema |`, '| --- | --- |', ...rows].join('\n'), 2),
        ].join('\n'),
      );
    } else if (node.variants) {
      const {keyword, options, discriminator} = node.variants;
      const lines = [
        `- ${keyword === 'oneOf' ? 'Exactly one' : 'At least one'} of these ${options.length} variants${discriminator ? `, chosen by ${code(discriminator.propertyName)}` : ''}${discriminator?.defaultMapping ? ` (without ${code(discriminator.propertyName)}, or with a value not listed: ${defaultLabel(node.variants)})` : ''}:`,
      ];
      options.forEach((o, i) => lines.push(indent(this.variant(o.label, o.schema, i, options.length, where), 2)));
      items.push(lines.join('\n'));
    }
    if (node.additionalProperties && typeof node.additionalProperties === 'object') {
      items.push(this.property(ADDITIONAL_PROPERTY, node.additionalProperties, false, `${where} › any other property`));
    } else if (node.additionalProperties === false && this.direction === 'request' && !where.includes('›')) {
      items.push('- No other properties are accepted.');
    }
    return items.join('\n');
  }

  private variant(label: string, node: SchemaNode, i: number, count: number, where: string): string {
    const head = `- Variant ${i + 1} of ${count}: ${label}`;
    const body: string[] = [];
    if (node.kind === 'schema') {
      const description = this.text(node.description);
      if (description) body.push(description);
      const required = node.properties.filter((p) => p.required).map((p) => code(p.name));
      if (required.length) body.push(`Requires ${required.join(', ')}.`);
      if (!node.properties.length && !node.variants && !node.items)
        body.push(`Type: ${typeLabel(node)}${qualifierWords(node, false).length ? ` ${qualifierWords(node, false).join(' ')}` : ''}.`, ...this.facts(node));
    }
    const fields = this.fields(node, `${where} (variant ${i + 1})`);
    if (fields && (node.kind !== 'schema' || node.properties.length || node.variants || node.items || node.additionalProperties)) body.push(fields);
    return [head, ...body.map((b) => indent(b, 2))].join('\n\n');
  }

  property(name: string, node: SchemaNode, required: boolean, where: string): string {
    const body: string[] = [];
    const description = this.text(node.kind === 'schema' ? node.description : node.description);
    if (description) body.push(description);
    body.push(...this.facts(node));
    const inner = node.kind === 'schema' ? (node.items ?? node.contentSchema) : undefined;
    if (node.kind === 'schema' && inner?.kind === 'schema' && inner.description && inner.description !== node.description) {
      body.push(`${node.items ? 'Each item' : 'Its content'}: ${this.text(inner.description)}`);
    }
    if (hasFields(node)) {
      const fields = this.fields(node, where);
      if (fields) body.push(fields);
    }
    return [this.rowHead(name, node, required), ...body.map((b) => indent(b, 2))].join('\n\n');
  }

  parameter(p: ParameterModel): string {
    const node = p.schema ?? emptySchemaView(p.pointer);
    const head = this.rowHead(p.name, node, p.required) + (p.deprecated && !qualifierWords(node, false).includes('deprecated') ? ' deprecated' : '');
    const body: string[] = [];
    if (p.in === 'querystring') body.push(`The whole query string is this one value${p.mediaType ? `, serialised as ${code(p.mediaType)}` : ''}.`);
    const description = this.text(p.description ?? (node.kind === 'schema' ? node.description : undefined));
    if (description) body.push(description);
    body.push(...this.facts(node, {example: false}));
    if (p.examples.length) {
      for (const e of p.examples) {
        body.push(`**Example${e.key ? ` ${code(e.key)}` : ''}:** ${code(literal(e.value))}`);
        if (e.serializedValue !== undefined) body.push(`**Example${e.key ? ` ${code(e.key)}` : ''}, as sent:** ${code(e.serializedValue)}`);
      }
    } else if (node.kind === 'schema' && node.examples.length) {
      body.push(`**Example:** ${code(literal(node.examples[0]))}`);
    }
    const cookie = sentCookie(p);
    if (cookie !== undefined) body.push(`**Sent as:** ${code(`Cookie: ${cookie}`)}`);
    if (hasFields(node)) body.push(this.fields(node, code(p.name)));
    return [head, ...body.map((b) => indent(b, 2))].join('\n\n');
  }
}

function hasFields(node: SchemaNode): boolean {
  // Through arrays of arrays: a grid of objects lists the objects' fields.
  const inner = innermostItems(node);
  if (inner.kind !== 'schema') return true;
  return inner.properties.length > 0 || !!inner.variants || typeof inner.additionalProperties === 'object';
}

/** A body (request or response), one section per media type: its schema and its examples. */
function mediaSections(w: Writer, name: string, media: MediaModel[], level: string, body?: {required: boolean; description?: string}): string[] {
  const out: string[] = [];
  for (const m of media) {
    const heading = name === 'Request body' ? `Request body (${m.mediaType})` : `${name} body (${m.mediaType})`;
    out.push(`${level} ${heading}`);
    if (body) {
      out.push(body.required ? 'Required.' : 'Optional.');
      const description = w.text(body.description);
      if (description) out.push(description);
    }
    if (m.schema) {
      out.push(`Type: ${typeLabel(m.schema)}${m.schema.nullable ? ' nullable' : ''}.`);
      const description = w.text(m.schema.kind === 'schema' ? m.schema.description : m.schema.description);
      if (description) out.push(description);
      out.push(...w.facts(m.schema, {example: false}));
      const fields = hasFields(m.schema) ? w.fields(m.schema, heading) : '';
      if (fields) out.push(fields);
    }
    if (m.itemSchema) {
      const item = m.itemSchema;
      const named = item.kind === 'schema' && item.name && item.name !== typeLabel(item) ? ` (${item.name})` : '';
      out.push(`A stream of items (${streamWords(m.mediaType)}), each one ${typeLabel(item)}${item.nullable ? ' nullable' : ''}${named}:`);
      const description = w.text(item.kind === 'schema' ? item.description : item.description);
      if (description) out.push(description);
      out.push(...w.facts(item, {example: false}));
      const fields = hasFields(item) ? w.fields(item, `${heading} item`) : '';
      if (fields) out.push(fields);
      out.push(`${level}# ${name} example stream (auto, ${m.mediaType})`);
      out.push(fence(streamExample(m.mediaType, item), ''));
    }
    if (m.examples.length) {
      out.push(`${level}# ${name} example${m.examples.length > 1 ? 's' : ''} (${m.mediaType})`);
      for (const e of m.examples) {
        if (e.key || e.summary) out.push(`Example ${e.key ? code(e.key) : ''}${e.summary ? `${e.key ? ': ' : ''}${e.summary}` : ''}`);
        const description = w.text(e.description);
        if (description) out.push(description);
        const json = /json/i.test(m.mediaType);
        out.push(fence(typeof e.value === 'string' && !json ? e.value : JSON.stringify(e.value, null, 2), json ? 'json' : ''));
        if (e.serializedValue !== undefined) out.push(`As sent (${m.mediaType}):`, fence(e.serializedValue, ''));
      }
    }
  }
  return out;
}

const FLOW_WORDS: Record<string, string> = {
  authorizationCode: 'Authorization code',
  clientCredentials: 'Client credentials',
  implicit: 'Implicit',
  password: 'Password',
  deviceAuthorization: 'Device authorization (RFC 8628)',
};

function authentication(w: Writer, model: OperationModel): string[] {
  if (!model.security.length) return ['## Authentication', 'None: this request carries no API key.'];
  const kind = (s: OperationModel['security'][number][number]): string => {
    if (s.type === 'http')
      return ` (HTTP ${s.scheme ?? ''}${s.bearerFormat ? `, ${s.bearerFormat}` : ''}: ${code(`Authorization: ${s.scheme?.toLowerCase() === 'bearer' ? 'Bearer' : (s.scheme ?? '')} <credential>`)})`;
    if (s.type === 'apiKey') return ` (API key in the ${s.in ?? ''} ${code(s.parameterName ?? '')})`;
    return ` (${s.type})`;
  };
  const flows = (s: OperationModel['security'][number][number]): string[] => {
    const lines: string[] = [];
    if (s.oauth2MetadataUrl) lines.push(`- Authorization server metadata: ${code(s.oauth2MetadataUrl)}`);
    if (s.openIdConnectUrl) lines.push(`- OpenID Connect discovery: ${code(s.openIdConnectUrl)}`);
    for (const f of s.flows ?? []) {
      const urls = (
        [
          ['device authorization URL', f.deviceAuthorizationUrl],
          ['authorization URL', f.authorizationUrl],
          ['token URL', f.tokenUrl],
          ['refresh URL', f.refreshUrl],
        ] as const
      ).flatMap(([what, url]) => (url ? [`${what} ${code(url)}`] : []));
      const scopes = Object.entries(f.scopes).map(([scope, what]) => `${code(scope)}${what ? ` (${what})` : ''}`);
      lines.push(`- ${FLOW_WORDS[f.flow] ?? code(f.flow)} flow: ${urls.join(', ')}${scopes.length ? `; scopes ${scopes.join(', ')}` : ''}.`);
    }
    return lines;
  };
  const alternatives = model.security.map((alternative) =>
    alternative.map((s) => `${code(s.name)}${kind(s)}${s.scopes.length ? `, scopes ${s.scopes.map((x) => code(x)).join(', ')}` : ''}`).join(' and '),
  );
  const out = ['## Authentication', alternatives.length === 1 ? `Requires ${alternatives[0]}.` : `One of:\n\n${alternatives.map((a) => `- ${a}`).join('\n')}`];
  const seen = new Set<string>();
  for (const s of model.security.flat()) {
    if (seen.has(s.name)) continue;
    seen.add(s.name);
    if (s.description) out.push(`${code(s.name)}: ${w.text(s.description)}`);
    const lines = flows(s);
    if (lines.length) out.push(`How to get a token for ${code(s.name)}:\n\n${lines.join('\n')}`);
  }
  return out;
}

/** The Markdown of one operation page. */
export function operationMarkdown({model, codeSamples, hasMarkdown, componentUrl}: MarkdownInput): string {
  const prose = copyProse(hasMarkdown);
  const request = new Writer(prose, 'request', componentUrl);
  const response = request.withDirection('response');
  const webhook = model.kind === 'webhook';
  const out: string[] = [];
  out.push(`# ${model.summary ?? model.operationId}`);
  out.push(
    webhook
      ? `Webhook event ${code(model.path)}: ${BRAND} sends it as an HTTP ${code(model.method.toUpperCase())} request to your webhook endpoint. Operation ID: ${code(model.operationId)}.`
      : `${code(`${model.method.toUpperCase()} ${model.path}`)} (operation ID ${code(model.operationId)})`,
  );
  if (model.tagPaths) out.push(`In: ${tagTrailLabels(model).join(', ')}.`);
  if (model.self) out.push(`From the API description ${code(model.self)}.`);
  if (model.deprecated) out.push('**Deprecated.** Do not use this operation in new integrations.');
  const description = request.text(model.description);
  if (description) out.push(description);

  const servers = model.servers.filter((s) => !s.internal);
  if (!webhook && servers.length) {
    // The endpoint as the page's request panel writes it: server URL, then the path with `:name` parameters.
    const endpoint = model.path.replace(/{([a-z0-9-_]+)}/gi, ':$1');
    out.push('## Servers');
    out.push(
      servers
        .map(
          (s) =>
            `- ${s.name ? `**${s.name}**: ` : ''}${code(s.url)}${s.description ? `: ${prose(s.description).replace(/\.?$/, '.')}` : '.'} This endpoint: ${code(`${s.url.replace(/\/$/, '')}${endpoint}`)}`,
        )
        .join('\n'),
    );
  }
  out.push(
    ...(webhook
      ? ['## Authentication', 'None: the delivery carries no API key. Verify its signature headers (below) instead.']
      : authentication(request, model)),
  );

  if (model.parameters.length || model.requestBody) out.push(webhook ? '## Request (what your endpoint receives)' : '## Request');
  for (const location of ['path', 'query', 'querystring', 'header', 'cookie'] as const) {
    const list = model.parameters.filter((p) => p.in === location);
    if (!list.length) continue;
    out.push(location === 'querystring' ? '### Query string' : `### ${location[0].toUpperCase()}${location.slice(1)} parameters`);
    out.push(list.map((p) => request.parameter(p)).join('\n'));
  }
  if (model.requestBody) out.push(...mediaSections(request, 'Request body', model.requestBody.content, '###', model.requestBody));

  if (model.responses.length) out.push('## Responses');
  const headersSeen = new Map<string, string>();
  for (const r of model.responses) {
    const name = `Response ${statusText(r.status)}`;
    out.push(`### ${name}`);
    if (r.summary) out.push(`**${r.summary}**`);
    const text = response.text(r.description);
    if (text) out.push(text);
    if (r.headers.length) {
      out.push(`#### ${name} headers`);
      // A header described under an earlier response is named again, grouped by where it was described.
      const before = new Map<string, string[]>();
      const lines: string[] = [];
      for (const h of r.headers) {
        const seen = headersSeen.get(h.name);
        if (seen) before.set(seen, [...(before.get(seen) ?? []), h.name]);
        else {
          headersSeen.set(h.name, name);
          lines.push(response.parameter(h));
        }
      }
      for (const [seen, names] of before) lines.push(`- ${names.map((n) => `**${code(n)}**`).join(', ')}: as under ${seen}.`);
      out.push(lines.join('\n'));
    }
    out.push(...mediaSections(response, name, r.content, '####'));
  }

  if (codeSamples.length) {
    out.push('## Code samples');
    codeSamples.forEach((sample, i) => {
      out.push(`### ${sample.lang}${sample.label && sample.label !== sample.lang ? ` · ${sample.label}` : ''}`);
      out.push(fence(sample.source, sampleLanguage(sample, i)?.highlight ?? ''));
    });
  }

  return `${out.join('\n\n')}\n`;
}

/** The copy of a component shown apart: its description, constraints and fields (its own components linked). */
export function componentMarkdown({
  component,
  hasMarkdown,
  componentUrl,
}: {
  component: ComponentModel;
  hasMarkdown: (path: string) => boolean;
  componentUrl?: MarkdownInput['componentUrl'];
}): string {
  const writer = new Writer(copyProse(hasMarkdown), component.direction, componentUrl);
  const out = [
    `# ${code(component.name)} (in ${component.direction === 'request' ? 'requests' : 'responses'})`,
    `A schema of the ${code(component.api)} API, shown apart from the operations that use it.`,
  ];
  const schema = component.schema;
  const text = writer.text(schema.kind === 'schema' ? schema.description : schema.description);
  if (text) out.push(text);
  out.push(`Type: ${typeLabel(schema)}${schema.nullable ? ' nullable' : ''}.`);
  out.push(...writer.facts(schema, {example: false}));
  const fields = writer.fields(schema, code(component.name));
  if (fields) out.push(fields);
  return `${out.join('\n\n')}\n`;
}
