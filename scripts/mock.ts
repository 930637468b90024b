/**
 * `npm run mock`: a local mock of the whole API with Prism on 127.0.0.1, answering with the spec's examples
 * and validating requests. Port: `--port N` or PORT (default 4010, the "Local mock server" of the specs).
 */
import fs from 'node:fs';
import {combinedSpecPath, spawnPrism} from '../tools/mock-server';
import {bundleSpecs} from '../tools/spec-bundle';

async function main(): Promise<void> {
  const portFlag = process.argv.indexOf('--port');
  const port = portFlag > 0 ? process.argv[portFlag + 1] : (process.env.PORT ?? '4010');
  const siteDir = process.cwd();
  const spec = combinedSpecPath(siteDir);
  if (!fs.existsSync(spec) || process.argv.includes('--rebundle')) await bundleSpecs(siteDir);
  const prism = spawnPrism(siteDir, spec, Number(port), {stdio: 'inherit'});
  const stop = () => prism.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  prism.on('exit', (code) => process.exit(code ?? 0));
}

void main();
