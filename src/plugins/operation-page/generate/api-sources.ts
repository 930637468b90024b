/**
 * The APIs gen:api publishes: the portal's eight (src/data/api-table.ts), plus, in a scratch copy of the site, extra
 * ones named by a JSON file in `NOVARAMP_EXTRA_APIS` (`npm run bench:corpus` publishes real payment APIs that way).
 * An extra API is someone else's spec: its pages' routes are derived (it has no `x-doc-slug` pins), links in its prose
 * that lead nowhere here become text, and what the model finds wrong in it is reported instead of failing the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import kebabCase from 'lodash/kebabCase';
import {API_SPECS, specPath, type ApiCategory} from '../../../data/api-table';
import type {ApiOperation} from '../../../../tools/openapi/document';

export const EXTRA_APIS_ENV = 'NOVARAMP_EXTRA_APIS';

export interface ApiSource {
  id: string;
  /** The spec's root file, relative to the site. */
  file: string;
  label: string;
  foreign: boolean;
}

export interface ExtraApi {
  id: string;
  file: string;
  label: string;
}

/** The extra APIs of `NOVARAMP_EXTRA_APIS` (a JSON file of ExtraApi[], relative to the site), if set. */
export function extraApis(siteDir = process.cwd()): ExtraApi[] {
  const file = process.env[EXTRA_APIS_ENV];
  if (!file) return [];
  const list = JSON.parse(fs.readFileSync(path.resolve(siteDir, file), 'utf8')) as ExtraApi[];
  for (const api of list) {
    if (!/^[a-z][a-z0-9-]*$/.test(api.id) || (API_SPECS as readonly string[]).includes(api.id))
      throw new Error(`${file}: "${api.id}" is not a free API id (lower-case letters, digits, dashes)`);
  }
  return list;
}

export function apiSources(siteDir = process.cwd()): ApiSource[] {
  return [...API_SPECS.map((id) => ({id, file: specPath(id), label: id, foreign: false})), ...extraApis(siteDir).map((api) => ({...api, foreign: true}))];
}

/** The group an operation of an extra API is listed under: its first tag, else its path's first word. */
export function operationGroup(op: ApiOperation): string {
  const tag = Array.isArray(op.operation.tags) ? op.operation.tags[0] : undefined;
  if (typeof tag === 'string' && tag.trim()) return tag;
  const words = op.key.split('/').filter((w) => w && !/^v\d+$/i.test(w) && !w.startsWith('{'));
  return op.section === 'webhooks' ? 'webhooks' : (words[0] ?? 'api');
}

/** The route of an extra API's operation page: `/api/<api>/<group>/<operation>`. */
export function derivedSlug(source: ApiSource, op: ApiOperation): string {
  const name = kebabCase(op.operationId ?? `${op.method} ${op.key}`) || 'operation';
  return `/api/${source.id}/${kebabCase(operationGroup(op)) || 'api'}/${name}`;
}

/** The sidebar categories of the extra APIs: one per API, a child per group (from the generation manifest's routes). */
export function extraCategories(routes: string[], siteDir = process.cwd()): ApiCategory[] {
  return extraApis(siteDir).map((api) => {
    const dirs = [...new Set(routes.filter((r) => r.startsWith(`/docs/api/${api.id}/`)).map((r) => path.posix.dirname(r.slice('/docs'.length))))];
    return {
      label: api.label,
      slug: api.id,
      dir: `/api/${api.id}`,
      description: `${api.label}, published from its OpenAPI document.`,
      children: dirs.map((dir) => ({label: path.posix.basename(dir), dir, description: `${api.label}: ${path.posix.basename(dir)}.`})),
    };
  });
}
