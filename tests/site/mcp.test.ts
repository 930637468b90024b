/**
 * `npm run mcp` over the production build, driven by the MCP SDK's own client over stdio: every tool returns what
 * the bundled spec and the Markdown pages say, invalid payloads come back with each error's JSON pointer, unknown
 * names get an error naming close ones, nothing but JSON-RPC reaches stdout, and no socket is ever opened (the
 * server runs with a preload that refuses and reports any connection).
 */
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {pathToFileURL} from 'node:url';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {API_SPECS, GENERATED_DIR} from '../../src/data/api-table';
import {SITE_URL} from '../../src/data/brand';
import {CHANGELOG_ARTEFACT, RELEASES_DIR, type ChangelogEntry, type SpecChange} from '../../src/data/spec-changes';
import {fullReferenceHtml, MODEL_FOLDER, operationFileName} from '../../src/data/static-reference';
import {SITE_ROOT} from '../../tools/cli';
import {elementsOf, htmlRows, markdownRows, parseHtml, textOf} from '../../tools/reference/completeness';
import {BUILD_DIR as BUILD} from '../../tools/site/serve-build';
import type {ServerCard} from '../../tools/mcp/card';
import {MCP_CARD_PATH} from '../../src/data/agent-docs';
import type {UnknownObject} from '../../tools/openapi/json';
import {resolveRef} from '../../tools/spec/spec-lookup';
import {apiManifest, builtReferenceFile} from '../helpers/reference';
import {parseOperationId, readWorkflowFile, workflowFiles, type Workflow} from '../../tools/workflows/workflows';

const TOOLS = [
  'get_operation',
  'get_page',
  'get_schema',
  'get_workflow',
  'list_changes',
  'list_workflows',
  'search_docs',
  'validate_request',
  'validate_webhook_payload',
];
/** Whether a copy's row says `required` (after its label, before what the copy adds in parentheses). */
const markdownRequired = (rest: string): boolean =>
  rest
    .replace(/ \(.*\)$/, '')
    .split(/\s+/)
    .includes('required');
const readJson = <T = UnknownObject>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const specOf = (name: string) => readJson(path.join(BUILD, 'openapi', `${name}.json`));

/** Loaded before the server: any TCP/UDP connection or DNS lookup is reported on stderr and fails. */
const NETWORK_GUARD = `
import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';
const refuse = (what) => {
  process.stderr.write('NETWORK ATTEMPT: ' + what + '\\n');
  throw new Error('network access refused: ' + what);
};
net.Socket.prototype.connect = function () { refuse('socket connect'); };
dgram.Socket.prototype.send = function () { refuse('udp send'); };
dns.lookup = () => refuse('dns lookup');
dns.promises.lookup = async () => refuse('dns lookup');
process.stderr.write('network guard on\\n');
`;

function markdownRoutes(dir: string, root = dir): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    if (e.isDirectory()) return ['assets', 'img', 'openapi'].includes(e.name) && dir === root ? [] : markdownRoutes(path.join(dir, e.name), root);
    return e.name.endsWith('.md') ? [`/${path.relative(root, path.join(dir, e.name)).split(path.sep).join('/')}`] : [];
  });
}

/** The operation the tests use: the first POST with path parameters and a JSON body with required properties and an example. */
function pickOperation() {
  for (const api of API_SPECS) {
    const spec = specOf(api);
    for (const [template, item] of Object.entries(spec.paths as Record<string, UnknownObject>)) {
      const op = item.post as UnknownObject | undefined;
      const pointer = `#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/post`;
      const media = op?.requestBody && (resolveRef(spec, `${pointer}/requestBody`).node.content as UnknownObject)['application/json'];
      const example =
        media &&
        (((media as UnknownObject).example as UnknownObject) ??
          (Object.values(((media as UnknownObject).examples ?? {}) as Record<string, {value: UnknownObject}>)[0]?.value as UnknownObject));
      if (!op || !template.includes('{') || !example) continue;
      const schema = resolveRef(spec, `${pointer}/requestBody/content/application~1json/schema`).node;
      if (!(schema.required as string[] | undefined)?.length) continue;
      const resolved = (node: UnknownObject) => (typeof node.$ref === 'string' ? resolveRef(spec, node.$ref).node : node);
      const params = [...((item.parameters ?? []) as UnknownObject[]), ...((op.parameters ?? []) as UnknownObject[])].map((p) => {
        const param = resolved(p);
        const paramSchema = resolved((param.schema ?? {}) as UnknownObject);
        return {...param, schema: paramSchema, example: param.example ?? paramSchema.example} as UnknownObject & {schema: UnknownObject};
      });
      return {api, spec, op, template, pointer, params, schema, example};
    }
  }
  throw new Error('the build has no POST operation with path parameters and a JSON body with required properties and an example');
}

