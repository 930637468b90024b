/**
 * Build-time code samples, all from the operation's reference model: its example request (tools/reference/request.ts)
 * turned into a snippet per language of CODE_SAMPLE_LANGUAGES by postman-code-generators (the generators the OpenAPI
 * theme runs in the browser), and for our own APIs the typed openapi-fetch sample (tools/typed-samples/); each
 * highlighted (tools/reference/highlight.ts). The page shows them as static HTML; the
 * Markdown copies print the same sources (recorded beside the pages).
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {CODE_SAMPLE_LANGUAGES, sampleLanguage, TYPES_URL} from '../../../data/api-table';
import type {CodeSample} from '../../../data/operation';
import {operationFileName} from '../../../data/static-reference';
import type {OperationModel} from '../../../../tools/reference/model';
import {exampleRequest} from '../../../../tools/reference/request';
import {codeBlockHtml} from '../../../../tools/reference/highlight';
import {OPENAPI_FETCH_METHODS, typedSample} from '../../../../tools/typed-samples';

const require = createRequire(__filename);

interface PostmanLanguage {
  key: string;
  label: string;
  variants: {key: string}[];
}
interface CodeGenerators {
  getLanguageList(): PostmanLanguage[];
  convert(language: string, variant: string, request: unknown, options: Record<string, unknown>, callback: (error: unknown, snippet: string) => void): void;
}

/** The options the OpenAPI theme passes to postman-code-generators (its languages.js). relies on: code-sample-options */
const GENERATOR_OPTIONS = {longFormat: false, followRedirect: true, trimRequestBody: true};

/**
 * The operation's hand-written samples (`x-codeSamples`), else one per language built from its model. `typed`: with
 * the TypeScript sample, which imports the types the site publishes for our own APIs (not for an extra API's).
 */
export function codeSamples(op: OperationModel, {typed}: {typed: boolean}): CodeSample[] {
  const own = op.extensions['x-codeSamples'];
  if (Array.isArray(own) && own.length) return own as unknown as CodeSample[];
  if (op.kind === 'webhook') return [];
  const generators = require('postman-code-generators') as CodeGenerators;
  const sdk = require('postman-collection') as {Request: new (json: unknown) => unknown};
  const example = exampleRequest(op);
  const query = queryString(example);
  const body = example.body;
  const request = new sdk.Request({
    url: `${example.server}${example.path}${query ? `?${query}` : ''}`,
    method: example.method,
    header: example.headers,
    ...(body?.mode === 'raw' ? {body: {mode: 'raw', raw: body.raw, options: {raw: {language: /json/i.test(body.mediaType) ? 'json' : 'text'}}}} : {}),
    ...(body && body.mode !== 'raw' ? {body: {mode: body.mode, [body.mode]: (body.fields ?? []).map((f) => ({...f, type: 'text'}))}} : {}),
  });
  const list = generators.getLanguageList();
  return CODE_SAMPLE_LANGUAGES.flatMap(({language, generator}): CodeSample[] => {
    if (generator === 'openapi-fetch') {
      if (!typed) return [];
      // openapi-fetch's client has a function per method of OpenAPI 3.1 only: QUERY and the other methods OpenAPI 3.2
      // allows are sent with the platform's fetch (which takes any method) instead.
      if (!OPENAPI_FETCH_METHODS.includes(op.method)) return [{lang: 'TypeScript', label: 'fetch', source: fetchSample(example), language}];
      return [{lang: 'TypeScript', label: 'openapi-fetch', source: typedSample(op).source, language}];
    }
    const info = list.find((l) => l.key === language);
    if (!info) throw new Error(`postman-code-generators has no language "${language}"`);
    const variant = info.variants[0].key;
    let source: string | undefined;
    generators.convert(language, variant, request, GENERATOR_OPTIONS, (error, snippet) => {
      if (error) throw new Error(`${example.method} ${op.path}: the ${language} snippet failed: ${String(error)}`);
      source = snippet;
    });
    // The converters used here call back synchronously; a late callback would be lost, so refuse it.
    if (source === undefined) throw new Error(`${language}: postman-code-generators answered asynchronously`);
    return [{lang: info.label, label: variant, source, language}];
  });
}

