/** The API manifest and an operation page's reference file (src/data/static-reference.ts), of the site or a scratch copy. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {MANIFEST_FILE, type ApiManifestEntry} from '../../src/data/api-table';
import {REFERENCE_HTML_URL, type ReferenceFile} from '../../src/data/static-reference';
import {SITE_ROOT} from '../../tools/cli';

export const apiManifest = (root = SITE_ROOT): ApiManifestEntry[] => JSON.parse(fs.readFileSync(path.join(root, MANIFEST_FILE), 'utf8')) as ApiManifestEntry[];

/** The name of the reference file of `entry`'s page (in the manifest, from the page's front matter). */
export function referenceFileName(entry: ApiManifestEntry): string {
  assert.ok(entry.referenceFile, `${entry.docId} names its reference file`);
  return entry.referenceFile;
}

/** The name of the reference file of the operation page at `route` (which must be one). */
export function operationReferenceFileName(route: string): string {
  const entry = apiManifest().find((e) => e.route === route);
  assert.ok(entry, `${route} is an operation page`);
  return referenceFileName(entry);
}

/** The reference file of `entry`, as the production build serves it. */
export function builtReferenceFile(entry: ApiManifestEntry): ReferenceFile {
  return JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'build', REFERENCE_HTML_URL, referenceFileName(entry)), 'utf8')) as ReferenceFile;
}
