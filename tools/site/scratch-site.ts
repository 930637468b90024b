/** Throwaway copies of the site for tests and benches that edit the spec or build elsewhere. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {ARTEFACT_DIR, GENERATED_DIR} from '../../src/data/api-table';
import {WORKFLOW_PAGES_DIR} from '../../src/data/navigation';
import {SITE_ROOT} from '../cli';

/** What a scratch copy of the site leaves out: dependencies (symlinked instead), outputs and caches. */
const NOT_COPIED = new Set(['node_modules', '.git', '.docusaurus', '.tmp', 'test-results']);
const isOutput = (name: string): boolean => /^build(-.*)?$/.test(name) || name.startsWith('.api-gen-');

/**
 * A scratch copy of the site in the OS temp folder: sources only (no build output, no generated API or workflow pages),
 * with node_modules symlinked to this worktree's. Returns its path; the caller removes it. `only`: the top-level
 * files and folders to copy, for a caller whose tools read no more (each file made costs ~1 ms of CPU, the whole
 * site ~0.9 s).
 */
export function scratchSite(label: string, {only}: {only?: string[]} = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `novaramp-${label}-`));
  for (const name of only ?? fs.readdirSync(SITE_ROOT)) {
    if (NOT_COPIED.has(name) || isOutput(name)) continue;
    fs.cpSync(path.join(SITE_ROOT, name), path.join(dir, name), {
      recursive: true,
      filter: (src) => ![GENERATED_DIR, WORKFLOW_PAGES_DIR, ARTEFACT_DIR].some((generated) => src.startsWith(path.join(SITE_ROOT, generated))),
    });
  }
  fs.symlinkSync(path.join(SITE_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}
