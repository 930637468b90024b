/**
 * Generates the API reference pages from openapi/ with docusaurus-plugin-openapi-docs, safely:
 * 1. checks what the portal relies on (parse errors, route pins, tags, Idempotency-Key, the spec files), then
 *    lints with Redocly (dangling $refs, examples that do not match their schemas, …), all with file:line messages;
 * 2. runs the plugin's `gen-api-docs` into a temporary folder (the plugin skips existing files, so it
 *    always starts empty);
 * 3. checks one page per operation was written;
 * 4. only then swaps the new pages in place of docs/api/reference. Any failure exits non-zero and
 *    leaves the last good pages untouched.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {GENERATED_DIR, generatedDir, API_SPECS} from './api-table';
import {loadOperations, SpecError, type Operation} from './spec-model';

const GEN_OUT_ENV = 'NOVARAMP_API_GEN_DIR';

function fail(message: string): never {
  console.error(`\n✖ API generation failed; the previous pages in ${GENERATED_DIR}/ were left untouched.\n${message}\n`);
  process.exit(1);
}

function expectedFiles(ops: Operation[], root: string): string[] {
  return ops.map((op) => path.join(generatedDir(op.spec, root), `${path.basename(op.docId)}.api.mdx`));
}

/** Redocly lint of every API in redocly.yaml; its problems keep their `file:line:column` form. */
function lint(siteDir: string): void {
  const run = spawnSync(path.join(siteDir, 'node_modules', '.bin', 'redocly'), ['lint', '--format=codeframe'], {
    cwd: siteDir,
    encoding: 'utf8',
    env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
  });
  if (run.status !== 0) {
    const lines = `${run.stdout}${run.stderr}`
      .split('\n')
      .filter((l) => /\S/.test(l) && !/[║╔╚]|^validating |: validated in /.test(l));
    fail(['  Redocly lint failed:', ...lines.map((l) => `  ${l}`)].join('\n'));
  }
}

function generate(siteDir = process.cwd()): number {
  let ops: Operation[];
  try {
    ops = loadOperations(siteDir);
  } catch (e) {
    if (e instanceof SpecError) fail(e.problems.map((p) => `  ${p}`).join('\n'));
    throw e;
  }
  lint(siteDir);

  const tmp = fs.mkdtempSync(path.join(siteDir, '.api-gen-'));
  const tmpRel = path.relative(siteDir, tmp);
  try {
    const cli = path.join(siteDir, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
    const run = spawnSync(process.execPath, [cli, 'gen-api-docs', 'all'], {
      cwd: siteDir,
      env: {...process.env, [GEN_OUT_ENV]: tmpRel},
      encoding: 'utf8',
    });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    const missing = expectedFiles(ops, tmp).filter((f) => !fs.existsSync(f));
    if (run.status !== 0 || missing.length > 0) {
      const errors = output.split('\n').filter((l) => /error|fail|cannot|unexpected|invalid/i.test(l));
      fail(
        [
          run.status !== 0 ? `  docusaurus gen-api-docs exited with ${run.status}` : '',
          ...missing.map((f) => `  not generated: ${path.relative(tmp, f)}`),
          ...errors.slice(0, 40).map((l) => `  ${l}`),
        ]
          .filter(Boolean)
          .join('\n'),
      );
    }
    const target = path.join(siteDir, GENERATED_DIR);
    const old = `${target}.old-${process.pid}`;
    if (fs.existsSync(target)) fs.renameSync(target, old);
    fs.renameSync(tmp, target);
    fs.rmSync(old, {recursive: true, force: true});
  } finally {
    fs.rmSync(tmp, {recursive: true, force: true});
  }
  console.log(`Generated ${ops.length} API pages from ${API_SPECS.length} specs into ${GENERATED_DIR}/.`);
  return ops.length;
}

generate();
