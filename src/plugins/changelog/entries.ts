/**
 * The changelog as data: one entry per release, newest first, each with the changes its snapshot recorded against
 * the previous one, and "Unreleased" first when the working spec differs from the latest release.
 */
import type {ChangelogEntry, SpecChange} from '../../data/spec-changes';
import {listReleases} from '../../../tools/spec-diff';
import {readReleaseChanges} from './releases';

/** The version name of the entry for the working spec. */
export const UNRELEASED = 'Unreleased';

/** The entries of the releases of `siteDir`, and Unreleased first when `unreleased` (the working spec's changes) has any. */
export function changelogEntries(siteDir: string, unreleased: SpecChange[] = []): ChangelogEntry[] {
  const releases = listReleases(siteDir).map(({version, date}) => ({version, date, changes: readReleaseChanges(siteDir, version)}));
  return unreleased.length ? [{version: UNRELEASED, changes: unreleased}, ...releases] : releases;
}
