/**
 * `npm run release` and the deprecation policy, in one scratch copy of the site (one Redocly lint for the whole
 * file): a release writes the layout of src/data/spec-changes.ts; a field released as deprecated with an
 * `x-sunset` may be removed once that day has passed, not before; the release refuses a version that is not
 * greater, breaking changes without a major version, and a spec that does not lint, writing nothing then.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {API_SPECS} from '../../../src/data/api-table';
import {RELEASES_DIR} from '../../../src/data/spec-changes';
import {ASYNCAPI_FILE} from '../../../tools/spec/asyncapi';
import {SITE_ROOT} from '../../../tools/cli';
import {scratchSite} from '../../../tools/site/scratch-site';
import {diffSpecs, listReleases, loadRelease, loadReleaseChanges, loadWorkingSpec} from '../../../tools/spec-diff';
import {runGate} from '../../../tools/spec-diff/gate';
import {cutRelease, recordedChanges, ReleaseError} from '../../../tools/spec-diff/release';
import {RELEASE_ASYNCAPI} from '../../../tools/spec-diff/snapshots';

const ACCOUNT = 'openapi/components/schemas/Account.yaml';
/** The latest real release, and the next two minor versions after it (the scratch site cuts them). */
const PREVIOUS = listReleases(SITE_ROOT)[0].version;
const minorAfter = (v: string): string => v.replace(/^(\d+)\.(\d+)\.\d+$/, (_, major: string, minor: string) => `${major}.${Number(minor) + 1}.0`);
const NEXT = minorAfter(PREVIOUS);
const AFTER_NEXT = minorAfter(NEXT);
const escape = (v: string) => v.replace(/\./g, '\\.');
const SUNSET = '2026-12-31';
let dir = '';

/** Replaces `from` (which must be there) in a file of the scratch site. */
function edit(file: string, from: string | RegExp, to: string): void {
  const abs = path.join(dir, file);
  const text = fs.readFileSync(abs, 'utf8');
  assert.ok(typeof from === 'string' ? text.includes(from) : from.test(text), `${file} still holds ${String(from)} (update this test with the spec)`);
  fs.writeFileSync(abs, text.replace(from, to));
}

const releaseFolders = () => fs.readdirSync(path.join(dir, RELEASES_DIR)).sort();
const leftovers = () => (fs.existsSync(path.join(dir, '.tmp')) ? fs.readdirSync(path.join(dir, '.tmp')).filter((f) => f.startsWith('release-')) : []);

/** The refusal of release `version`, which must be by `rule` and leave nothing behind. */
async function refusal(version: string, date: string, rule: ReleaseError['rule']): Promise<string> {
  const folders = releaseFolders();
  const error = await cutRelease(version, {siteDir: dir, date}).then(
    () => assert.fail(`release ${version} was cut`),
    (e: Error) => e,
  );
  assert.ok(error instanceof ReleaseError, error.stack);
  assert.equal(error.rule, rule, error.message);
  assert.deepEqual(releaseFolders(), folders, 'a refused release writes no folder');
  assert.deepEqual(leftovers(), [], 'and leaves no temporary folder');
  return error.message;
}

before(() => {
  // What a release reads: the spec and Redocly's config.
  dir = scratchSite('release', {only: ['openapi', 'redocly.yaml']});
});
after(() => {
  fs.rmSync(dir, {recursive: true, force: true});
});

test('the AsyncAPI document has the same name under openapi/ and in a release', () => {
  assert.equal(ASYNCAPI_FILE, `openapi/${RELEASE_ASYNCAPI}`);
});

