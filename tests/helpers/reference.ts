/** An operation page's reference file in the production build (src/data/static-reference.ts), found by its route. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {MANIFEST_FILE, type ApiManifestEntry} from '../../src/data/api-table';
import {REFERENCE_HTML_URL, type ReferenceFile} from '../../src/data/static-reference';
import {SITE_ROOT} from '../../tools/cli';

export const apiManifest = (): ApiManifestEntry[] => JSON.parse(fs.readFileSync(path.join(SITE_ROOT, MANIFEST_FILE), 'utf8')) as ApiManifestEntry[];

/** The name of the reference file the generated page of `route` names, or undefined when `route` is no operation's. */
export function referenceFileName(route: string, manifest = apiManifest()): string | undefined {
  const entry = manifest.find((e) => e.route === route);
  if (!entry) return undefined;
  const file = /<StaticReference file="([^"]+)" \/>/.exec(fs.readFileSync(path.join(SITE_ROOT, 'docs', `${entry.docId}.api.mdx`), 'utf8'))?.[1];
  assert.ok(file, `${entry.docId} names its reference file`);
  return file;
}

/** The reference file of `route`, as the build serves it. */
export function builtReferenceFile(route: string, manifest = apiManifest()): ReferenceFile | undefined {
  const name = referenceFileName(route, manifest);
  return name === undefined ? undefined : (JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'build', REFERENCE_HTML_URL, name), 'utf8')) as ReferenceFile);
}
