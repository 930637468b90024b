/**
 * One bundle per build process: scripts/docusaurus-build.mjs runs Docusaurus' bundling twice, the server bundle
 * then the client's, with NOVARAMP_BUNDLE_ONLY set to the one to make. Why: Docusaurus compiles both together, and
 * Rspack keeps a compilation's native memory until the process ends, so the two module graphs of every page added
 * up (`npm run bench:scale`). docusaurus.config.ts hands `otherBundleSettings` to src/plugins/bundler-memory, which
 * empties the other bundle's entry, and turns off the MDX cross-compiler cache, through which the server compilation
 * waits for the client's compiled MDX (forever, in a process without it).
 */
import path from 'node:path';
import {BUNDLE_ONLY_ENV} from '../../src/upstream/bundle-only-env.mjs';

export {BUNDLE_ONLY_ENV};

export type BundleOnly = 'client' | 'server' | undefined;

/** Which bundle this process makes, from the environment; undefined: both, as Docusaurus does. */
export function bundleOnly(env: NodeJS.ProcessEnv = process.env): BundleOnly {
  const only = env[BUNDLE_ONLY_ENV];
  if (only !== undefined && only !== 'client' && only !== 'server') throw new Error(`${BUNDLE_ONLY_ENV} is client or server, not "${only}"`);
  return only;
}

/** The entry of the bundle a process does not make: an empty module, so its compilation costs next to nothing. */
const NOTHING = path.join(__dirname, 'nothing.js');

/** Bundler settings (for a plugin's configureWebpack) that empty the bundle this process does not make. */
export function otherBundleSettings(only: BundleOnly, isServer: boolean): {entry?: Record<string, string>; mergeStrategy?: Record<string, 'replace'>} {
  // relies on: bundle-entry-main
  return only !== undefined && (only === 'server') !== isServer ? {entry: {main: NOTHING}, mergeStrategy: {entry: 'replace'}} : {};
}
