/**
 * tools/cli/index.ts `run`: the whole output of a command that prints more than spawnSync's default 1 MiB (generating a
 * large API does: `npm run bench:scale -- 2000` failed with "exited with null" and no reason), and the reason when a
 * child is killed.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {run} from '../../../tools/cli';

test('run keeps more than 1 MiB of output and the exit code', () => {
  const {status, output} = run(process.execPath, ['-e', "process.stdout.write('x'.repeat(3 * 1024 * 1024)); process.exitCode = 3"]);
  assert.equal(status, 3);
  assert.equal(output.length, 3 * 1024 * 1024);
});

test('a killed child says why', () => {
  const {status, output} = run(process.execPath, ['-e', "process.kill(process.pid, 'SIGTERM')"]);
  assert.equal(status, null);
  assert.match(output, /error: killed by SIGTERM$/);
});
