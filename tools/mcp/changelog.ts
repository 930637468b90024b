/**
 * The API changelog the build publishes (CHANGELOG_ARTEFACT: every release newest first, plus Unreleased), read at
 * each call so a newer build is seen without a restart.
 */
import fs from 'node:fs';
import path from 'node:path';
import {SITE_URL} from '../../src/data/brand';
import {CHANGE_KINDS, CHANGELOG_ARTEFACT, type ChangeKind, type ChangelogEntry} from '../../src/data/spec-changes';
import {notFound} from './suggest';

export {CHANGE_KINDS};

function readChangelog(buildDir: string): ChangelogEntry[] {
  const file = path.join(buildDir, CHANGELOG_ARTEFACT);
  if (!fs.existsSync(file)) {
    throw new Error(
      `This build has no API changelog: ${file} is missing. It is published by the build once the spec has releases (openapi/releases/); run \`npm run build\` on a version of the site that has them.`,
    );
  }
  let entries: unknown;
  try {
    entries = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${(e as Error).message}).`, {cause: e});
  }
  const bad = Array.isArray(entries)
    ? entries.findIndex((e) => typeof (e as ChangelogEntry)?.version !== 'string' || !Array.isArray((e as ChangelogEntry).changes))
    : -2;
  if (bad !== -1) throw new Error(`${file}: ${bad === -2 ? 'not a list of changelog entries' : `entry ${bad} has no \`version\` or no \`changes\``}.`);
  return entries as ChangelogEntry[];
}

/** The entries newer than `since` (every entry without it), each change with its operation page's URL. */
export function changesSince(buildDir: string, since?: string, kinds?: readonly ChangeKind[]): {since?: string; versions: string[]; entries: ChangelogEntry[]} {
  const all = readChangelog(buildDir);
  const versions = all.map((e) => e.version);
  let newer = all;
  if (since !== undefined) {
    const at = versions.findIndex((v) => v.toLowerCase() === since.trim().replace(/^v/, '').toLowerCase());
    if (at === -1) throw notFound('version', since, versions, `The changelog has: ${versions.join(', ')}.`);
    newer = all.slice(0, at);
  }
  const entries = newer.map((entry) => ({
    ...entry,
    changes: entry.changes
      .filter((c) => !kinds?.length || kinds.includes(c.kind))
      .map((c) => (c.operation?.docSlug ? {...c, url: `${SITE_URL}/docs${c.operation.docSlug}`} : c)),
  }));
  return {since, versions, entries};
}
