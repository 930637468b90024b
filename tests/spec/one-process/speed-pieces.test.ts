/** The switch that builds the site without a piece of its speed machinery (`npm run bench -- --without <piece>`). */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {builtWithout, parsePieces} from '../../../tools/measure/speed-pieces';

test('NOVARAMP_WITHOUT names pieces; an unknown one is an error that lists the known ones', () => {
  assert.deepEqual(parsePieces(' idle-prefetch,html-end-tags '), ['idle-prefetch', 'html-end-tags']);
  assert.deepEqual(parsePieces(undefined), []);
  assert.throws(() => parsePieces('html-end-tags,prefetch'), /NOVARAMP_WITHOUT: no speed piece named prefetch \(known: operation-entries, .*html-end-tags\)/);
  assert.equal(builtWithout('idle-prefetch', {NOVARAMP_WITHOUT: 'idle-prefetch'}), true);
  assert.equal(builtWithout('idle-prefetch', {}), false);
});