describe('npm run mcp', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-test-'));
  const copy = path.join(scratch, 'build');
  const guard = path.join(scratch, 'no-network.mjs');
  const client = new Client({name: 'mcp-test', version: '1.0.0'});
  let transport: StdioClientTransport;
  let stderr = '';
  const protocolErrors: Error[] = [];
  const target = pickOperation();
  const call = (name: string, args: Record<string, unknown>) => client.callTool({name, arguments: args}) as Promise<CallToolResult>;
  const text = (r: CallToolResult, i = 0) => (r.content[i] as {text: string}).text;
  const json = async (name: string, args: Record<string, unknown>) => {
    const r = await call(name, args);
    assert.ok(!r.isError, `${name} ${JSON.stringify(args)}: ${text(r)}`);
    return JSON.parse(text(r));
  };
  const toolError = async (name: string, args: Record<string, unknown>) => {
    const r = await call(name, args);
    assert.equal(r.isError, true, `${name} ${JSON.stringify(args)} is an error`);
    return text(r);
  };

  before(async () => {
    // A copy of the build's artefacts (no assets), so list_changes can be given a changelog without touching build/.
    fs.cpSync(BUILD, copy, {recursive: true, filter: (src) => !/^(assets|img)(\/|$)/.test(path.relative(BUILD, src))});
    fs.writeFileSync(guard, NETWORK_GUARD);
    transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', '--import', pathToFileURL(guard).href, 'scripts/mcp.ts', '--build', copy],
      cwd: SITE_ROOT,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    // A line on stdout that is not JSON-RPC, among others.
    client.onerror = (e) => protocolErrors.push(e);
    await client.connect(transport);
  });

  after(async () => {
    await client.close();
    fs.rmSync(scratch, {recursive: true, force: true});
  });

  test('lists its tools, each described with an input schema, and a resource per Markdown page', async () => {
    const {tools} = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS);
    for (const t of tools) {
      assert.ok((t.description ?? '').length > 40, `${t.name} has a description`);
      assert.ok(Object.keys(t.inputSchema.properties ?? {}).length > 0, `${t.name} has input properties`);
    }
    const {resources} = await client.listResources();
    const pages = resources.filter((r) => r.uri !== 'novaramp://docs/llms.txt');
    assert.equal(pages.length, markdownRoutes(BUILD).length);
    assert.ok(pages.every((r) => r.uri.startsWith('novaramp://docs/') && r.mimeType === 'text/markdown' && r.title));
    const page = pages.find((r) => r.uri.endsWith(target.op['x-doc-slug'] as string));
    assert.ok(page, 'the operation page is a resource');
    const read = await client.readResource({uri: page.uri});
    assert.equal((read.contents[0] as {text: string}).text, fs.readFileSync(path.join(BUILD, `docs${target.op['x-doc-slug']}.md`), 'utf8'));
    await assert.rejects(client.readResource({uri: `${page.uri}x`}), new RegExp(`No page .*Did you mean "${page.name}"`));
  });

  test(`its card in the build (${MCP_CARD_PATH}) says what this server says: name, version, instructions, tools, how to start it`, async () => {
    const card = readJson<ServerCard>(path.join(BUILD, MCP_CARD_PATH));
    const {tools} = await client.listTools();
    assert.deepEqual(
      card.tools.map((t) => [t.name, t.description, JSON.stringify(t.inputSchema)]),
      tools.map((t) => [t.name, t.description, JSON.stringify(t.inputSchema)]),
    );
    const info = client.getServerVersion()!;
    assert.ok(card.name.endsWith(`/${info.name}`), card.name);
    assert.equal(card.version, info.version);
    assert.equal(card.instructions, client.getInstructions());
    const start = Object.values(card._meta)[0] as {command: string; args: string[]};
    assert.deepEqual([start.command, ...start.args.slice(2)], ['npm', 'run', 'mcp', '--silent'], 'the command contributing/mcp.md gives');
    assert.ok(card.resources.some((r) => r.uriTemplate === 'novaramp://docs{+path}'));
  });

  test('search_docs finds the operation page by its summary, with title, URL and snippet', async () => {
    const {results} = await json('search_docs', {query: target.op.summary, limit: 5});
    const url = `${SITE_URL}/docs${target.op['x-doc-slug']}`;
    assert.ok(
      results.slice(0, 3).some((r: {url: string}) => r.url === url),
      `${url} in the top 3 of ${results.map((r: {url: string}) => r.url)}`,
    );
    for (const r of results) {
      assert.ok(r.title && r.url.startsWith(SITE_URL) && r.sections[0].snippet, JSON.stringify(r));
    }
  });

  test('get_page returns the Markdown copy by URL, Markdown URL, path or URI, and follows redirect pages', async () => {
    const route = `/docs${target.op['x-doc-slug']}`;
    const markdown = fs.readFileSync(path.join(BUILD, `${route}.md`), 'utf8');
    for (const ref of [`${SITE_URL}${route}`, `${SITE_URL}${route}.md`, route, `novaramp://docs${route}`]) {
      const r = await call('get_page', {page: ref});
      assert.equal(text(r), markdown, ref);
    }
    const redirect = fs
      .readdirSync(path.join(BUILD, 'docs'), {recursive: true, encoding: 'utf8'})
      .filter((f) => f.endsWith('.html'))
      .map((f) => ({f, to: /http-equiv="refresh" content="0; url=([^"]+)"/.exec(fs.readFileSync(path.join(BUILD, 'docs', f), 'utf8').slice(0, 1000))?.[1]}))
      .find((r) => r.to && fs.existsSync(path.join(BUILD, `${r.to}.md`)));
    assert.ok(redirect?.to, 'the build has a redirect page');
    const from = `/docs/${redirect.f.replace(/(\/index)?\.html$/, '')}`;
    assert.equal(text(await call('get_page', {page: from})), fs.readFileSync(path.join(BUILD, `${redirect.to}.md`), 'utf8'), from);
    assert.match(await toolError('get_page', {page: `${route}s`}), new RegExp(`No page "${route}s"\\. Did you mean "${route}"`));
  });

  /** The workflows of openapi/workflows/, as written. */
  const sourceWorkflows = workflowFiles(SITE_ROOT).map((f) => readWorkflowFile(f, SITE_ROOT).doc);

  test('list_workflows lists every workflow with its inputs, step count, operations, page and downloads; a filter narrows it', async () => {
    const {workflows} = await json('list_workflows', {});
    assert.ok(sourceWorkflows.length >= 8);
    assert.deepEqual(
      workflows.map((w: {id: string}) => w.id),
      sourceWorkflows.map((d) => d.workflows[0].workflowId),
    );
    for (const [i, doc] of sourceWorkflows.entries()) {
      const source: Workflow = doc.workflows[0];
      const listed = workflows[i];
      const id = source.workflowId;
      assert.equal(listed.title, doc.info.title, id);
      assert.ok(listed.summary.length > 20, `${id} has a summary`);
      assert.equal(listed.steps, source.steps.length, `${id}: step count`);
      assert.deepEqual(
        listed.operations,
        source.steps.map((s) => parseOperationId(s.operationId ?? '').operationId),
        `${id}: operations in order`,
      );
      assert.deepEqual(
        listed.inputs.map((input: {name: string; required: boolean}) => [input.name, input.required]),
        Object.keys(source.inputs?.properties ?? {}).map((name) => [name, (source.inputs?.required ?? []).includes(name)]),
        `${id}: inputs`,
      );
      assert.equal(listed.url, `${SITE_URL}/docs/guides/workflows/${id}`);
      for (const ext of ['yaml', 'json']) {
        assert.equal(listed.downloads[ext], `${SITE_URL}/openapi/workflows/${id}.arazzo.${ext}`);
        assert.ok(fs.existsSync(path.join(BUILD, 'openapi', 'workflows', `${id}.arazzo.${ext}`)), `${id}.arazzo.${ext} is in the build`);
      }
      if (fs.existsSync(path.join(BUILD, 'docs', 'guides', 'workflows', `${id}.md`))) assert.equal(listed.markdownUrl, `${listed.url}.md`);
    }
    const {workflows: trading} = await json('list_workflows', {filter: 'executeTradeOrder'});
    assert.deepEqual(
      trading.map((w: {id: string}) => w.id),
      sourceWorkflows.filter((d) => d.workflows[0].steps.some((s) => s.operationId?.endsWith('.executeTradeOrder'))).map((d) => d.workflows[0].workflowId),
    );
    const none = await json('list_workflows', {filter: 'no such journey'});
    assert.deepEqual(none.workflows, []);
    assert.match(none.note, /the workflows are: .*quote-and-trade/);
  });

  test("get_workflow returns every step in order with its operation as get_operation resolves it and the step's own parameters, body, criteria and outputs", async () => {
    for (const doc of sourceWorkflows) {
      const source: Workflow = doc.workflows[0];
      const got = await json('get_workflow', {id: source.workflowId});
      assert.equal(got.id, source.workflowId);
      assert.deepEqual(got.inputsSchema, source.inputs);
      assert.deepEqual(got.outputs, source.outputs ?? {});
      assert.deepEqual(
        got.steps.map((s: {stepId: string}) => s.stepId),
        source.steps.map((s) => s.stepId),
        `${source.workflowId}: steps in order`,
      );
      for (const [i, step] of source.steps.entries()) {
        const resolved = got.steps[i];
        const {operationId} = parseOperationId(step.operationId ?? '');
        const operation = await json('get_operation', {operation: operationId});
        assert.deepEqual(
          resolved.operation,
          {
            api: operation.api,
            operationId,
            method: operation.method.toUpperCase(),
            path: operation.path,
            summary: operation.summary,
            url: operation.url,
            markdownUrl: operation.markdownUrl,
          },
          `${source.workflowId} ${step.stepId}: the operation of get_operation`,
        );
        assert.deepEqual(
          resolved.parameters.map((p: {name: string; in: string; value: unknown}) => ({name: p.name, in: p.in, value: p.value})),
          step.parameters ?? [],
        );
        for (const p of resolved.parameters) {
          const declared = operation.parameters.find((d: {name: string; in: string}) => d.in === p.in && d.name.toLowerCase() === p.name.toLowerCase());
          assert.equal(p.required, declared.required, `${step.stepId}: ${p.in} ${p.name} as the operation declares it`);
        }
        assert.deepEqual(resolved.requestBody, step.requestBody);
        assert.deepEqual(resolved.successCriteria, step.successCriteria ?? []);
        assert.deepEqual(resolved.outputs, step.outputs ?? {});
      }
    }
    const quote = await json('get_workflow', {id: 'quote-and-trade.arazzo.yaml'});
    assert.equal(quote.id, 'quote-and-trade', 'a download name finds its workflow');
    assert.match(await toolError('get_workflow', {id: 'quote-and-trades'}), /No workflow "quote-and-trades"\. Did you mean "quote-and-trade"/);
  });

  test('get_operation returns the reference model its page and copy were rendered from, by operationId or METHOD path', async () => {
    const byId = await json('get_operation', {operation: target.op.operationId});
    const realPath = target.template.replace(/\{([^}]+)\}/g, (_, name) => String(target.params.find((p) => p.name === name)?.example));
    assert.deepEqual(await json('get_operation', {operation: `POST ${realPath}`}), byId);
    // The very model gen:api wrote beside the pages (the page's HTML and its Markdown copy come from it), without the
    // local mock server the page's request panel offers (the spec downloads leave it out too).
    const {url, markdownUrl, ...model} = byId;
    const written = readJson(
      path.join(SITE_ROOT, GENERATED_DIR, MODEL_FOLDER, operationFileName(target.api, String(target.op.operationId))),
    ) as UnknownObject & {
      servers: {internal: boolean}[];
    };
    assert.ok(
      written.servers.some((s) => s.internal),
      'the page offers the local mock server',
    );
    assert.deepEqual(model, {...written, servers: written.servers.filter((s) => !s.internal)});
    assert.equal(byId.method, 'post');
    assert.equal(byId.path, target.template);
    assert.equal(byId.api, target.api);
    assert.equal(url, `${SITE_URL}/docs${target.op['x-doc-slug']}`);
    assert.equal(markdownUrl, `${SITE_URL}/docs${target.op['x-doc-slug']}.md`);
    assert.deepEqual(
      byId.servers.map((s: {url: string}) => s.url),
      ((target.op.servers ?? target.spec.servers) as {url: string}[]).map((s) => s.url),
    );
    const security = (target.op.security ?? target.spec.security) as Record<string, string[]>[];
    assert.deepEqual(
      byId.security.map((req: {name: string; scopes: string[]}[]) => req.map((s) => [s.name, s.scopes])),
      security.map((req) => Object.entries(req)),
    );
    assert.deepEqual(
      byId.parameters.map((p: UnknownObject) => p.name),
      target.params.map((p) => p.name),
    );
    const body = byId.requestBody.content.find((m: {mediaType: string}) => m.mediaType === 'application/json');
    // Every property of the spec's request schema is a field of the body (of each variant, where it has variants).
    const names = (node: UnknownObject) => (node.properties as {name: string}[]).map((p) => p.name);
    const variants = (body.schema.variants?.options ?? []) as {schema: UnknownObject}[];
    for (const fields of variants.length ? variants.map((v) => names(v.schema)) : [names(body.schema)]) {
      assert.deepEqual(
        Object.keys((target.schema.properties ?? {}) as UnknownObject).filter((f) => !fields.includes(f)),
        [],
      );
    }
    assert.deepEqual(
      byId.responses.map((r: {status: string}) => r.status),
      Object.keys(target.op.responses as UnknownObject),
    );
    assert.doesNotMatch(JSON.stringify(byId), /"\$ref"/);
    const typo = String(target.op.operationId).slice(0, -1);
    assert.match(await toolError('get_operation', {operation: typo}), new RegExp(`No operation "${typo}"\\. Did you mean "${target.op.operationId}"`));
  });

  test('withdrawFiat, where the readings used to differ: the MCP answer, the page and its copy show the same variants with the same fields', async () => {
    // Before one model, the MCP answer was the raw oneOf (two `required` lists), the copy folded the fields beside it
    // into each variant, and the page showed the first variant under both tabs.
    const answer = await json('get_operation', {operation: 'withdrawFiat'});
    const body = answer.requestBody.content.find((m: {mediaType: string}) => m.mediaType === 'application/json').schema;
    const mcp = (body.variants.options as {label: string; schema: {properties: {name: string; required: boolean}[]}}[]).map((o) => ({
      label: o.label,
      fields: o.schema.properties.map((p) => `${p.name}${p.required ? ' required' : ''}`),
    }));
    assert.deepEqual(
      mcp.map((v) => v.label),
      ['To a linked bank account', 'To a fiat beneficiary'],
    );
    const entry = apiManifest().find((e) => e.operationId === 'withdrawFiat');
    assert.ok(entry);
    const page = fullReferenceHtml(builtReferenceFile(entry));
    const copy = fs.readFileSync(path.join(BUILD, `${entry.route}.md`), 'utf8');
    const tabs = elementsOf(parseHtml(page)).filter((el) => el.attribs.role === 'tab');
    const items = markdownRows(copy);
    for (const [i, v] of mcp.entries()) {
      // The page: the variant's panel (its tab names it) lists these fields, with their required flags.
      const tab = tabs.find((t) => textOf(t).trim() === v.label);
      const panel = tab?.attribs['aria-controls'];
      assert.ok(panel, `the page has a tab "${v.label}" naming its panel`);
      const panelRows = htmlRows(page, panel).filter((r) => r.path.length === 0);
      assert.deepEqual(
        panelRows.map((r) => `${r.name}${r.required ? ' required' : ''}`),
        v.fields,
        `page, ${v.label}`,
      );
      // The copy: the variant's item lists the same fields.
      assert.match(copy, new RegExp(`- Variant ${i + 1} of 2: ${v.label}\n`));
      for (const f of v.fields)
        assert.ok(
          items.some((r) => r.path.length === 0 && r.name === f.split(' ')[0] && markdownRequired(r.rest) === f.endsWith(' required')),
          `copy, ${v.label}: ${f}`,
        );
    }
  });

  test('get_schema returns a component schema with its references resolved, and names close ones for a typo', async () => {
    const schemas = specOf('novaramp').components as {schemas: Record<string, UnknownObject>};
    const [name, property, ref] = Object.entries(schemas.schemas)
      .flatMap(([n, s]) => Object.entries((s.properties ?? {}) as Record<string, UnknownObject>).map(([p, v]) => [n, p, v.$ref] as const))
      .find(([, , r]) => typeof r === 'string' && r.startsWith('#/components/schemas/')) as [string, string, string];
    const schema = await json('get_schema', {name});
    assert.equal(schema.name, name);
    assert.deepEqual(Object.keys(schema.schema.properties), Object.keys(schemas.schemas[name].properties as UnknownObject));
    const referenced = await json('get_schema', {name: ref.split('/').pop()});
    assert.deepEqual(schema.schema.properties[property], referenced.schema);
    assert.match(await toolError('get_schema', {name: name.slice(1)}), new RegExp(`No schema "${name.slice(1)}"\\. Did you mean "${name}"`));
  });

  test('validate_request accepts the spec example and points at each error of an invalid request', async () => {
    const pathParams = Object.fromEntries(target.params.filter((p) => p.in === 'path').map((p) => [p.name, p.example]));
    const headers = Object.fromEntries(target.params.filter((p) => p.in === 'header').map((p) => [p.name, p.example]));
    const valid = await json('validate_request', {operation: target.op.operationId, path_params: pathParams, headers, body: target.example});
    assert.deepEqual({valid: valid.valid, errors: valid.errors}, {valid: true, errors: []});

    const required = (target.schema.required as string[])[0];
    const [typed, typedSchema] =
      Object.entries(target.schema.properties as Record<string, UnknownObject>)
        .map(([p, s]) => [p, s.$ref ? resolveRef(target.spec, s.$ref as string).node : s] as const)
        .find(([p, s]) => p !== required && s.type !== undefined) ?? [];
    assert.ok(typed && typedSchema, 'the body has a typed optional property');
    const wrongType = [typedSchema.type].flat().includes('string') ? 12345 : 'not the right type';
    const body = {...target.example, [typed]: wrongType, unexpected_field: true} as UnknownObject;
    delete body[required];
    const pathParam = target.params.find((p) => p.in === 'path' && p.schema.pattern);
    assert.ok(pathParam, 'a path parameter has a pattern');
    const header = target.params.find((p) => p.in === 'header' && p.required);
    const invalid = await json('validate_request', {
      operation: `POST ${target.template}`,
      path_params: {...pathParams, [String(pathParam.name)]: 'not an id'},
      body,
    });
    assert.equal(invalid.valid, false);
    const found = invalid.errors.map((e: UnknownObject) => `${e.in} ${e.pointer} ${e.keyword}`);
    const expected = [`body /${required} required`, `body /${typed} type`, 'body /unexpected_field additionalProperties', `path /${pathParam.name} pattern`];
    if (header) expected.push(`header /${header.name} required`);
    for (const e of expected) assert.ok(found.includes(e), `${e} in ${found.join(', ')}`);
  });

  test('validate_webhook_payload accepts the event example and points at each error of a broken payload', async () => {
    const webhooks = specOf('webhooks').webhooks as Record<string, {post: {requestBody: {content: Record<string, {example: UnknownObject}>}}}>;
    const [event, item] = Object.entries(webhooks)[0];
    const example = item.post.requestBody.content['application/json'].example;
    assert.deepEqual((await json('validate_webhook_payload', {event, payload: example})).errors, []);
    const {data: _data, ...broken} = {...example, id: 5} as UnknownObject;
    const result = await json('validate_webhook_payload', {event, payload: broken});
    assert.equal(result.valid, false);
    assert.deepEqual(result.errors.map((e: UnknownObject) => `${e.pointer} ${e.keyword}`).sort(), ['/data required', '/id type']);
    assert.match(
      await toolError('validate_webhook_payload', {event: `${event}x`, payload: example}),
      new RegExp(`No webhook event "${event}x"\\. Did you mean "${event}"`),
    );
  });

  test("list_changes lists the build's changelog, says when a build has none, and lists the entries after a release", async () => {
    const built = readJson<ChangelogEntry[]>(path.join(copy, CHANGELOG_ARTEFACT));
    assert.deepEqual(
      (await json('list_changes', {})).versions,
      built.map((e) => e.version),
    );
    fs.rmSync(path.join(copy, CHANGELOG_ARTEFACT));
    assert.match(await toolError('list_changes', {since: '1.0.0'}), new RegExp(`${CHANGELOG_ARTEFACT} is missing`));
    const release = readJson<{version: string; date: string}>(path.join(SITE_ROOT, RELEASES_DIR, '1.0.0', 'release.json'));
    const changes = readJson<SpecChange[]>(path.join(SITE_ROOT, RELEASES_DIR, '1.0.0', 'changes.json'));
    // The working spec is the 1.0.0 release: nothing Unreleased yet.
    const changelog: ChangelogEntry[] = [
      {version: 'Unreleased', changes: []},
      {version: release.version, date: release.date, changes},
    ];
    fs.writeFileSync(path.join(copy, CHANGELOG_ARTEFACT), JSON.stringify(changelog));

    const all = await json('list_changes', {});
    assert.deepEqual(all.versions, ['Unreleased', '1.0.0']);
    assert.equal(all.entries[1].changes.length, changes.length);
    const withPage = all.entries[1].changes.find((c: SpecChange) => c.operation?.docSlug);
    assert.equal(withPage.url, `${SITE_URL}/docs${withPage.operation.docSlug}`);
    assert.deepEqual(
      (await json('list_changes', {since: '1.0.0'})).entries.map((e: ChangelogEntry) => e.version),
      ['Unreleased'],
    );
    const breaking = await json('list_changes', {kind: ['breaking']});
    assert.equal(breaking.entries[1].changes.length, changes.filter((c) => c.kind === 'breaking').length);
    assert.match(await toolError('list_changes', {since: '0.9.0'}), /No version "0\.9\.0"\..*1\.0\.0/);
  });

  test('nothing reaches the network (the guard is loaded, refuses a connection, and saw none), and the protocol stayed clean', () => {
    assert.match(stderr, /network guard on/);
    assert.match(stderr, /MCP server ready on stdio/);
    assert.doesNotMatch(stderr, /NETWORK ATTEMPT/);
    assert.deepEqual(protocolErrors, []);
    const probe = spawnSync(
      process.execPath,
      ['--import', pathToFileURL(guard).href, '-e', "fetch('http://127.0.0.1:65000/').catch((e) => { console.error(String(e.cause ?? e)); process.exit(3); })"],
      {encoding: 'utf8'},
    );
    assert.match(probe.stderr, /NETWORK ATTEMPT: socket connect/);
    assert.equal(probe.status, 3);
  });
});

