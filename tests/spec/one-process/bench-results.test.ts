/**
 * `npm run bench` and `npm run canary` write what they measured into dated files with the machine noted
 * (tools/measure/bench-results.ts), so numbers measured on a day never need pasting into the docs. No build: the writer runs
 * on made-up results in a temporary folder.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {BENCH_RESULTS_DIR, machineFacts, writeBenchResults} from '../../../tools/measure/bench-results';
import {SITE_ROOT} from '../../../tools/cli';

test('a run is written as a dated JSON file and a Markdown summary, with the machine and the results', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-results-'));
  try {
    const machine = {cpus: 2, cpuModel: 'Test CPU', memoryGiB: 7.8, node: 'v26.10.0', platform: 'linux 6.1', commit: 'abc123def456'};
    const date = new Date('2026-11-28T10:15:00Z');
    const results = {pages: [{route: '/', js: 150_000}]};
    const written = writeBenchResults({kind: 'bench', command: 'npm run bench', summary: '## Build\n\n| a |\n', results, date, machine, dir});
    assert.equal(written.json, path.join(dir, '2026-11-28-bench.json'));
    assert.equal(written.markdown, path.join(dir, '2026-11-28-bench.md'));
    assert.deepEqual(JSON.parse(fs.readFileSync(written.json, 'utf8')), {
      kind: 'bench',
      command: 'npm run bench',
      date: '2026-11-28T10:15:00.000Z',
      machine,
      results,
    });
    const md = fs.readFileSync(written.markdown, 'utf8');
    assert.match(md, /^# `npm run bench`, 2026-11-28T10:15:00.000Z\n/);
    assert.match(md, /Machine: 2 × Test CPU, 7\.8 GiB, Node v26\.10\.0, linux 6\.1, commit abc123def456\./);
    assert.match(md, /## Build\n\n\| a \|\n$/);

    // A second run of the same kind that day gets a file of its own.
    const again = writeBenchResults({kind: 'bench', command: 'npm run bench', summary: '', results: {}, date, machine, dir});
    assert.equal(path.basename(again.json), '2026-11-28-bench-2.json');
    assert.equal(fs.readdirSync(dir).length, 4);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test("the machine facts are this machine's: cores, memory, Node, the commit measured", () => {
  const m = machineFacts();
  assert.equal(m.cpus, os.cpus().length);
  assert.equal(m.node, process.version);
  assert.ok(m.memoryGiB > 0);
  assert.match(m.commit, /^[0-9a-f]{12}(-dirty)?$/);
});

test('the result files live in bench/results/, which git tracks', () => {
  assert.equal(path.relative(SITE_ROOT, BENCH_RESULTS_DIR), path.join('bench', 'results'));
  assert.ok(fs.existsSync(path.join(BENCH_RESULTS_DIR, '.gitkeep')), 'bench/results/.gitkeep keeps the folder in a fresh clone');
});
