/**
 * The shared bundle of tools/spec/spec-bundle-cache.ts: one bundle per content of what bundling reads, reused as long as
 * it does not change, a new one as soon as a spec file does (a release snapshot is not read, so it does not count).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';
import {SITE_ROOT} from '../../../tools/cli';
import {BUNDLE_CODE_INPUTS, bundleInputsHash, cachedBundle, makeOnce} from '../../../tools/spec/spec-bundle-cache';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-bundle-cache-'));
after(() => fs.rmSync(scratch, {recursive: true, force: true}));

test('the hash follows the spec files and the bundling inputs, not the release snapshots', () => {
  for (const f of ['openapi', ...BUNDLE_CODE_INPUTS]) {
    fs.cpSync(path.join(SITE_ROOT, f), path.join(scratch, f), {recursive: true});
  }
  const real = bundleInputsHash(SITE_ROOT);
  assert.equal(bundleInputsHash(scratch), real, 'the same inputs, the same hash');
  const release = fs.readdirSync(path.join(scratch, 'openapi/releases'))[0];
  fs.appendFileSync(path.join(scratch, 'openapi/releases', release, 'release.json'), '\n');
  assert.equal(bundleInputsHash(scratch), real, 'a release snapshot is not bundled');
  fs.appendFileSync(path.join(scratch, 'openapi/components/schemas/Money.yaml'), '# edited\n');
  assert.notEqual(bundleInputsHash(scratch), real, 'an edited schema makes a new bundle');
});

test('a bundle is made once and then reused as it is', async () => {
  const dir = await cachedBundle(SITE_ROOT);
  assert.ok(fs.existsSync(path.join(dir, '.complete')) && fs.existsSync(path.join(dir, 'novaramp.json')) && fs.existsSync(path.join(dir, 'novaramp.d.ts')));
  const written = fs.statSync(path.join(dir, 'novaramp.json')).mtimeMs;
  const started = Date.now();
  assert.equal(await cachedBundle(SITE_ROOT), dir);
  assert.equal(fs.statSync(path.join(dir, 'novaramp.json')).mtimeMs, written, 'not bundled again');
  assert.ok(Date.now() - started < 2_000, 'reused, not rebuilt');
});

test('callers asking at once make the folder once: the others wait for it', async () => {
  const dir = path.join(scratch, 'once', 'folder');
  let made = 0;
  const make = async (tmp: string) => {
    made++;
    fs.mkdirSync(tmp, {recursive: true});
    // Long enough for every other caller to find the lock taken.
    await new Promise((resolve) => setTimeout(resolve, 300));
    fs.writeFileSync(path.join(tmp, 'made-by'), String(made));
  };
  await Promise.all([makeOnce(dir, make), makeOnce(dir, make), makeOnce(dir, make)]);
  assert.equal(made, 1, 'made once');
  assert.equal(fs.readFileSync(path.join(dir, 'made-by'), 'utf8'), '1');
  assert.ok(fs.existsSync(path.join(dir, '.complete')));
  assert.deepEqual(fs.readdirSync(path.dirname(dir)), ['folder'], 'no temporary folder or lock left behind');
});