test('`npm run mcp --silent` (the README configuration) writes nothing but JSON-RPC to stdout, from build/', async () => {
  const child = spawn('npm', ['--prefix', SITE_ROOT, 'run', 'mcp', '--silent'], {cwd: os.tmpdir(), stdio: ['pipe', 'pipe', 'pipe']});
  let stdout = '';
  const answered = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if ((stdout.match(/\n/g) ?? []).length >= 2) resolve();
    });
    child.on('exit', (code) => reject(new Error(`npm run mcp exited (${code}) before answering: ${stdout}`)));
  });
  const send = (message: object) => child.stdin.write(`${JSON.stringify({jsonrpc: '2.0', ...message})}\n`);
  send({id: 1, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'raw', version: '1'}}});
  send({method: 'notifications/initialized'});
  send({id: 2, method: 'tools/list'});
  try {
    await answered;
  } finally {
    child.stdin.end();
    child.kill();
  }
  const lines = stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.ok(
    lines.every((l) => l.jsonrpc === '2.0'),
    stdout.slice(0, 200),
  );
  assert.deepEqual(lines[1].result.tools.map((t: {name: string}) => t.name).sort(), TOOLS);
});

test('without a build it says what to run and exits non-zero', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-nobuild-'));
  try {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mcp.ts', '--build', empty], {cwd: SITE_ROOT, encoding: 'utf8', input: ''});
    assert.equal(run.status, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, new RegExp(`No production build in ${empty}: run \`npm run build\``));
  } finally {
    fs.rmSync(empty, {recursive: true, force: true});
  }
});