/** Under the TypeScript sample: where its types come from. */
/** The example request's query string: its pairs, then a 3.2 `querystring` parameter's raw value. */
const queryString = (example: ReturnType<typeof exampleRequest>): string =>
  [...example.query.map((q) => `${encodeURIComponent(q.key)}=${encodeURIComponent(q.value)}`), ...(example.rawQuery ? [example.rawQuery] : [])].join('&');

/** A TypeScript sample with the platform's `fetch`, for a method openapi-fetch has no function for (`QUERY`, `PURGE`). */
export function fetchSample(example: ReturnType<typeof exampleRequest>): string {
  const query = queryString(example);
  const url = `${example.server}${example.path}${query ? `?${query}` : ''}`;
  const headers = example.headers.filter((h) => !(example.body?.mode === 'formdata' && h.key.toLowerCase() === 'content-type'));
  const body = example.body;
  const bodyLine =
    body?.mode === 'raw' && body.raw !== undefined
      ? /json/i.test(body.mediaType)
        ? `  body: JSON.stringify(${body.raw.replace(/\n/g, '\n  ')}),`
        : `  body: ${JSON.stringify(body.raw)},`
      : body?.mode === 'urlencoded'
        ? `  body: new URLSearchParams(${JSON.stringify((body.fields ?? []).map((f) => [f.key, f.value]))}),`
        : body?.mode === 'formdata'
          ? `  body: (() => {\n    const form = new FormData();\n${(body.fields ?? []).map((f) => `    form.append(${JSON.stringify(f.key)}, ${JSON.stringify(f.value)});`).join('\n')}\n    return form;\n  })(),`
          : undefined;
  return [
    `const response = await fetch(${JSON.stringify(url)}, {`,
    `  method: ${JSON.stringify(example.method)},`,
    ...(headers.length
      ? [
          `  headers: {`,
          ...headers.map(
            (h) =>
              `    ${JSON.stringify(h.key)}: ${h.key.toLowerCase() === 'authorization' ? '`Bearer ${process.env.NOVARAMP_API_KEY}`' : JSON.stringify(h.value)},`,
          ),
          '  },',
        ]
      : []),
    ...(bodyLine ? [bodyLine] : []),
    '});',
    'if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);',
    'console.log(await response.text());',
    '',
  ].join('\n');
}

const TYPES_NOTE = `<p class="novaramp-code-samples__note">Save <a href="${TYPES_URL}" download>${TYPES_URL.split('/').pop()}</a> (the API's types, generated by openapi-typescript) beside this file and install <code>openapi-fetch</code>.</p>`;

/**
 * The code samples as the page shows them: one highlighted code block per language, exported by the page as
 * `codeSamples` (src/plugins/operation-page/components/CodeSamples.tsx puts them in its tabs).
 */
export function codeSampleBlocks(samples: CodeSample[]): {language: string; logoClass: string; html: string}[] {
  return samples.flatMap((sample, i) => {
    const l = sampleLanguage(sample, i);
    if (!l) return [];
    return [
      {
        language: l.language,
        logoClass: l.logoClass,
        html:
          // relies on: openapi-code-tabs
          codeBlockHtml(sample.source, {language: l.highlight, title: `${sample.lang} · ${sample.label}`, className: 'openapi-explorer__code-block'}) +
          (l.generator === 'openapi-fetch' ? TYPES_NOTE : ''),
      },
    ];
  });
}

/**
 * The sources of each operation's code samples, one `<operationId>.json` (CodeSample[]) per operation, in this folder
 * of the generated pages' folder: the Markdown copies (src/plugins/agent-markdown) print the samples the page shows.
 */
export const SAMPLE_SOURCES_FOLDER = 'samples';

/** The code samples gen:api recorded for an operation of `api` in `generatedDir` (docs/api/reference), if it did. */
export function readSampleSources(generatedDir: string, api: string, operationId: string): CodeSample[] | undefined {
  const file = path.join(generatedDir, SAMPLE_SOURCES_FOLDER, operationFileName(api, operationId));
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as CodeSample[]) : undefined;
}
