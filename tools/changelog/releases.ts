/**
 * Reads the committed releases of the spec (RELEASES_DIR/<X.Y.Z>/, layout in src/data/spec-changes.ts): their
 * version and date, and the classified changes each one recorded. Every malformed file is reported with its path.
 */
import fs from 'node:fs';
import path from 'node:path';
import {RELEASES_DIR, type ReleaseInfo, type SpecChange} from '../../src/data/spec-changes';

export class ReleaseError extends Error {}

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Orders `X.Y.Z` versions newest first. */
export function newestFirst(a: string, b: string): number {
  const [pa, pb] = [a, b].map((v) => (VERSION.exec(v) ?? []).slice(1).map(Number));
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pb[i] - pa[i];
  return 0;
}

function readJson(file: string, siteDir: string): unknown {
  const rel = path.relative(siteDir, file);
  if (!fs.existsSync(file)) throw new ReleaseError(`${rel}: missing`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ReleaseError(`${rel}: not valid JSON (${(e as Error).message})`);
  }
}

/** Every release folder under `releasesDir` (relative to `siteDir`), newest first. */
export function listReleases(siteDir: string, releasesDir = RELEASES_DIR): ReleaseInfo[] {
  const root = path.resolve(siteDir, releasesDir);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, {withFileTypes: true})
    .filter((d) => d.isDirectory())
    .map((d) => {
      const file = path.join(root, d.name, 'release.json');
      const rel = path.relative(siteDir, file);
      if (!VERSION.test(d.name)) throw new ReleaseError(`${path.relative(siteDir, path.join(root, d.name))}: a release folder is named X.Y.Z`);
      const info = readJson(file, siteDir) as Partial<ReleaseInfo>;
      if (info.version !== d.name) throw new ReleaseError(`${rel}: "version" is ${JSON.stringify(info.version)}, the folder says ${d.name}`);
      if (typeof info.date !== 'string' || !DAY.test(info.date)) throw new ReleaseError(`${rel}: "date" must be YYYY-MM-DD, got ${JSON.stringify(info.date)}`);
      return {version: info.version, date: info.date};
    })
    .sort((a, b) => newestFirst(a.version, b.version));
}

const ACTIONS = new Set(['added', 'removed', 'changed', 'deprecated']);
const KINDS = new Set(['breaking', 'non-breaking', 'deprecation', 'documentation']);

/** The classified changes a release recorded (its `changes.json`). */
export function readReleaseChanges(siteDir: string, version: string, releasesDir = RELEASES_DIR): SpecChange[] {
  const file = path.resolve(siteDir, releasesDir, version, 'changes.json');
  const rel = path.relative(siteDir, file);
  const changes = readJson(file, siteDir);
  if (!Array.isArray(changes)) throw new ReleaseError(`${rel}: expected an array of changes`);
  changes.forEach((c: Partial<SpecChange>, i) => {
    const bad = (what: string) => new ReleaseError(`${rel}: change #${i + 1} (${c?.pointer ?? 'no pointer'}): ${what}`);
    if (typeof c?.message !== 'string' || !c.message) throw bad('has no "message"');
    if (!ACTIONS.has(c.action as string)) throw bad(`"action" is ${JSON.stringify(c.action)}`);
    if (!KINDS.has(c.kind as string)) throw bad(`"kind" is ${JSON.stringify(c.kind)}`);
    if (typeof c.api !== 'string') throw bad('has no "api"');
  });
  return changes as SpecChange[];
}
