/**
 * The key of Rspack's persistent cache (node_modules/.cache/rspack, on in `npm start` and `npm run build`), so it
 * never serves modules built under another bundler configuration (tests/spec/one-process/bundler-cache.test.ts). The plugin of
 * this folder (./index.ts) adds the Rspack plugin below to both bundler configurations.
 *
 * Why: Rspack keys the cache by the `version` Docusaurus gives it (its own version and the theme aliases) and by
 * the contents of the build dependencies, which Docusaurus lists as its webpack config files and
 * docusaurus.config.ts with what that file imports. The local plugins are named in the config by path, not
 * imported, so editing one (an alias, a loader rule, a parser option, a ProvidePlugin) leaves the cache valid, and
 * the next build reuses modules resolved and compiled under the old settings: a stale server bundle whose SSG
 * fails until `docusaurus clear`. Rspack caches the module graph (resolving, loaders, parsing), so what decides
 * it is added here, after every plugin has configured the bundler:
 * - build dependencies: the local plugins' folder (their sources, loaders and shims), so editing a plugin
 *   invalidates the cache like editing docusaurus.config.ts does;
 * - version: a hash of the final configuration that shapes modules (everything but `optimization`, which only
 *   splits chunks, is computed after the cached phase, and holds the API pages' chunk names, so that adding an
 *   operation does not throw the cache away), so a setting that comes from the environment or from a package
 *   counts too.
 */
import crypto from 'node:crypto';
import path from 'node:path';
// relies on: persistent-cache-settings
import {persistentCacheOf, type CompilerOptions} from '../../upstream/rspack-persistent-cache';

/**
 * A stable text of a configuration value: object keys sorted, RegExps and functions by their source, class
 * instances (plugins) by class name and own fields, repeated objects once.
 */
export function configFingerprint(value: unknown, seen = new WeakSet<object>()): string {
  if (value instanceof RegExp || typeof value === 'function') return String(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? String(value);
  if (seen.has(value)) return '"[seen]"';
  seen.add(value);
  if (Array.isArray(value)) return `[${value.map((v) => configFingerprint(v, seen)).join(',')}]`;
  const prototype = Object.getPrototypeOf(value) as object | null;
  const className = prototype && prototype !== Object.prototype ? `${prototype.constructor.name}` : '';
  const fields = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${configFingerprint((value as Record<string, unknown>)[key], seen)}`);
  return `${className}{${fields.join(',')}}`;
}

/** The cache version suffix: a hash of the options that shape the cached modules. */
export function moduleConfigHash(options: CompilerOptions): string {
  const {optimization: _chunksOnly, experiments = {}, plugins = [], ...shaping} = options;
  const {cache: _cache, ...otherExperiments} = experiments;
  const ownPlugins = (plugins as unknown[]).filter((p) => !(p instanceof CacheKeyPlugin));
  return crypto
    .createHash('sha256')
    .update(configFingerprint({...shaping, experiments: otherExperiments, plugins: ownPlugins}))
    .digest('hex')
    .slice(0, 16);
}

/** Rspack plugin: runs when the compiler is created, with the final options, before the cache is opened. */
export class CacheKeyPlugin {
  constructor(private readonly buildDependencies: string[]) {}

  apply(compiler: {options: object}): void {
    const options = compiler.options as CompilerOptions;
    const cache = persistentCacheOf(options);
    // No persistent cache at all (DOCUSAURUS_NO_PERSISTENT_CACHE, a cold bench build): nothing to key.
    if (cache === undefined) return;
    cache.buildDependencies = [...(cache.buildDependencies ?? []), ...this.buildDependencies];
    cache.version = `${cache.version ?? ''}-config-${moduleConfigHash(options)}`;
  }
}

/** Where a site's local Docusaurus plugins live: their sources, loaders and shims decide how modules are built. */
export const localPluginsDir = (siteDir: string): string => path.join(siteDir, 'src', 'plugins');
