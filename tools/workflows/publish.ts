/**
 * The workflows as downloads (issue #29), written by tools/spec/spec-bundle.ts beside the spec downloads:
 * `/openapi/workflows/<id>.arazzo.yaml`, the document as written (comments kept), and `<id>.arazzo.json`, bundled
 * by Redocly. Each source description points at the published bundle of its API, relative to the download
 * (`../quotes.yaml` from the YAML, `../quotes.json` from the JSON: /openapi/quotes.yaml and /openapi/quotes.json),
 * never at a source file, so `redocly respect` can run a download next to the others, or fetched from the site.
 * Also where a workflow is published, for llms.txt and the MCP server.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parseDocument} from 'yaml';
import {API_SPECS, specPath} from '../../src/data/api-table';
import {bin, run} from '../cli';
import {workflowFiles, workflowIdOfFile, type ArazzoDocument} from './workflows';

/** The folder of the downloads, inside the spec downloads' folder (/openapi/). */
export const WORKFLOW_ARTEFACT_FOLDER = 'workflows';

/** The URL path of a workflow's download. */
export const workflowDownloadPath = (id: string, ext: 'yaml' | 'json'): string => `/openapi/${WORKFLOW_ARTEFACT_FOLDER}/${id}.arazzo.${ext}`;

/** The API a source description of `file` (absolute) names, by the root its URL resolves to. */
function apiOfSource(siteDir: string, file: string, url: string): string {
  const root = path
    .relative(siteDir, path.resolve(path.dirname(file), url))
    .split(path.sep)
    .join('/');
  const api = API_SPECS.find((a) => specPath(a) === root);
  if (!api)
    throw new Error(
      `${path.relative(siteDir, file)}: source description ${url} is not a root of the eight APIs (${API_SPECS.map((a) => specPath(a)).join(', ')})`,
    );
  return api;
}

/** The top-level keys of an Arazzo document in the specification's order; Redocly's bundle puts `info` first. */
const KEY_ORDER = ['arazzo', 'info', 'sourceDescriptions', 'workflows', 'components'];

/**
 * Writes every workflow of `siteDir` into `outDir` (absolute) as `<id>.arazzo.yaml` and `<id>.arazzo.json`; returns
 * the file names written. Throws when a source description is not one of the eight APIs, or Redocly cannot bundle.
 */
export function publishWorkflows(siteDir: string, outDir: string): string[] {
  const files = workflowFiles(siteDir);
  if (!files.length) return [];
  const read = files.map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const yaml = parseDocument(text);
    const sources = (yaml.toJS() as ArazzoDocument).sourceDescriptions ?? [];
    return {file, id: workflowIdOfFile(file), text, yaml, apis: sources.map((s) => apiOfSource(siteDir, file, String(s.url)))};
  });
  fs.mkdirSync(outDir, {recursive: true});
  const bundled = path.join(outDir, '.bundled');
  const {status, output} = run(bin('redocly', siteDir), ['bundle', ...files.map((f) => path.relative(siteDir, f)), '-o', bundled, '--ext', 'json'], siteDir);
  if (status !== 0) throw new Error(`redocly bundle of the workflows failed:\n${output}`);
  const written: string[] = [];
  try {
    for (const {id, text, yaml, apis} of read) {
      // Written as it is when every source already reads `../<api>.yaml` (a root of openapi/ seen from workflows/).
      let rewritten = false;
      apis.forEach((api, i) => {
        if (yaml.getIn(['sourceDescriptions', i, 'url']) === `../${api}.yaml`) return;
        yaml.setIn(['sourceDescriptions', i, 'url'], `../${api}.yaml`);
        rewritten = true;
      });
      fs.writeFileSync(path.join(outDir, `${id}.arazzo.yaml`), rewritten ? yaml.toString({lineWidth: 0}) : text);

      const json = JSON.parse(fs.readFileSync(path.join(bundled, `${id}.arazzo.json`), 'utf8')) as Record<string, unknown> & ArazzoDocument;
      json.sourceDescriptions.forEach((s, i) => (s.url = `../${apis[i]}.json`));
      if (json.components && typeof json.components === 'object' && !Object.keys(json.components).length) delete json.components;
      const ordered = Object.fromEntries(
        [...KEY_ORDER.filter((k) => k in json), ...Object.keys(json).filter((k) => !KEY_ORDER.includes(k))].map((k) => [k, json[k]]),
      );
      fs.writeFileSync(path.join(outDir, `${id}.arazzo.json`), `${JSON.stringify(ordered, null, 2)}\n`);
      written.push(`${id}.arazzo.json`, `${id}.arazzo.yaml`);
    }
  } finally {
    fs.rmSync(bundled, {recursive: true, force: true});
  }
  return written.sort();
}
