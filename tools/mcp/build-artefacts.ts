/**
 * What the MCP server reads from a production build (`npm run build` writes them all): the bundled specs
 * (`openapi/<api>.json`, the combined `novaramp.json`, the AsyncAPI document), the Markdown copy of every page
 * (`**\/*.md`), the search index of @easyops-cn/docusaurus-search-local, `llms.txt`, and `changelog.json` when the
 * build publishes one. Nothing is fetched: the build is the only source.
 */
import fs from 'node:fs';
import path from 'node:path';
import {API_SPECS, COMBINED_SPEC, type ApiSpecId} from '../../src/data/api-table';
import type {UnknownObject} from '../openapi/json';

/** A build that is missing or incomplete: the message says what to run. */
export class BuildArtefactError extends Error {}

export interface DocsBuild {
  dir: string;
  /** Each API's bundled spec (every `$ref` local), by API. */
  apis: {id: ApiSpecId; spec: UnknownObject}[];
  /** Every API in one document (the schemas of all of them). */
  combined: UnknownObject;
  /** The WebSocket API (AsyncAPI 3.0), when the build has it. */
  asyncapi?: UnknownObject;
  /** The search index: one `{documents, index}` per document type (titles, headings, descriptions, keywords, contents). */
  searchIndex: SearchIndexGroup[];
  /** `llms.txt`, when the build has it. */
  llmsTxt?: string;
}

/** One document of the search index (the plugin's own short keys). */
export interface SearchDocument {
  /** Id, the lunr ref. */
  i: number;
  /** Text: the page title, heading, description, keywords or section content. */
  t: string;
  /** Route. */
  u: string;
  /** Anchor of the section (`#...`), for headings and contents. */
  h?: string;
  /** Id of the page's title document, for everything but titles. */
  p?: number;
  /** Section title, for contents. */
  s?: string;
  /** Breadcrumb, for titles. */
  b?: string[];
}
export interface SearchIndexGroup {
  documents: SearchDocument[];
  /** A serialised lunr index. */
  index: object;
}

export const SEARCH_INDEX_FILE = 'search-index.json';

const rebuild = 'run `npm run build` to write it (or pass `--build <dir>` to use another production build)';

function readJson<T>(file: string): T {
  if (!fs.existsSync(file)) throw new BuildArtefactError(`${file} is missing: ${rebuild}.`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (e) {
    throw new BuildArtefactError(`${file}: not valid JSON (${(e as Error).message}); ${rebuild}.`);
  }
}

export function loadDocsBuild(buildDir: string): DocsBuild {
  const dir = path.resolve(buildDir);
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new BuildArtefactError(`No production build in ${dir}: ${rebuild}.`);
  }
  const openapi = (name: string) => path.join(dir, 'openapi', `${name}.json`);
  const apis = API_SPECS.map((id) => ({id, spec: readJson<UnknownObject>(openapi(id))}));
  // Found by its suffix rather than by tools/spec/asyncapi.ts's name for it, which would load the AsyncAPI parser at start.
  const asyncapiName = fs.readdirSync(path.join(dir, 'openapi')).find((f) => f.endsWith('.asyncapi.json'));
  const llmsFile = path.join(dir, 'llms.txt');
  return {
    dir,
    apis,
    combined: readJson<UnknownObject>(openapi(COMBINED_SPEC)),
    asyncapi: asyncapiName ? readJson<UnknownObject>(path.join(dir, 'openapi', asyncapiName)) : undefined,
    searchIndex: readJson<SearchIndexGroup[]>(path.join(dir, SEARCH_INDEX_FILE)),
    llmsTxt: fs.existsSync(llmsFile) ? fs.readFileSync(llmsFile, 'utf8') : undefined,
  };
}
