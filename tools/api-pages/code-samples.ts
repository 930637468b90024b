/**
 * Build-time code samples. The OpenAPI theme generates its request snippets in the browser with
 * postman-code-generators, which puts the generators of every language into a chunk on every page. Here the same generator runs in
 * Node while `gen:api` writes the pages: for every operation, one snippet per language of
 * CODE_SAMPLE_LANGUAGES, built from the plugin's Postman request with the theme's own request builder,
 * the example parameters, the example request body and a masked `Authorization: Bearer <TOKEN>` header.
 * They are stored as the operation's `x-codeSamples` (the theme's own extension for hand-written samples),
 * so the page shows them as static, server-rendered text.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {ApiPageMetadata} from 'docusaurus-plugin-openapi-docs/src/types';
import {CODE_SAMPLE_LANGUAGES, GENERATED_DIR} from '../../src/data/api-table';
import {REFERENCE_HTML_FOLDER, type ReferenceFile} from '../../src/data/static-reference';
import {GEN_OUT_ENV} from '../generate-api';
import {prefillParameters, type CodeSample, type OperationParameter} from '../../src/data/operation';
import {codeBlockHtml} from '../static-code/highlight';
import {deferHiddenPanels} from './defer-panels';
import {renderReference, type ReferenceOperation} from './render-reference';
import {withReleaseBadges} from './release-badges';

const require = createRequire(__filename);

interface PostmanLanguage {
  key: string;
  label: string;
  variants: {key: string}[];
}
interface CodeGenerators {
  getLanguageList(): PostmanLanguage[];
  convert(
    language: string,
    variant: string,
    request: unknown,
    options: Record<string, unknown>,
    callback: (error: unknown, snippet: string) => void,
  ): void;
}
type Api = ApiPageMetadata['api'] & {
  postman?: unknown;
  servers?: {url: string}[];
  parameters?: OperationParameter[];
  'x-codeSamples'?: CodeSample[];
};

/** The options the theme passes to postman-code-generators for a language (languages.js). */
const GENERATOR_OPTIONS = {longFormat: false, followRedirect: true, trimRequestBody: true};

function requestBodyExample(api: Api, contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const media = (api.requestBody as {content?: Record<string, {example?: unknown; examples?: Record<string, {value?: unknown}>; schema?: unknown}>} | undefined)
    ?.content?.[contentType];
  if (!media) return undefined;
  const {sampleFromSchema} = require('docusaurus-plugin-openapi-docs/lib/openapi/createSchemaExample') as {
    sampleFromSchema: (schema: unknown, context: {type: string}) => unknown;
  };
  const value = media.example ?? (media.examples ? Object.values(media.examples)[0]?.value : undefined) ?? (media.schema ? sampleFromSchema(media.schema, {type: 'request'}) : undefined);
  return value === undefined ? undefined : JSON.stringify(value, null, 2);
}

export function buildCodeSamples(api: Api): CodeSample[] {
  if (!api.postman || api.method === 'event') return [];
  const generators = require('postman-code-generators') as CodeGenerators;
  const buildPostmanRequest = (
    require('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/buildPostmanRequest') as {default: (postman: unknown, state: unknown) => unknown}
  ).default;
  const sdk = require('postman-collection') as {Request: new (json: unknown) => unknown};

  const server = api.servers?.[0];
  const params = prefillParameters(api.parameters);
  const contentType = Object.keys((api.requestBody as {content?: object} | undefined)?.content ?? {})[0];
  const accept = Object.entries(api.responses ?? {})
    .filter(([code]) => /^2\d\d$/.test(code))
    .flatMap(([, r]) => Object.keys((r as {content?: object}).content ?? {}))[0];
  const body = requestBodyExample(api, contentType);
  const security = (api.security ?? []) as Record<string, string[]>[];
  const schemes = (api.securitySchemes ?? {}) as Record<string, {type: string; scheme?: string; in?: string; name?: string}>;
  const first = security[0] ? Object.keys(security[0]) : [];
  // The theme's auth state with no credential entered: snippets show `<TOKEN>` placeholders, never a key.
  const auth = {
    selected: first.length ? first.join(' and ') : undefined,
    options: first.length ? {[first.join(' and ')]: first.map((key) => ({key, ...schemes[key]}))} : {},
    data: Object.fromEntries(first.map((key) => [key, {}])),
  };

  // buildPostmanRequest reads window.location.origin before it applies the server; give it the server.
  const g = globalThis as {window?: unknown};
  const hadWindow = 'window' in g;
  g.window ??= {location: {origin: server?.url ?? 'https://api.example'}, btoa: (s: string) => Buffer.from(s).toString('base64')};
  try {
    const request = buildPostmanRequest(new sdk.Request(api.postman), {
      queryParams: params.query,
      pathParams: params.path,
      cookieParams: params.cookie,
      headerParams: params.header,
      contentType,
      accept,
      body: body === undefined ? {type: 'empty'} : {type: 'raw', content: {type: 'string', value: body}},
      server,
      auth,
      encoding: undefined,
    });
    const list = generators.getLanguageList();
    return CODE_SAMPLE_LANGUAGES.map(({language}) => {
      const info = list.find((l) => l.key === language);
      if (!info) throw new Error(`postman-code-generators has no language "${language}"`);
      const variant = info.variants[0].key;
      let source: string | undefined;
      generators.convert(language, variant, request, GENERATOR_OPTIONS, (error, snippet) => {
        if (error) throw new Error(`${api.method?.toUpperCase()} ${api.path}: ${language} snippet failed: ${String(error)}`);
        source = snippet;
      });
      // The converters used here call back synchronously; a late callback would be lost, so refuse it.
      if (source === undefined) throw new Error(`${language}: postman-code-generators answered asynchronously`);
      return {lang: info.label, label: variant, source};
    });
  } finally {
    if (!hadWindow) delete g.window;
  }
}

