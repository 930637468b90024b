/**
 * The project runs on the Node LTS it pins (devDependency `node`): npm puts node_modules/.bin first on the PATH of
 * every npm script, so the scripts, the tests and CI use that binary, whatever Node the machine has. What is ours to
 * get right is the pin itself; that npm runs the pinned binary is npm's behaviour, not checked here.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {SITE_ROOT} from '../../../tools/cli';

const pinned = (JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'package.json'), 'utf8')) as {devDependencies: Record<string, string>}).devDependencies.node;

test('the pinned Node is an exact LTS version (even major)', () => {
  assert.match(pinned, /^\d+\.\d+\.\d+$/);
  assert.equal(Number(pinned.split('.')[0]) % 2, 0, 'LTS lines are the even majors');
});
