/**
 * Build-time code samples: the operation's example request (tools/reference/request.ts, from its reference model)
 * turned into a snippet per language of CODE_SAMPLE_LANGUAGES by postman-code-generators (the generators the
 * OpenAPI theme runs in the browser), and highlighted (tools/static-code). The page shows them as static HTML; the
 * Markdown copies print the same sources (recorded beside the pages).
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {CODE_SAMPLE_LANGUAGES} from '../../src/data/api-table';
import type {CodeSample} from '../../src/data/operation';
import {operationFileName} from '../../src/data/static-reference';
import type {OperationModel} from '../reference/model';
import {exampleRequest} from '../reference/request';
import {codeBlockHtml} from '../static-code/highlight';

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

/** The options the OpenAPI theme passes to postman-code-generators (its languages.js). */
const GENERATOR_OPTIONS = {longFormat: false, followRedirect: true, trimRequestBody: true};

/** The operation's hand-written samples (`x-codeSamples`), else one per language built from its example request. */
export function codeSamples(op: OperationModel): CodeSample[] {
  const own = op.extensions['x-codeSamples'];
  if (Array.isArray(own) && own.length) return own as unknown as CodeSample[];
  if (op.kind === 'webhook') return [];
  const generators = require('postman-code-generators') as CodeGenerators;
  const sdk = require('postman-collection') as {Request: new (json: unknown) => unknown};
  const example = exampleRequest(op);
  const query = example.query.map((q) => `${encodeURIComponent(q.key)}=${encodeURIComponent(q.value)}`).join('&');
  const body = example.body;
  const request = new sdk.Request({
    url: `${example.server}${example.path}${query ? `?${query}` : ''}`,
    method: example.method,
    header: example.headers,
    ...(body?.mode === 'raw' ? {body: {mode: 'raw', raw: body.raw, options: {raw: {language: /json/i.test(body.mediaType) ? 'json' : 'text'}}}} : {}),
    ...(body && body.mode !== 'raw' ? {body: {mode: body.mode, [body.mode]: (body.fields ?? []).map((f) => ({...f, type: 'text'}))}} : {}),
  });
  const list = generators.getLanguageList();
  return CODE_SAMPLE_LANGUAGES.map(({language}) => {
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
    return {lang: info.label, label: variant, source};
  });
}

/**
 * The code samples as the page shows them: one highlighted code block per language, exported by the page as
 * `codeSamples` (src/components/ApiDocItem/CodeSamples.tsx puts them in its tabs).
 */
export function codeSampleBlocks(samples: CodeSample[]): {language: string; logoClass: string; html: string}[] {
  return CODE_SAMPLE_LANGUAGES.slice(0, samples.length).map((l, i) => ({
    language: l.language,
    logoClass: l.logoClass,
    html: codeBlockHtml(samples[i].source, {language: l.highlight, title: `${samples[i].lang} · ${samples[i].label}`, className: 'openapi-explorer__code-block'}),
  }));
}

/**
 * The sources of each operation's code samples, one `<operationId>.json` (CodeSample[]) per operation, in this folder
 * of the generated pages' folder: the Markdown copies (tools/markdown) print the samples the page shows.
 */
export const SAMPLE_SOURCES_FOLDER = 'samples';

/** The code samples gen:api recorded for an operation of `api` in `generatedDir` (docs/api/reference), if it did. */
export function readSampleSources(generatedDir: string, api: string, operationId: string): CodeSample[] | undefined {
  const file = path.join(generatedDir, SAMPLE_SOURCES_FOLDER, operationFileName(api, operationId));
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as CodeSample[]) : undefined;
}