test('a release writes the snapshot, release.json and changes.json from the previous release', async () => {
  // What the working spec already changed since the latest release (examples, descriptions not yet released) is in
  // the record too; the deprecation this test makes is what must be added to it.
  const unreleased = new Set(recordedChanges(loadRelease(PREVIOUS, dir), loadWorkingSpec(dir)).map((c) => JSON.stringify(c)));
  edit(ACCOUNT, /(\n {2}display_name:\n {4}type: string\n)/, `$1    deprecated: true\n    x-sunset: '${SUNSET}'\n`);
  const result = await cutRelease(NEXT, {siteDir: dir, date: '2026-12-01'});
  assert.equal(result.dir, `${RELEASES_DIR}/${NEXT}`);
  const folder = path.join(dir, RELEASES_DIR, NEXT);
  assert.deepEqual(fs.readdirSync(folder).sort(), [...API_SPECS.map((a) => `${a}.yaml`), 'changes.json', 'release.json', RELEASE_ASYNCAPI].sort());
  assert.equal(fs.readFileSync(path.join(folder, 'release.json'), 'utf8'), `{"version": "${NEXT}", "date": "2026-12-01"}\n`);
  assert.deepEqual(
    listReleases(dir).map((r) => r.version),
    [NEXT, ...listReleases(SITE_ROOT).map((r) => r.version)],
  );
  const changes = loadReleaseChanges(NEXT, dir) as {kind: string; message: string}[];
  const added = changes.filter((c) => !unreleased.has(JSON.stringify(c)));
  assert.ok(added.length > 0 && added.every((c) => c.kind === 'deprecation' && /display_name`/.test(c.message)), JSON.stringify(added, null, 2));
  assert.deepEqual(changes, JSON.parse(JSON.stringify(recordedChanges(loadRelease(PREVIOUS, dir), loadRelease(NEXT, dir)))));
  assert.deepEqual(leftovers(), []);
});

test('a field released as deprecated may be removed once its x-sunset has passed, not before', () => {
  edit(ACCOUNT, /\n {2}display_name:\n(?: {4}.*\n)+/, '\n');
  edit(ACCOUNT, '\n  - display_name\n', '\n');
  const working = loadWorkingSpec(dir);

  const before = runGate({siteDir: dir, working, date: '2026-12-30'});
  assert.ok(before.violations.length > 0);
  for (const v of before.violations) {
    assert.match(v.change.message, /Removed field `(\S+\.)?display_name`/);
    assert.match(v.reason, new RegExp(`sunset ${SUNSET} has not passed`));
    assert.equal(v.change.location?.file, ACCOUNT);
  }

  const afterSunset = runGate({siteDir: dir, working, date: '2027-01-01'});
  assert.deepEqual(afterSunset.violations, []);
  assert.ok(afterSunset.breaking.length > 0 && afterSunset.breaking.every((j) => j.allowed && j.policy === 'removal-after-sunset'));
});

test('a field removed inside a reordered allOf is found in the file it was removed from', () => {
  // Since the latest release each event schema lists its own part before Event (the gate's `allof-reordered`):
  // a removal is found in the released order, and located in the working files in theirs.
  const released = loadRelease(PREVIOUS, dir);
  const events = diffSpecs(released, loadWorkingSpec(dir)).filter(
    (c) => c.operation?.method === 'event' && /Removed field `(\S+\.)?display_name`/.test(c.message),
  );
  assert.ok(events.length > 0, 'account events lose display_name (removed by the test before)');
  for (const c of events) assert.equal(c.location?.file, ACCOUNT, `${c.message} at ${c.pointer}`);
});

test('the release refuses a version that is not greater than the latest', async () => {
  assert.match(
    await refusal(NEXT, '2027-01-01', 'release-version-increases'),
    new RegExp(`${escape(NEXT)} is not greater than the latest release ${escape(NEXT)}`),
  );
  assert.match(await refusal('1.0.9', '2027-01-01', 'release-version-increases'), /not greater/);
  assert.match(await refusal('1.2', '2027-01-01', 'usage'), /not a version/);
});

test('the release refuses breaking changes without a new major version, naming them', async () => {
  edit(ACCOUNT, /\n {2}email:\n(?: {4}.*\n)+/, '\n');
  edit(ACCOUNT, '\n  - email\n', '\n');
  const message = await refusal(AFTER_NEXT, '2027-01-01', 'breaking-needs-major');
  assert.match(message, /need a new major version/);
  assert.match(message, /Removed field `email` from the `201` response of `POST \/accounts`/);
  assert.doesNotMatch(message, /display_name/, 'the removal after its sunset needs no major version');
});

test('the release refuses a spec that does not lint, with the file and line', async () => {
  fs.copyFileSync(path.join(SITE_ROOT, ACCOUNT), path.join(dir, ACCOUNT));
  edit(ACCOUNT, /(\n {2}display_name:\n {4}type: string\n)/, `$1    deprecated: true\n    x-sunset: '${SUNSET}'\n`);
  edit(ASYNCAPI_FILE, '\ndefaultContentType: application/json\n', '\ndefaultContentType: 42\n');
  const message = await refusal(AFTER_NEXT, '2027-01-01', 'release-needs-lint');
  assert.match(message, /does not lint/);
  assert.match(message, new RegExp(`${ASYNCAPI_FILE.replace(/\./g, '\\.')}:\\d+`));
});