/** The reference blocks of the plugin's page body, which become static HTML (tools/api-pages/render-reference.ts). */
const REFERENCE_BLOCKS = /^<(ParamsDetails|RequestSchema|StatusCodes)\b[\s\S]*?^<\/\1>\n*/gm;

/**
 * Writes an operation's static reference into the reference folder of the pages being generated, named by its
 * content (src/data/static-reference.ts), and returns the file's name.
 */
function writeReferenceFile(html: string): string {
  const text = JSON.stringify(deferHiddenPanels(html) satisfies ReferenceFile);
  const name = `${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`;
  writeBesidePages(REFERENCE_HTML_FOLDER, name, text);
  return name;
}

/** Writes `name` into `folder` of the pages being generated (the OpenAPI plugin runs in the site's folder). */
function writeBesidePages(folder: string, name: string, text: string): void {
  const dir = path.resolve(process.env[GEN_OUT_ENV] ?? GENERATED_DIR, folder);
  fs.mkdirSync(dir, {recursive: true});
  fs.writeFileSync(path.join(dir, name), text);
}

/**
 * The sources of each operation's code samples, one `<operationId>.json` (CodeSample[]) per operation, in this folder
 * of the generated pages' folder: the Markdown copies (tools/markdown) print the samples the page shows, read here
 * instead of processing the whole spec a second time during the build.
 */
export const SAMPLE_SOURCES_FOLDER = 'samples';

function writeSampleSources(operationId: string | undefined, samples: CodeSample[]): void {
  if (operationId) writeBesidePages(SAMPLE_SOURCES_FOLDER, `${operationId}.json`, JSON.stringify(samples));
}

/** The code samples gen:api recorded for `operationId` in `generatedDir` (docs/api/reference), if it did. */
export function readSampleSources(generatedDir: string, operationId: string): CodeSample[] | undefined {
  const file = path.join(generatedDir, SAMPLE_SOURCES_FOLDER, `${operationId}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as CodeSample[]) : undefined;
}

const STATIC_REFERENCE_IMPORT = "import StaticReference from '@site/src/components/ApiDocItem/StaticReference';";

/**
 * The plugin's page body with its reference blocks (ParamsDetails, RequestSchema, StatusCodes) replaced, in place of
 * the first, by the component that shows their static HTML, and without the imports nothing uses any more. The page
 * stays a page of the plugin's (heading, endpoint, description, "Request" heading are its own), only the heavy part
 * is pre-rendered. The HTML itself goes to a file of its own (writeReferenceFile), not into the page's module: it
 * was four fifths of the modules' bytes, which the bundler holds twice (client and server) and the browser
 * downloaded beside the same HTML in the page.
 */
export function withStaticReference(markdown: string, api: Api): string {
  let replaced = false;
  const body = markdown.replace(REFERENCE_BLOCKS, () => {
    if (replaced) return '';
    replaced = true;
    return `<StaticReference file="${writeReferenceFile(renderReference(api as ReferenceOperation))}" />\n\n`;
  });
  if (!replaced) {
    throw new Error(`${api.method?.toUpperCase()} ${api.path}: the OpenAPI plugin's page has no ParamsDetails, RequestSchema or StatusCodes block to render statically (did its page layout change?)`);
  }
  const used = (name: string) => new RegExp(`<${name}\\b`).test(body);
  return `${STATIC_REFERENCE_IMPORT}\n${body.replace(/^import (\w+) from "[^"]+";\n/gm, (line, name: string) => (used(name) ? line : ''))}`;
}

