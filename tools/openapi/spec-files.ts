/** The files of a site's spec folder, listed once for every tool that hashes, stamps or reads them all. */
import fs from 'node:fs';
import path from 'node:path';
import {OPENAPI_DIR} from '../../src/data/api-table';
import {RELEASES_DIR} from '../../src/data/spec-changes';

/**
 * Every file under `siteDir`'s openapi/, as sorted POSIX paths relative to the site (`openapi/paths/coins.yaml`);
 * without the released snapshots (openapi/releases/) when `releases` is false.
 */
export function specFiles(siteDir: string, {releases = true}: {releases?: boolean} = {}): string[] {
  return fs
    .readdirSync(path.join(siteDir, OPENAPI_DIR), {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => releases || !file.startsWith(`${RELEASES_DIR}/`))
    .sort();
}

/**
 * A file's state as the kernel's remembered reads compare it (the source reader of ./locate.ts, the bundles of
 * ./load.ts, the workflows' steps): modification time and size, or `missing`.
 */
export function fileState(abs: string): string {
  const stat = fs.statSync(abs, {throwIfNoEntry: false});
  return stat ? `${stat.mtimeMs}:${stat.size}` : 'missing';
}
