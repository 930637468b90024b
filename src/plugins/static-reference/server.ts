/**
 * `@novaramp/reference-html` in the server bundle (./index.ts): an operation page's reference HTML, read from its
 * file while SSG renders the page (its hidden tab panels empty, as the browser gets it: ./client.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {ReferenceFile} from '../../data/static-reference';
import type {ReferenceHtml} from './client';

/** The folder of the reference files (DefinePlugin, ./index.ts). */
declare const __NOVARAMP_REFERENCE_HTML_DIR__: string;

export function useReferenceHtml(file: string): ReferenceHtml {
  const {html, deferred} = JSON.parse(fs.readFileSync(path.join(__NOVARAMP_REFERENCE_HTML_DIR__, file), 'utf8')) as ReferenceFile;
  return {state: 'ready', html, panels: () => Promise.resolve(deferred)};
}
