/**
 * The `file:line` references of openapi/README.md cite the lines they name (issue #48: a reviewer who opens one finds
 * the fix it claims): each reference's line reads what openapi/README.refs.json records, and `npm run refs` moves a
 * reference whose line an edit shifted, refusing (and writing nothing) when its text is gone or on several lines
 * (tools/content/readme-refs.ts). The command runs on copies of tests/fixtures/readme-refs/.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, type TestContext} from 'node:test';
import {SITE_ROOT} from '../../../tools/cli';
import {README, RECORD, checkReferences, referencesIn, refsCommand} from '../../../tools/content/readme-refs';

const FIXTURE = path.join(SITE_ROOT, 'tests/fixtures/readme-refs');

/** A scratch copy of the fixture, removed after the test. */
function fixtureCopy(t: TestContext): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-refs-'));
  fs.cpSync(FIXTURE, dir, {recursive: true});
  t.after(() => fs.rmSync(dir, {recursive: true, force: true}));
  return dir;
}

const readIn = (dir: string, file: string): string => fs.readFileSync(path.join(dir, file), 'utf8');
const writeIn = (dir: string, file: string, text: string): void => fs.writeFileSync(path.join(dir, file), text);
/** Replaces `from` (which must occur once) in a file of the copy. */
function edit(dir: string, file: string, from: string, to: string): void {
  const text = readIn(dir, file);
  assert.equal(text.split(from).length, 2, `${file} holds ${JSON.stringify(from)} once`);
  writeIn(dir, file, text.replace(from, to));
}
const prepend = (dir: string, file: string, lines: string): void => writeIn(dir, file, lines + readIn(dir, file));

test('every file:line reference of openapi/README.md reads what its record holds', () => {
  const {references} = referencesIn(fs.readFileSync(path.join(SITE_ROOT, README), 'utf8'));
  assert.ok(references.length > 80, `${references.length} references found`);
  assert.deepEqual(checkReferences(SITE_ROOT), []);
});

test('the fixture as it stands passes the check', (t) => {
  assert.deepEqual(checkReferences(fixtureCopy(t)), []);
});

