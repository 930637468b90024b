/**
 * `npm run mock`: a local mock of the whole API with Prism on 127.0.0.1, answering with the spec's examples
 * and validating requests. Port: `--port N` or PORT (default 4010, the "Local mock server" of the specs).
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {bin} from '../tools/cli';
import {ARTEFACT_DIR, COMBINED_SPEC} from '../src/data/api-table';
import {bundleSpecs} from '../tools/spec-bundle';

async function main(): Promise<void> {
  const portFlag = process.argv.indexOf('--port');
  const port = portFlag > 0 ? process.argv[portFlag + 1] : (process.env.PORT ?? '4010');
  const spec = path.join(ARTEFACT_DIR, `${COMBINED_SPEC}.yaml`);
  if (!fs.existsSync(spec) || process.argv.includes('--rebundle')) await bundleSpecs();
  const prism = spawn(bin('prism'), ['mock', '-h', '127.0.0.1', '-p', port, spec], {
    stdio: 'inherit',
    env: {...process.env, SCARF_ANALYTICS: 'false'},
  });
  const stop = () => prism.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  prism.on('exit', (code) => process.exit(code ?? 0));
}

void main();