/**
 * The code samples as the page shows them: one highlighted code block per language (tools/static-code), exported by
 * the page as `codeSamples` (src/components/ApiDocItem/CodeSamples.tsx puts them in its tabs).
 */
export function codeSampleBlocks(samples: CodeSample[]): {language: string; logoClass: string; html: string}[] {
  return CODE_SAMPLE_LANGUAGES.slice(0, samples.length).map((l, i) => ({
    language: l.language,
    logoClass: l.logoClass,
    html: codeBlockHtml(samples[i].source, {language: l.highlight, title: `${samples[i].lang} · ${samples[i].label}`, className: 'openapi-explorer__code-block'}),
  }));
}

/**
 * The operation as the page's own code needs it, in place: the plugin serialises `api` into the page's front matter
 * after createApiPageMD, and the page's JS carries it twice (its metadata and its front matter). The reference, the
 * code samples and the description are in the page already (HTML and Markdown), so the response schemas, the
 * samples' sources and the description stay out; what the try-it state and forms read stays (parameters, request
 * body, servers, security, the Postman request, and which media types each response has).
 */
function keepWhatThePageReads(api: Api): void {
  api.responses = Object.fromEntries(
    Object.entries(api.responses ?? {}).map(([code, r]) => [code, {content: Object.fromEntries(Object.keys((r as {content?: object}).content ?? {}).map((type) => [type, {}]))}]),
  ) as Api['responses'];
  delete api['x-codeSamples'];
  delete api.description;
}

/** The plugin's own page body. */
const stockApiPageMD = (page: ApiPageMetadata): string =>
  (require('docusaurus-plugin-openapi-docs/lib/markdown') as {createApiPageMD: (p: ApiPageMetadata) => string}).createApiPageMD(page);

/** The operation's hand-written samples (`x-codeSamples`), or else the ones built here. */
const samplesOf = (api: Api): CodeSample[] => (api['x-codeSamples']?.length ? api['x-codeSamples'] : buildCodeSamples(api));

/**
 * docusaurus-plugin-openapi-docs `markdownGenerators.createApiPageMD`: the plugin's own page body, after adding the
 * build-time samples to the operation, with the reference pre-rendered (into a file) and the samples exported as highlighted HTML;
 * the operation in the front matter is then cut to what the page reads (last: everything above reads all of it).
 */
export function createApiPageMD(page: ApiPageMetadata): string {
  const api = page.api as Api;
  api['x-codeSamples'] = samplesOf(api);
  writeSampleSources(api.operationId, api['x-codeSamples']);
  const body = withStaticReference(withReleaseBadges(stockApiPageMD(page), api), api);
  const markdown = [API_PAGE_EXPORT, `export const codeSamples = ${JSON.stringify(codeSampleBlocks(api['x-codeSamples']))};`, '', body].join('\n');
  keepWhatThePageReads(api);
  return markdown;
}

/**
 * The plugin's own page, unchanged (the stock build of `npm run bench -- --stock`), with the sources of the samples
 * our pages would show recorded for the Markdown copies, which are the same in both builds.
 */
export function createStockApiPageMD(page: ApiPageMetadata): string {
  const api = page.api as Api;
  writeSampleSources(api.operationId, samplesOf(api));
  return stockApiPageMD(page);
}

/**
 * Every operation page exports the component that renders it (src/components/ApiDocItem picks it up from
 * the page's module). So that component is a dependency of the page's own content chunk, which Docusaurus
 * loads before it renders or hydrates a route: the page renders in one pass, with no Suspense boundary
 * (React's server renderer outlines a large boundary into a hidden segment revealed by script: empty
 * without JavaScript, and a layout shift with it), while guides never load it.
 */
export const API_PAGE_EXPORT = "export {default as ApiPage} from '@site/src/components/ApiDocItem/ApiPage';";
