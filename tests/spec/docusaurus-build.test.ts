/**
 * scripts/docusaurus-build.mjs when a step runs out of its V8 heap (each step gets a limit: 1 GiB to bundle, 2 GiB to
 * render, unless NODE_OPTIONS sets one): the build fails with the step's name and says how to give it more. (Its
 * steps working is `npm run build`, which the site tier runs; their memory is `npm run bench:scale`.)
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';

test('a bundling process out of its JavaScript heap fails the build, naming the step and NODE_OPTIONS', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-heap-'));
  try {
    const r = spawnSync(process.execPath, ['scripts/docusaurus-build.mjs', '--step', 'bundle', '--out-dir', out], {
      cwd: SITE_ROOT,
      encoding: 'utf8',
      // relies on: cold-build-switch
      env: {...process.env, NODE_OPTIONS: '--max-old-space-size=48', DOCUSAURUS_NO_PERSISTENT_CACHE: '1'},
      timeout: 120_000,
    });
    assert.notEqual(r.status, 0);
    // V8's own words: the heap is full, or (seen once, Node 26 on a fresh clone) a check of its garbage collector
    // failed near the limit, which traps instead of aborting. The hint must follow either way.
    assert.match(r.stderr, /JavaScript heap out of memory|# Fatal error in .*\n# Check failed: /);
    assert.match(r.stderr, /✖ docusaurus build \(server bundle\) failed with SIG(ABRT|TRAP)/);
    assert.match(
      r.stderr,
      /If it ran out of its JavaScript heap \(--max-old-space-size=48\), give it more: NODE_OPTIONS=--max-old-space-size=<MiB> npm run build/,
    );
  } finally {
    fs.rmSync(out, {recursive: true, force: true});
  }
});

test('a bundling process that V8 stops with a trap (a failed check of its own near the heap limit) gets the same hint', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-trap-'));
  try {
    // The step process (any process but the script that runs the steps) is stopped as V8 stops it when one of its
    // checks fails: SIGTRAP, before it bundles anything.
    const trap = path.join(out, 'trap.cjs');
    fs.writeFileSync(trap, "if (!/scripts[\\\\/]docusaurus-build\\.mjs$/.test(process.argv[1] ?? '')) process.kill(process.pid, 'SIGTRAP');\n");
    const r = spawnSync(process.execPath, ['scripts/docusaurus-build.mjs', '--step', 'bundle', '--out-dir', path.join(out, 'build')], {
      cwd: SITE_ROOT,
      encoding: 'utf8',
      env: {...process.env, NODE_OPTIONS: `--require ${trap}`},
      timeout: 120_000,
    });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /✖ docusaurus build \(server bundle\) failed with SIGTRAP/);
    assert.match(
      r.stderr,
      /If it ran out of its JavaScript heap \(--max-old-space-size=1024\), give it more: NODE_OPTIONS=--max-old-space-size=<MiB> npm run build/,
    );
  } finally {
    fs.rmSync(out, {recursive: true, force: true});
  }
});
