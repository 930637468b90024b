/**
 * The recorded changes of a release (its `changes.json`, layout in src/data/spec-changes.ts), read through the
 * release tools (tools/spec-diff) and checked, so that a malformed record fails with its path rather than as a
 * broken page.
 */
import path from 'node:path';
import {CHANGE_KINDS, RELEASES_DIR, type SpecChange} from '../../data/spec-changes';
import {loadReleaseChanges} from '../../../tools/spec-diff';

export class ReleaseError extends Error {}

const ACTIONS = new Set(['added', 'removed', 'changed', 'deprecated']);
const KINDS = new Set<string>(CHANGE_KINDS);

export function readReleaseChanges(siteDir: string, version: string): SpecChange[] {
  const rel = path.join(RELEASES_DIR, version, 'changes.json');
  let changes: unknown;
  try {
    changes = loadReleaseChanges(version, siteDir);
  } catch (e) {
    throw new ReleaseError(`${rel}: ${(e as Error).message}`);
  }
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
