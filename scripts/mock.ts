/**
 * `npm run mock`: a local mock of the whole API with Prism on 127.0.0.1, answering with the spec's examples
 * and validating requests. Port: `--port N` or PORT (default 4010, the "Local mock server" of the specs).
 * It serves the combined spec of openapi/ as it is now: the shared bundle of tools/spec-bundle-cache.ts, made again
 * only when what bundling reads has changed (not static/openapi/, which is as old as the last build).
 */
import path from 'node:path';
import {COMBINED_SPEC} from '../src/data/api-table';
import {spawnPrism} from '../tools/mock-server';
import {cachedBundle} from '../tools/spec-bundle-cache';

async function main(): Promise<void> {
  const portFlag = process.argv.indexOf('--port');
  const port = portFlag > 0 ? process.argv[portFlag + 1] : (process.env.PORT ?? '4010');
  const siteDir = process.cwd();
  const spec = path.join(await cachedBundle(siteDir), `${COMBINED_SPEC}.yaml`);
  const prism = spawnPrism(siteDir, spec, Number(port), {stdio: 'inherit'});
  const stop = () => prism.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  prism.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((e: Error) => {
  console.error(`✖ npm run mock: ${e.message}`);
  process.exit(1);
});
