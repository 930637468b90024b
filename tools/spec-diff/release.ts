/**
 * Cutting a release (`npm run release -- X.Y.Z`): the working spec must lint, the version must be greater than
 * the latest, and breaking changes that no passed sunset allows need a greater major version. The snapshot,
 * release.json and changes.json are written to a temporary folder (.tmp/) and renamed into place,
 * so a failed or interrupted release leaves nothing behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import {RELEASES_DIR, type ReleaseInfo, type SpecChange} from '../../src/data/spec-changes';
import {SITE_ROOT} from '../cli';
import {replaceIfChanged} from '../cli/files';
import {lintAsyncApiSpec, lintProblems, lintSpec} from '../spec/spec-lint';
import {classifySpecs} from './index';
import {applyPolicy, SUNSET_FORMAT, today, type Judgement} from './policy';
import type {PolicyRuleId} from './rules';
import {
  bundleWorkingSpec,
  compareVersions,
  latestRelease,
  listReleases,
  loadBundledSpec,
  loadRelease,
  parseVersion,
  RELEASE_CHANGES,
  RELEASE_INFO,
  type SpecSnapshot,
} from './snapshots';

export class ReleaseError extends Error {
  constructor(
    message: string,
    /** The policy rule that refused (docs/api/versioning.md). */
    readonly rule: PolicyRuleId | 'usage',
    readonly problems: string[] = [],
  ) {
    super(problems.length ? `${message}\n${problems.map((p) => `  ${p}`).join('\n')}` : message);
    this.name = 'ReleaseError';
  }
}

/** release.json as the first release was written: one line. */
export const releaseInfoText = (info: ReleaseInfo): string => `{"version": "${info.version}", "date": "${info.date}"}\n`;
export const changesText = (changes: SpecChange[]): string => `${JSON.stringify(changes, null, 2)}\n`;

export interface ReleaseOptions {
  siteDir?: string;
  /** The release day (YYYY-MM-DD); today by default. Also the day sunsets are compared with. */
  date?: string;
}

export interface ReleaseResult {
  info: ReleaseInfo;
  dir: string;
  changes: SpecChange[];
  /** The breaking changes and why each may ship. */
  breaking: Judgement[];
}

/** The changes a release records: from the previous release's snapshot (none for the first) to its own. */
export function recordedChanges(previous: SpecSnapshot | undefined, snapshot: SpecSnapshot): SpecChange[] {
  return classifySpecs(previous, snapshot, {locations: false}).map((c) => c.change);
}

/** Cuts release `version` from the working spec; throws ReleaseError saying why it refuses. */
export async function cutRelease(version: string, {siteDir = SITE_ROOT, date = today()}: ReleaseOptions = {}): Promise<ReleaseResult> {
  const wanted = parseVersion(version);
  if (!wanted) throw new ReleaseError(`${version || '(none)'} is not a version: give X.Y.Z, e.g. \`npm run release -- 1.1.0\``, 'usage');
  if (!SUNSET_FORMAT.test(date)) throw new ReleaseError(`release date ${date}: expected YYYY-MM-DD`, 'usage');
  const latest = latestRelease(siteDir);
  if (latest && compareVersions(version, latest.version) <= 0) {
    throw new ReleaseError(
      `${version} is not greater than the latest release ${latest.version} (releases: ${listReleases(siteDir)
        .map((r) => r.version)
        .join(', ')})`,
      'release-version-increases',
    );
  }
  const target = path.join(siteDir, RELEASES_DIR, version);
  if (fs.existsSync(target)) throw new ReleaseError(`${path.join(RELEASES_DIR, version)} already exists`, 'release-version-increases');

  // Outside openapi/ (the lint stamp hashes that folder), on the same file system for the final rename.
  const tmp = path.join(siteDir, '.tmp', `release-${version}-${process.pid}`);
  fs.rmSync(tmp, {recursive: true, force: true});
  try {
    bundleWorkingSpec(tmp, siteDir);
    const snapshot = loadBundledSpec(tmp, siteDir);
    const previous = latest ? loadRelease(latest.version, siteDir) : undefined;
    const classified = classifySpecs(previous, snapshot, {locations: false});
    const {breaking} = applyPolicy(classified, previous, snapshot, {date});
    // Only a passed sunset lets a breaking change ship without a new major release version.
    const needMajor = breaking.filter((j) => !(j.policy === 'removal-after-sunset' && j.allowed));
    if (latest && needMajor.length > 0 && wanted[0] <= parseVersion(latest.version)![0]) {
      throw new ReleaseError(
        `${version} has breaking changes that need a new major version (greater than ${latest.version.split('.')[0]}.x.x):`,
        'breaking-needs-major',
        needMajor.map((j) => `${j.change.api}#${j.change.pointer}: ${j.change.message}`),
      );
    }
    // Linted last, the AsyncAPI document first: Redocly is the slow check (it validates every example).
    const asyncapi = await lintAsyncApiSpec(siteDir);
    const lint = asyncapi.ok ? lintSpec(siteDir) : {ok: true, output: '', cached: false};
    if (!lint.ok || !asyncapi.ok) {
      throw new ReleaseError('the spec does not lint (npm run lint:api); fix it before releasing:', 'release-needs-lint', [
        ...(lint.ok ? [] : lintProblems(lint.output)),
        ...(asyncapi.ok ? [] : lintProblems(asyncapi.output)),
      ]);
    }
    const info: ReleaseInfo = {version, date};
    const changes = classified.map((c) => c.change);
    fs.writeFileSync(path.join(tmp, RELEASE_INFO), releaseInfoText(info));
    fs.writeFileSync(path.join(tmp, RELEASE_CHANGES), changesText(changes));
    fs.renameSync(tmp, target);
    return {info, dir: path.join(RELEASES_DIR, version), changes, breaking};
  } finally {
    fs.rmSync(tmp, {recursive: true, force: true});
  }
}

/**
 * Writes each release's changes.json again from its snapshots (after the classification rules changed), in the
 * same atomic way; returns the versions whose record changed.
 */
export function rerecordReleases(siteDir = SITE_ROOT): string[] {
  const releases = listReleases(siteDir).reverse();
  const changed: string[] = [];
  releases.forEach((r, i) => {
    const previous = i > 0 ? loadRelease(releases[i - 1].version, siteDir) : undefined;
    const text = changesText(recordedChanges(previous, loadRelease(r.version, siteDir)));
    if (replaceIfChanged(path.join(siteDir, RELEASES_DIR, r.version, RELEASE_CHANGES), text)) changed.push(r.version);
  });
  return changed;
}
