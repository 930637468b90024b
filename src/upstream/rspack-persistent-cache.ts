/**
 * Where Rspack keeps the persistent cache Docusaurus configures: `experiments.cache` on Rspack 1, `cache` on Rspack 2
 * (Docusaurus 4). Used by src/plugins/bundler-cache/cache-key.ts and tests/spec/one-process/bundler-cache.test.ts; contract 'persistent cache settings'.
 */
export type CacheSetting = boolean | {type: string; version?: string; buildDependencies?: string[]; storage?: {type: string; directory: string}};
export type CompilerOptions = Record<string, unknown> & {cache?: CacheSetting; experiments?: {cache?: CacheSetting}};
export type PersistentCache = Exclude<CacheSetting, boolean>;

/**
 * The persistent cache settings in the compiler's options (to be extended in place), or undefined when there is none.
 * Throws when a persistent cache is configured in a place neither Rspack 1 nor 2 uses: the caller would key nothing.
 */
export function persistentCacheOf(options: CompilerOptions): PersistentCache | undefined {
  const cache = [options.experiments?.cache, options.cache].find((c): c is PersistentCache => typeof c === 'object' && c.type === 'persistent');
  if (cache === undefined && JSON.stringify([options.cache ?? null, options.experiments?.cache ?? null]).includes('persistent')) {
    throw new Error('src/upstream/rspack-persistent-cache.ts: the persistent cache is configured in a shape this seam does not know: find where it now lives');
  }
  return cache;
}

/**
 * Compiler options with this persistent cache where an Rspack of major version `rspackMajor` takes it, as Docusaurus
 * configures it: `experiments.cache` beside `cache: true` on Rspack 1, `cache` on Rspack 2.
 */
export function withPersistentCache(rspackMajor: number, settings: PersistentCache): object {
  return rspackMajor >= 2 ? {cache: settings} : {cache: true, experiments: {cache: settings}};
}
