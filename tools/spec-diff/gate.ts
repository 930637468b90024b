/**
 * The gate: the working spec against the latest release, judged by the policy, and how it is printed by
 * `npm run diff`, the fast-tier test and `npm start`'s watcher.
 */
import type {ChangeKind, ReleaseInfo} from '../../src/data/spec-changes';
import {SITE_ROOT} from '../cli';
import {classifySpecs} from './index';
import {applyPolicy, today, type GateResult, type Judgement} from './policy';
import {latestRelease, loadRelease, loadWorkingSpec, type SpecSnapshot} from './snapshots';

export interface GateReport extends GateResult {
  /** The release compared with (undefined before the first release: then nothing is judged). */
  release?: ReleaseInfo;
}

export interface GateOptions {
  siteDir?: string;
  /** The day sunsets are compared with (YYYY-MM-DD); today by default. */
  date?: string;
  /** The working spec, when the caller has it bundled already. */
  working?: SpecSnapshot;
}

/** Compares the working spec with the latest release and judges every breaking change. */
export function runGate({siteDir = SITE_ROOT, date = today(), working}: GateOptions = {}): GateReport {
  const release = latestRelease(siteDir);
  const head = working ?? loadWorkingSpec(siteDir);
  if (!release) return {changes: [], breaking: [], violations: []};
  const base = loadRelease(release.version, siteDir);
  const changes = classifySpecs(base, head, {locations: true});
  return {...applyPolicy(changes, base, head, {date}), release};
}

const KINDS: ChangeKind[] = ['breaking', 'deprecation', 'non-breaking', 'documentation'];
const TITLES: Record<ChangeKind, string> = {
  breaking: 'Breaking',
  deprecation: 'Deprecations',
  'non-breaking': 'Non-breaking',
  documentation: 'Documentation',
};

const where = (c: {location?: {file: string; line: number}; pointer: string; api: string}): string =>
  c.location ? `${c.location.file}:${c.location.line}` : `${c.api}#${c.pointer}`;

/** `2 breaking, 1 non-breaking, …`, every kind counted. */
export function countLine(report: GateResult): string {
  const count = (kind: ChangeKind) => report.changes.filter((c) => c.change.kind === kind).length;
  return KINDS.map((k) => `${count(k)} ${k === 'deprecation' ? 'deprecation' : k}`).join(', ');
}

/** One line per breaking change the policy does not allow: `file:line: message — reason`. */
export const violationLines = (report: GateResult): string[] => report.violations.map((j) => `${where(j.change)}: ${j.change.message} — ${j.reason}`);

/** The full report of `npm run diff`: every change grouped by kind with its file:line, then the verdict. */
export function formatReport(report: GateReport): string {
  if (!report.release) return 'No release yet (openapi/releases/ is empty): nothing to compare with. Cut one with `npm run release -- 1.0.0`.\n';
  const lines = [`Working spec vs release ${report.release.version} (${report.release.date}): ${countLine(report)}`];
  const judged = new Map<unknown, Judgement>(report.breaking.map((j) => [j.change, j]));
  for (const kind of KINDS) {
    const changes = report.changes.filter((c) => c.change.kind === kind);
    if (changes.length === 0) continue;
    lines.push('', `${TITLES[kind]} (${changes.length})`);
    for (const {change} of changes) {
      const j = judged.get(change);
      const mark = kind !== 'breaking' ? ' ' : j?.allowed ? '✓' : '✗';
      lines.push(`  ${mark} ${where(change)}  ${change.message}`);
      if (j) lines.push(`      ${j.allowed ? 'allowed' : 'not allowed'}: ${j.reason}`);
    }
  }
  lines.push(
    '',
    report.violations.length === 0
      ? `✓ No breaking change the policy does not allow (docs/api/versioning.md).`
      : `✗ ${report.violations.length} breaking change${report.violations.length === 1 ? '' : 's'} the policy does not allow (docs/api/versioning.md):\n${violationLines(
          report,
        )
          .map((l) => `  ${l}`)
          .join('\n')}`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * The watcher's line after a save: `vs 1.0.0: 0 breaking, 2 non-breaking, …`, then each breaking change
 * with its file:line (and whether the policy allows it).
 */
export function watcherLines(report: GateReport): string[] {
  if (!report.release) return ['no release to compare with'];
  const head = `vs ${report.release.version}: ${countLine(report)}`;
  return [head, ...report.breaking.map((j) => `  ${j.allowed ? '✓' : '✗'} ${where(j.change)}  ${j.change.message}${j.allowed ? '' : ` — ${j.reason}`}`)];
}
