/**
 * `npm run mock`: a local mock of the whole API with Prism on 127.0.0.1, answering with the spec's examples
 * and validating requests. Port: `--port N` or PORT (default 4010, the "Local mock server" of the specs).
 * It serves the combined spec of openapi/ as it is now (currentCombinedSpec), not static/openapi/, which is as old as
 * the last build.
 */
import {currentCombinedSpec, spawnPrism} from '../tools/mock-server';

async function main(): Promise<void> {
  const portFlag = process.argv.indexOf('--port');
  const port = portFlag > 0 ? process.argv[portFlag + 1] : (process.env.PORT ?? '4010');
  const siteDir = process.cwd();
  const spec = await currentCombinedSpec(siteDir);
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
