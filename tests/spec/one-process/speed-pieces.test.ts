/** The switch that builds the site without a piece of its speed machinery (`npm run bench -- --without <piece>`). */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {builtWithout, parsePieces, SPEED_PIECE_NAMES} from '../../../tools/measure/speed-pieces';

test('NOVARAMP_WITHOUT names pieces; an unknown one is an error that lists the known ones', () => {
  assert.deepEqual(parsePieces(' idle-prefetch,html-end-tags '), ['idle-prefetch', 'html-end-tags']);
  assert.deepEqual(parsePieces(undefined), []);
  assert.throws(
    () => parsePieces('html-end-tags,prefetch'),
    (e: Error) => e.message === `NOVARAMP_WITHOUT: no speed piece named prefetch (known: ${SPEED_PIECE_NAMES.join(', ')})`,
  );
  assert.ok(SPEED_PIECE_NAMES.includes('html-end-tags') && SPEED_PIECE_NAMES.length >= 8, SPEED_PIECE_NAMES.join());
  assert.equal(builtWithout('idle-prefetch', {NOVARAMP_WITHOUT: 'idle-prefetch'}), true);
  assert.equal(builtWithout('idle-prefetch', {}), false);
});
