/**
 * The API changelog of the site, computed from the release snapshots and the working spec: the entries
 * (published as CHANGELOG_ARTEFACT) and the blog posts the changelog plugin (src/plugins/changelog) builds pages and
 * feeds from; the operation pages' badges read the same entries (./release-badges.ts).
 * docusaurus.config.ts hands `loadChangelog` to the plugin, which calls it at every (re)load.
 */
import type {ChangelogEntry, SpecChange} from '../../data/spec-changes';
import {SITE_ROOT} from '../../../tools/cli';
import {diffSpecs, latestRelease, loadRelease, loadWorkingSpec} from '../../../tools/spec-diff';
import {loadOperations} from '../../../tools/spec/spec-model';
import {changelogEntries} from './entries';
import {changelogPosts, type ChangelogPost} from './posts';

export {CHANGELOG_ROUTE} from './posts';

export interface Changelog {
  entries: ChangelogEntry[];
  posts: ChangelogPost[];
}

/** The working spec's changes since the latest release (everything, before the first release). */
export function unreleasedChanges(siteDir = SITE_ROOT): SpecChange[] {
  const latest = latestRelease(siteDir);
  return diffSpecs(latest && loadRelease(latest.version, siteDir), loadWorkingSpec(siteDir), {locations: false});
}

/** Every entry, newest first (Unreleased first when the working spec differs from the latest release). */
export function loadEntries(siteDir = SITE_ROOT): ChangelogEntry[] {
  return changelogEntries(siteDir, unreleasedChanges(siteDir));
}

export function loadChangelog(siteDir = SITE_ROOT): Changelog {
  const entries = loadEntries(siteDir);
  const liveRoutes = new Set(loadOperations(siteDir).map((op) => `/docs${op.slug}`));
  return {entries, posts: changelogPosts(entries, liveRoutes, new Date().toISOString().slice(0, 10))};
}
