/**
 * The downloads of tools/spec/spec-bundle.ts for the spec as it is now, bundled once and shared: by the mock of the tests,
 * the OWASP check and the typed samples, which each bundled it again (6 s each, a third of the fast tier). A bundle
 * lives in .tmp/bundles/<hash>, the hash of everything bundling reads (the openapi/ files but the releases,
 * redocly.yaml, the bundling code and the installed packages' lock), so an edit makes a new one and a bundle is
 * never rewritten: processes that share one cannot see it change. Written to a temporary folder and renamed, by one
 * process at a time: on a fresh clone the first two test files that need it start at once, and both bundled it.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {lock} from 'proper-lockfile';
import {specFiles} from '../openapi/spec-files';
import {bundleSpecs} from './spec-bundle';

const CACHE_DIR = '.tmp/bundles';
/** Bundles older than this, of other contents, are removed when a new one is made. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** What bundling reads besides the spec files: its configuration, its code and the packages' versions. */
export const BUNDLE_CODE_INPUTS = [
  'redocly.yaml',
  'tools/spec/spec-bundle.ts',
  'tools/openapi/downgrade.ts',
  'tools/spec/asyncapi.ts',
  'tools/workflows/publish.ts',
  'package-lock.json',
] as const;

/** The hash of what bundling reads. */
export function bundleInputsHash(siteDir: string): string {
  const hash = createHash('sha256');
  for (const f of [...specFiles(siteDir, {releases: false}), ...BUNDLE_CODE_INPUTS]) {
    const abs = path.join(siteDir, f);
    hash
      .update(`${f}\0`)
      .update(fs.existsSync(abs) ? fs.readFileSync(abs) : '')
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Makes the folder `dir` once across processes: `make` writes it into the temporary folder it is given, which then
 * becomes `dir`, marked complete. A process that finds another one making it waits for that one (a lock beside
 * `dir`, proper-lockfile); one that waited too long, or whose lock was taken over as stale, makes it itself: the
 * rename lets only one result in, so the worst case is the work done twice.
 */
export async function makeOnce(dir: string, make: (tmp: string) => Promise<unknown>): Promise<void> {
  const complete = path.join(dir, '.complete');
  if (fs.existsSync(complete)) return;
  fs.mkdirSync(path.dirname(dir), {recursive: true});
  const release = await lock(dir, {
    realpath: false,
    // `make` may hold the event loop for seconds (it runs the Redocly CLI synchronously), so the lock cannot be
    // refreshed often: a minute without a refresh makes it stale.
    stale: 60_000,
    update: 15_000,
    retries: {retries: 120, minTimeout: 100, maxTimeout: 1_000},
    onCompromised: () => undefined,
  }).catch(() => undefined);
  try {
    if (fs.existsSync(complete)) return; // made while this process waited
    const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
    await make(tmp);
    fs.writeFileSync(path.join(tmp, '.complete'), '');
    try {
      fs.renameSync(tmp, dir);
    } catch {
      fs.rmSync(tmp, {recursive: true, force: true}); // another process made the same folder first
    }
  } finally {
    await release?.().catch(() => undefined);
  }
}

/** The folder holding the downloads bundled from `siteDir`'s spec as it is now (absolute). */
export async function cachedBundle(siteDir: string): Promise<string> {
  const root = path.join(siteDir, CACHE_DIR);
  const dir = path.join(root, bundleInputsHash(siteDir));
  if (fs.existsSync(path.join(dir, '.complete'))) return dir;
  await makeOnce(dir, (tmp) => bundleSpecs(siteDir, path.relative(siteDir, tmp)));
  for (const other of fs.readdirSync(root)) {
    const abs = path.join(root, other);
    if (abs !== dir && Date.now() - fs.statSync(abs).mtimeMs > KEEP_MS) fs.rmSync(abs, {recursive: true, force: true});
  }
  return dir;
}
