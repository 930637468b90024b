/** The switch that builds the site without a piece of its speed machinery (`npm run bench -- --without <piece>`). */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {builtWithout, parsePieces, SPEED_PIECES} from '../../tools/speed-pieces';

test('NOVARAMP_WITHOUT names pieces; an unknown one is an error that lists the known ones', () => {
  assert.deepEqual(parsePieces(' ssr-template,html-end-tags '), ['ssr-template', 'html-end-tags']);
  assert.deepEqual(parsePieces(undefined), []);
  assert.throws(() => parsePieces('ssr-template,prefetch'), /NOVARAMP_WITHOUT: no speed piece named prefetch \(known: operation-entries, .*ssr-template\)/);
  assert.equal(builtWithout('idle-prefetch', {NOVARAMP_WITHOUT: 'idle-prefetch'}), true);
  assert.equal(builtWithout('idle-prefetch', {}), false);
});

test('the files bench deletes to build without an ejected piece exist (a moved file would leave it in the build)', () => {
  const files = Object.values(SPEED_PIECES).flatMap((p) => p.files as readonly string[]);
  assert.ok(files.length > 0);
  assert.deepEqual(
    files.filter((f) => !fs.existsSync(path.join(SITE_ROOT, f))),
    [],
  );
});
