/**
 * `npm run release -- X.Y.Z`: cuts a release of the spec into openapi/releases/X.Y.Z/ (the bundled documents,
 * release.json with today's date, changes.json from the previous release). Refuses when the spec does not lint,
 * when X.Y.Z is not greater than the latest release, or when breaking changes need a major version it lacks.
 * `npm run release -- --rerecord` writes every release's changes.json again from the snapshots (after a change of
 * the classification rules), for tests/spec/one-process/release.test.ts to accept them.
 */
import {SITE_ROOT} from '../tools/cli';
import {cutRelease, ReleaseError, rerecordReleases} from '../tools/spec-diff/release';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--rerecord')) {
    const changed = rerecordReleases(SITE_ROOT);
    console.log(changed.length ? `Re-recorded changes.json of ${changed.join(', ')}.` : 'Every changes.json already matches its snapshots.');
    return 0;
  }
  const version = args.find((a) => !a.startsWith('-')) ?? '';
  const {info, dir, changes, breaking} = await cutRelease(version, {siteDir: SITE_ROOT});
  const count = (kind: string) => changes.filter((c) => c.kind === kind).length;
  console.log(
    `Released ${info.version} (${info.date}) into ${dir}: ${count('breaking')} breaking, ${count('deprecation')} deprecation, ${count('non-breaking')} non-breaking, ${count('documentation')} documentation.`,
  );
  for (const j of breaking) console.log(`  ${j.change.message} (${j.reason})`);
  console.log('Commit the folder: it is the record the changelog and the gate read.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: Error) => {
    console.error(`✖ release refused: ${e instanceof ReleaseError ? e.message : e.stack}`);
    process.exit(1);
  },
);
