/**
 * The Agent-Friendly Docs score of a build, for `npm run bench` (not a test: it takes minutes). Serves the build
 * as production hosts do (tools/site/serve-build.ts: Markdown for `Accept: text/markdown`, cache headers, gzip) and
 * runs the afdocs CLI against it with the production origin as canonical and deterministic page sampling (every
 * Nth URL of the sitemap, so two runs compare). Returns the scorecard as Markdown: overall score and grade, each
 * category, the checks that failed or warned, the diagnostics; the full JSON report goes to .tmp/bench/afdocs.json.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {SITE_URL} from '../src/data/brand';
import {SITE_ROOT} from '../tools/cli';
import {serveBuild} from '../tools/site/serve-build';
import {RESULTS_DIR, table} from './measure-build';

const AFDOCS_DIR = path.join(SITE_ROOT, 'node_modules', 'afdocs');

interface AfdocsReport {
  summary: Record<'total' | 'pass' | 'warn' | 'fail' | 'skip' | 'error', number>;
  results: {id: string; category: string; status: 'pass' | 'warn' | 'fail' | 'skip' | 'error'; message: string}[];
  scoring: {
    overall: number;
    grade: string;
    categoryScores: Record<string, {score: number | null; grade: string}>;
    diagnostics: {id: string; severity: string; message: string}[];
  };
}

function runAfdocs(args: string[]): Promise<string> {
  const [major] = process.versions.node.split('.').map(Number);
  if (major < 22) throw new Error(`afdocs needs Node 22 or later, this is ${process.version}: run it through npm run bench (Node 26 from node_modules/.bin)`);
  const pkg = JSON.parse(fs.readFileSync(path.join(AFDOCS_DIR, 'package.json'), 'utf8')) as {bin: {afdocs: string}};
  // Asynchronous: the server answering afdocs runs in this process.
  const child = spawn(process.execPath, [path.join(AFDOCS_DIR, pkg.bin.afdocs), ...args], {cwd: SITE_ROOT, stdio: ['ignore', 'pipe', 'pipe']});
  const stdout: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => stdout.push(d));
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const out = Buffer.concat(stdout).toString('utf8');
      // afdocs exits non-zero when a check fails; the report is still complete.
      if (out.trimStart().startsWith('{')) resolve(out);
      else reject(new Error(`afdocs exited with ${code}: ${stderr.trim().split('\n').slice(-5).join(' / ')}`));
    });
  });
}

export async function afdocsScorecard(buildDir: string): Promise<string> {
  const version = (JSON.parse(fs.readFileSync(path.join(AFDOCS_DIR, 'package.json'), 'utf8')) as {version: string}).version;
  const served = await serveBuild(path.relative(SITE_ROOT, buildDir));
  let json: string;
  try {
    console.error(`  afdocs check ${served.origin} (a few minutes)`);
    json = await runAfdocs(['check', served.origin, '--canonical-origin', SITE_URL, '--sampling', 'deterministic', '-f', 'json', '--score', '-q']);
  } finally {
    await served.stop();
  }
  fs.writeFileSync(path.join(RESULTS_DIR, 'afdocs.json'), json);
  const report = JSON.parse(json) as AfdocsReport;
  const {summary, scoring} = report;
  const lines = [
    `## Agent-Friendly Docs (afdocs ${version}: \`afdocs check <served build> --canonical-origin ${SITE_URL} --sampling deterministic\`)`,
    '',
    `Overall **${scoring.overall} / 100 (${scoring.grade})**: ${summary.pass} passed, ${summary.warn} warned, ${summary.fail} failed, ${summary.skip} skipped of ${summary.total} checks.`,
    '',
    table(
      ['category', 'score', 'grade'],
      Object.entries(scoring.categoryScores).map(([category, {score, grade}]) => [category, String(score ?? '–'), grade]),
    ),
    '',
  ];
  for (const r of report.results.filter((c) => c.status === 'fail' || c.status === 'warn' || c.status === 'error')) {
    lines.push(`- ${r.status} \`${r.id}\` (${r.category}): ${r.message}`);
  }
  for (const d of scoring.diagnostics) lines.push(`- diagnostic (${d.severity}) \`${d.id}\`: ${d.message.split('. ')[0]}.`);
  return lines.join('\n');
}