test('a missing file, a line past the end, a blank line and a bare `:line` fail, each with its README line and what to run', (t) => {
  const dir = fixtureCopy(t);
  edit(dir, README, '`docs/guide.md:3`', '`docs/missing.md:3`');
  edit(dir, README, '`docs/guide.md:5-7`', '`docs/guide.md:5-70`');
  edit(dir, README, '`components/schemas/Thing.yaml:4`', '`components/schemas/Thing.yaml:10`');
  edit(dir, README, '`components/schemas/Thing.yaml:8`', '`:8`');
  writeIn(dir, 'openapi/components/schemas/Thing.yaml', `${readIn(dir, 'openapi/components/schemas/Thing.yaml')}\n`);
  const problems = checkReferences(dir);
  const about = (fragment: string) => problems.filter((p) => p.includes(fragment));
  assert.match(about('`docs/missing.md:3`')[0], /^openapi\/README\.md:6: `docs\/missing\.md:3` names no file .*run `npm run refs -- --record`$/);
  assert.match(
    about('`docs/guide.md:5-70`')[0],
    /^openapi\/README\.md:6: `docs\/guide\.md:5-70` is past the end: the file has 8 lines: .*`npm run refs -- --record`$/,
  );
  assert.match(about('`components/schemas/Thing.yaml:10`')[0], /^openapi\/README\.md:5: `components\/schemas\/Thing\.yaml:10` names a blank line \(10\): /);
  assert.match(about('`:8`')[0], /^openapi\/README\.md:5: `:8` names no file: write the file's path before it, then run `npm run refs -- --record`$/);
});

test('a line that no longer reads its recorded text fails, saying to re-anchor or to record', (t) => {
  const dir = fixtureCopy(t);
  edit(dir, 'docs/guide.md', 'A thing is active until it is closed.', 'A thing is active until you close it.');
  assert.deepEqual(checkReferences(dir), [
    'openapi/README.md:6: `docs/guide.md:3` reads "A thing is active until you close it.", the record "A thing is active until it is closed.": ' +
      'run `npm run refs` if lines moved, `npm run refs -- --record` if the cited line was reworded on purpose',
  ]);
});

test('a reference missing from the record, and a recorded one no reference uses, fail', (t) => {
  const dir = fixtureCopy(t);
  edit(dir, README, '`docs/guide.md:3`', '`docs/guide.md:1`');
  assert.deepEqual(checkReferences(dir), [
    'openapi/README.md:6: `docs/guide.md:1` is not in openapi/README.refs.json: run `npm run refs` (the reference is new or was re-pointed)',
    'openapi/README.refs.json: `docs/guide.md:3` is used by no reference of openapi/README.md: run `npm run refs`',
  ]);
});

test('`npm run refs` moves references whose lines shifted, a range included, and rewrites only their numbers', (t) => {
  const dir = fixtureCopy(t);
  const readme = readIn(dir, README);
  prepend(dir, 'docs/guide.md', '---\ntitle: Guide\n---\n');
  assert.equal(checkReferences(dir).length, 2);
  const {status, output} = refsCommand(dir, []);
  assert.equal(status, 0, output);
  assert.equal(output, 'openapi/README.md:6: `docs/guide.md:3` → 6\nopenapi/README.md:6: `docs/guide.md:5-7` → 8-10\n');
  assert.equal(readIn(dir, README), readme.replace('`docs/guide.md:3`', '`docs/guide.md:6`').replace('`docs/guide.md:5-7`', '`docs/guide.md:8-10`'));
  assert.deepEqual(Object.keys(JSON.parse(readIn(dir, RECORD))), [
    'components/schemas/Thing.yaml:4',
    'components/schemas/Thing.yaml:8',
    'docs/guide.md:6',
    'docs/guide.md:8-10',
  ]);
  assert.deepEqual(checkReferences(dir), []);
  assert.deepEqual(refsCommand(dir, []), {status: 0, output: 'Every reference of openapi/README.md is at its line.\n'});
});

test('`npm run refs` refuses a text that is gone, naming the README line, and writes neither file', (t) => {
  const dir = fixtureCopy(t);
  const before = [readIn(dir, README), readIn(dir, RECORD)];
  // The range could move on its own; the reference whose text is gone stops the whole run.
  prepend(dir, 'docs/guide.md', '---\ntitle: Guide\n---\n');
  edit(dir, 'docs/guide.md', 'A thing is active until it is closed.', 'A thing is active until you close it.');
  const {status, output} = refsCommand(dir, []);
  assert.equal(status, 1);
  assert.equal(
    output,
    'openapi/README.md:6: `docs/guide.md:3` cannot move: "A thing is active until it is closed." is gone from the file: ' +
      'point it at the line its row means, then run `npm run refs`; if that line was reworded on purpose, run `npm run refs -- --record`\n' +
      'Nothing written.\n',
  );
  assert.deepEqual([readIn(dir, README), readIn(dir, RECORD)], before);
});

test('`npm run refs` refuses a text found on several lines, naming them, and writes neither file', (t) => {
  const dir = fixtureCopy(t);
  const before = [readIn(dir, README), readIn(dir, RECORD)];
  prepend(dir, 'openapi/components/schemas/Thing.yaml', '# A thing of the fixture.\n');
  const {status, output} = refsCommand(dir, []);
  assert.equal(status, 1);
  assert.match(output, /^openapi\/README\.md:5: `components\/schemas\/Thing\.yaml:8` cannot move: "type: string" is on 2 lines \(6, 9\): /);
  assert.doesNotMatch(output, /Thing\.yaml:4/);
  assert.deepEqual([readIn(dir, README), readIn(dir, RECORD)], before);
});

test('after a refusal, a reference pointed by hand is recorded as it reads while the others move', (t) => {
  const dir = fixtureCopy(t);
  prepend(dir, 'openapi/components/schemas/Thing.yaml', '# A thing of the fixture.\n');
  assert.equal(refsCommand(dir, []).status, 1);
  // The row means the label's type (line 9 now), not the other `type: string` above it.
  edit(dir, README, '`components/schemas/Thing.yaml:8`', '`components/schemas/Thing.yaml:9`');
  assert.deepEqual(refsCommand(dir, []), {
    status: 0,
    output: 'openapi/README.md:5: `components/schemas/Thing.yaml:4` → 5\nopenapi/README.md:5: `components/schemas/Thing.yaml:9` recorded\n',
  });
  assert.deepEqual(checkReferences(dir), []);
  assert.deepEqual(JSON.parse(readIn(dir, RECORD)), {
    'components/schemas/Thing.yaml:5': 'status:',
    'components/schemas/Thing.yaml:9': 'type: string',
    'docs/guide.md:3': 'A thing is active until it is closed.',
    'docs/guide.md:5-7': ['```yaml', '```'],
  });
  // A reference pointed at a blank line is refused, and nothing is written.
  const before = [readIn(dir, README), readIn(dir, RECORD)];
  edit(dir, README, '`docs/guide.md:3`', '`docs/guide.md:2`');
  const refused = refsCommand(dir, []);
  assert.equal(refused.status, 1);
  assert.match(
    refused.output,
    /^openapi\/README\.md:6: `docs\/guide\.md:2` names a blank line \(2\): point it at the line its row means, then run `npm run refs`\n/,
  );
  assert.equal(readIn(dir, RECORD), before[1]);
});

test('`npm run refs -- --record` records a row changed on purpose, and refuses a blank line without writing', (t) => {
  const dir = fixtureCopy(t);
  edit(dir, README, '`docs/guide.md:3`', '`docs/guide.md:1`');
  assert.deepEqual(refsCommand(dir, ['--record']), {status: 0, output: 'openapi/README.refs.json: 4 references recorded.\n'});
  assert.equal(JSON.parse(readIn(dir, RECORD))['docs/guide.md:1'], '# Guide');
  assert.deepEqual(checkReferences(dir), []);

  const recorded = readIn(dir, RECORD);
  edit(dir, README, '`docs/guide.md:1`', '`docs/guide.md:2`');
  const {status, output} = refsCommand(dir, ['--record']);
  assert.equal(status, 1);
  assert.match(
    output,
    /^openapi\/README\.md:6: `docs\/guide\.md:2` names a blank line \(2\): point it at the line its row means\nopenapi\/README\.refs\.json not written\.\n$/,
  );
  assert.equal(readIn(dir, RECORD), recorded);
});

test('an unknown argument prints the usage and exits 2', (t) => {
  assert.equal(refsCommand(fixtureCopy(t), ['--force']).status, 2);
});
