/**
 * The changelog as data: one entry per release, newest first, each with the changes its snapshot recorded against
 * the previous one, and "Unreleased" first when the working spec differs from the latest release.
 */
import type {ChangelogEntry, SpecChange} from '../../src/data/spec-changes';
import {listReleases, readReleaseChanges} from './releases';

/** The version name of the entry for the working spec. */
export const UNRELEASED = 'Unreleased';

export interface EntrySources {
  /** Where the release folders are, relative to the site (default: RELEASES_DIR). */
  releasesDir?: string;
  /** The changes of the working spec since the latest release. */
  unreleased?: SpecChange[];
}

export function changelogEntries(siteDir: string, {releasesDir, unreleased = []}: EntrySources = {}): ChangelogEntry[] {
  const releases = listReleases(siteDir, releasesDir).map(({version, date}) => ({
    version,
    date,
    changes: readReleaseChanges(siteDir, version, releasesDir),
  }));
  return unreleased.length ? [{version: UNRELEASED, changes: unreleased}, ...releases] : releases;
}
