/**
 * `npm run bench:corpus -- <spec file>…`: the reference pipeline on real payment APIs (their public OpenAPI documents;
 * ../shared/corpus/ holds some: read from there, never copied into the repository). Each spec is published as an
 * extra API of a scratch copy of the site (src/plugins/operation-page/generate/api-sources.ts, NOVARAMP_EXTRA_APIS: routes derived from its tags or
 * paths and operationIds, the portal's own style rules off, prose links that lead nowhere here as text), which is
 * then built cold (`npm run build`, bench/measure-build.ts), and it prints per spec:
 * - operations, the build's time and peak memory per step and in all;
 * - Redocly's structural lint of the spec (`extends: [spec]`): errors and warnings, which do not stop the build;
 * - what the model reported on it (unresolved `$ref`s, `allOf` conflicts, links that lead nowhere), by kind;
 * - nothing lost (tools/reference/completeness.ts): properties reachable from its operations that are missing from
 *   their pages (the full reference: hidden panels filled, components shown apart included) or from their Markdown
 *   copies;
 * - its largest page (HTML bytes): raw and gzip HTML, elements after load and the JS of a first visit (Chromium,
 *   tools/measure/measure-page.ts), and Lighthouse mobile with simulated throttling (the median of `--lh-runs`, default 1).
 * Options: `--no-lighthouse`, `--lh-runs N`, `--keep` (keep the scratch copies, printed). Output: Markdown tables,
 * also in .tmp/bench/corpus-report.md with the raw numbers in corpus-results.json. Not part of `npm test`.
 * Specs may be JSON or YAML (read by the kernel, tools/openapi/load.ts). A spec that cannot be read, or from which
 * the kernel or the build gets no operation, is named on stderr and the command exits 1 (after the others ran):
 * a reference that publishes nothing is a failure, not a row of zeros.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {GENERATED_DIR, MANIFEST_FILE, type ApiManifestEntry} from '../src/data/api-table';
import {markdownPath} from '../src/data/agent-docs';
import {
  COMPONENT_FOLDER,
  COMPONENT_URL,
  fullReferenceHtml,
  MODEL_FOLDER,
  operationFileName,
  REFERENCE_HTML_URL,
  type ReferenceFile,
} from '../src/data/static-reference';
import {EXTRA_APIS_ENV, type ExtraApi} from '../src/plugins/operation-page/generate/api-sources';
import {writeBenchResults} from '../tools/measure/bench-results';
import {launchChromium} from '../tools/cli/chromium';
import {bin, run} from '../tools/cli';
import {kib, measurePage, type PageWeight} from '../tools/measure/measure-page';
import {specRunFailure, specSummary} from '../tools/openapi/spec-summary';
import {componentRows, expectedRows, missingRows} from '../tools/reference/completeness';
import type {ComponentModel, OperationModel} from '../tools/reference/model';
import {scratchSite} from '../tools/site/scratch-site';
import {serveBuild} from '../tools/site/serve-build';
import {lighthouseRuns, type LighthouseResult} from './lighthouse';
import {measuredBuild, mib, RESULTS_DIR, secs, table, type BuildSteps} from './measure-build';

const argv = process.argv.slice(2);
const flags = new Set(argv.filter((a) => a.startsWith('--')));
const LH_RUNS = argv.includes('--lh-runs') ? Math.max(1, Number(argv[argv.indexOf('--lh-runs') + 1]) || 1) : 1;
const files = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--lh-runs');
const TARGET_WALL_MS = 10 * 60 * 1000;
const TARGET_PEAK_BYTES = 3 * 1024 ** 3;

interface Result {
  file: string;
  /** One-minute load average of the machine before and after the build (the builds share the CPUs). */
  load?: [number, number];
  id: string;
  operations: number;
  build?: BuildSteps;
  error?: string;
  lint: {errors: number; warnings: number};
  problems: Record<string, number>;
  problemSamples: string[];
  missing: {page: number; copy: number; checked: number; samples: string[]};
  largest?: {route: string; html: number; htmlGzip: number; weight?: PageWeight; lighthouse?: LighthouseResult};
}

/** `stripe-2022-04-12.spec3.json` → `stripe`; `adyen-checkout-v71.json` → `adyen-checkout`. */
function apiId(file: string): string {
  const words = path.basename(file).toLowerCase().split(/[-._]/);
  const kept: string[] = [];
  for (const w of words) {
    if (/\d/.test(w) || ['json', 'yaml', 'yml', 'spec', 'api', 'openapi'].includes(w)) break;
    kept.push(w.replace(/[^a-z0-9]/g, ''));
  }
  return kept.filter(Boolean).join('-') || 'extra';
}

/** The problem kinds the model reports, from their messages. */
function kind(message: string): string {
  if (/points to nothing|Can't resolve|not fetched|not local/.test(message)) return 'unresolved $ref';
  if (/allOf|conflicts/.test(message)) return 'allOf conflict';
  if (/leads nowhere/.test(message)) return 'link that leads nowhere (made text)';
  if (/generation failed|component .* failed/.test(message)) return 'generation failure';
  return 'other';
}

function structuralLint(site: string, specFile: string): {errors: number; warnings: number} {
  const config = path.join(site, 'corpus-redocly.yaml');
  fs.writeFileSync(config, 'extends:\n  - spec\n');
  const res = run(bin('redocly', site), ['lint', specFile, `--config=${config}`, '--format=summary', '--max-problems=100000'], site);
  const count = (what: string) => Number(new RegExp(`(\\d+) ${what}`).exec(res.output)?.[1] ?? 0);
  return {errors: count('errors?'), warnings: count('warnings?')};
}

async function benchSpec(file: string): Promise<Result> {
  const id = apiId(file);
  const result: Result = {
    file,
    id,
    operations: 0,
    lint: {errors: 0, warnings: 0},
    problems: {},
    problemSamples: [],
    missing: {page: 0, copy: 0, checked: 0, samples: []},
  };
  let spec: {title?: string; operations: number};
  try {
    spec = await specSummary(file);
  } catch (error) {
    result.error = `cannot be read: ${(error as Error).message.split('\n').slice(0, 5).join(' / ')}`;
    return result;
  }
  if (!spec.operations) {
    result.error = 'yields 0 operations (none under `paths` or `webhooks`): nothing to build';
    return result;
  }
  const site = scratchSite(`corpus-${id}`);
  console.error(`${id}: scratch copy ${site}`);
  try {
    const specFile = path.join('openapi', 'extra', `${id}${path.extname(file)}`);
    fs.mkdirSync(path.join(site, path.dirname(specFile)), {recursive: true});
    fs.copyFileSync(file, path.join(site, specFile));
    const extra: ExtraApi[] = [{id, file: specFile, label: spec.title ?? id}];
    fs.writeFileSync(path.join(site, 'extra-apis.json'), JSON.stringify(extra));
    result.lint = structuralLint(site, specFile);
    console.error(`${id}: building (structural lint: ${result.lint.errors} errors, ${result.lint.warnings} warnings)`);
    const loadBefore = os.loadavg()[0];
    try {
      result.build = await measuredBuild(site, `corpus-${id}`, {[EXTRA_APIS_ENV]: 'extra-apis.json'});
      result.load = [loadBefore, os.loadavg()[0]];
    } catch (error) {
      result.error = `the build failed: ${(error as Error).message.split('\n').slice(0, 12).join(' / ')}`;
      return result;
    }
    const generated = path.join(site, GENERATED_DIR);
    const build = path.join(site, 'build');
    const manifest = (JSON.parse(fs.readFileSync(path.join(site, MANIFEST_FILE), 'utf8')) as ApiManifestEntry[]).filter((e) =>
      e.route.startsWith(`/docs/api/${id}/`),
    );
    result.operations = manifest.length;
    if (!manifest.length) result.error = `the build published 0 operations (the kernel found ${spec.operations})`;
    const problems = JSON.parse(fs.readFileSync(path.join(generated, 'problems.json'), 'utf8')) as {
      load: string[];
      model: {api: string; at: string; operationId?: string; message: string}[];
    };
    const messages = [
      ...problems.load.map((m) => `load: ${m}`),
      ...problems.model.filter((p) => p.api === id).map((p) => `${p.at}: ${p.operationId ?? ''} ${p.message}`),
    ];
    for (const m of messages) result.problems[kind(m)] = (result.problems[kind(m)] ?? 0) + 1;
    result.problemSamples = messages.slice(0, 5);

    // Nothing lost: each page against its operation's model, each component shown apart once against its own model,
    // in the built HTML (hidden panels filled) and the Markdown copies.
    const readJson = <T>(f: string): T => JSON.parse(fs.readFileSync(f, 'utf8')) as T;
    const lose = (lost: string[], where: string) => {
      for (const m of lost) {
        if (m.startsWith('html:')) result.missing.page++;
        else result.missing.copy++;
        if (result.missing.samples.length < 5) result.missing.samples.push(`${where}: ${m}`);
      }
    };
    let largest = {route: '', bytes: 0};
    for (const entry of manifest) {
      const model = readJson<OperationModel>(path.join(generated, MODEL_FOLDER, operationFileName(entry.api, entry.operationId)));
      if (!entry.referenceFile) throw new Error(`${MANIFEST_FILE}: ${entry.operationId} has no reference file`);
      const page = fullReferenceHtml(readJson<ReferenceFile>(path.join(build, REFERENCE_HTML_URL, entry.referenceFile)));
      const expected = expectedRows(model);
      result.missing.checked += expected.length;
      lose(
        missingRows(expected, {
          html: new Map([['operation', page]]),
          markdown: new Map([['operation', fs.readFileSync(path.join(build, markdownPath(entry.route)), 'utf8')]]),
        }),
        entry.operationId,
      );
      const bytes = fs.statSync(path.join(build, `${entry.route}.html`)).size;
      if (bytes > largest.bytes) largest = {route: entry.route, bytes};
    }
    const componentModels = path.join(generated, MODEL_FOLDER, COMPONENT_FOLDER);
    for (const file of fs.existsSync(componentModels)
      ? fs.readdirSync(componentModels, {recursive: true, encoding: 'utf8'}).filter((f) => f.endsWith('.json'))
      : []) {
      const component = readJson<ComponentModel>(path.join(componentModels, file));
      const key = `${component.ref}|${component.direction}`;
      const expected = componentRows(component);
      result.missing.checked += expected.length;
      const built = path.join(build, COMPONENT_URL, file);
      lose(
        missingRows(expected, {
          html: new Map([[key, fullReferenceHtml(readJson<ReferenceFile>(built))]]),
          markdown: new Map([[key, fs.readFileSync(built.replace(/\.json$/, '.md'), 'utf8')]]),
        }),
        component.name,
      );
    }
    if (largest.route) {
      const raw = fs.readFileSync(path.join(build, `${largest.route}.html`));
      result.largest = {route: largest.route, html: raw.length, htmlGzip: zlib.gzipSync(raw, {level: 9}).length};
      const server = await serveBuild(build);
      const browser = await launchChromium('bench:corpus');
      try {
        result.largest.weight = await measurePage(browser, server.origin, largest.route);
        if (!flags.has('--no-lighthouse')) result.largest.lighthouse = await lighthouseRuns(`corpus-${id}`, server.origin, largest.route, 'simulate', LH_RUNS);
      } finally {
        await browser.close();
        await server.stop();
      }
    }
    return result;
  } finally {
    if (flags.has('--keep')) console.error(`${id}: kept ${site}`);
    else fs.rmSync(site, {recursive: true, force: true});
  }
}

function report(results: Result[]): string {
  const out: string[] = [];
  out.push(`## bench:corpus (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores)`);
  out.push('');
  out.push(
    table(
      [
        'spec',
        'operations',
        'build s',
        'peak MiB',
        '≤ 10 min, 3 GiB',
        'steps s (gen:api / bundle:spec / bundling / SSG)',
        'lint errors / warnings',
        'model problems',
        'load avg',
        'missing page / copy (of checked)',
      ],
      results.map((r) => [
        r.id,
        String(r.operations),
        r.build ? secs(r.build.wallMs) : 'failed',
        r.build ? mib(r.build.peakRssBytes) : '–',
        r.build ? (r.build.wallMs <= TARGET_WALL_MS && r.build.peakRssBytes <= TARGET_PEAK_BYTES ? 'yes' : 'no') : 'no',
        r.build ? r.build.steps.map((s) => `${secs(s.wallMs)}`).join(' / ') : '–',
        `${r.lint.errors} / ${r.lint.warnings}`,
        Object.entries(r.problems)
          .map(([k, n]) => `${n} ${k}`)
          .join('; ') || '0',
        r.load ? `${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)}` : '–',
        `${r.missing.page} / ${r.missing.copy} (${r.missing.checked})`,
      ]),
    ),
  );
  out.push('');
  out.push(
    table(
      [
        'spec',
        'largest page',
        'HTML KB (gzip)',
        'elements after load',
        'first-visit JS KiB gzip',
        'Lighthouse perf (simulated)',
        'a11y / BP / SEO',
        'FCP / LCP / TBT / CLS',
      ],
      results
        .filter((r) => r.largest)
        .map((r) => {
          const l = r.largest!;
          const lh = l.lighthouse;
          return [
            r.id,
            l.route,
            `${(l.html / 1000).toFixed(0)} (${(l.htmlGzip / 1000).toFixed(0)})`,
            String(l.weight?.domElements ?? '–'),
            l.weight ? kib(l.weight.js.gzip) : '–',
            lh ? `${lh.scores.performance ?? '–'}${lh.performanceRuns && lh.performanceRuns.length > 1 ? ` (${lh.performanceRuns.join(', ')})` : ''}` : '–',
            lh ? `${lh.scores.accessibility ?? '–'} / ${lh.scores['best-practices'] ?? '–'} / ${lh.scores.seo ?? '–'}` : '–',
            lh ? Object.values(lh.metrics).join(' / ') : '–',
          ];
        }),
    ),
  );
  for (const r of results) {
    if (r.error) out.push(`\n${r.id} (${r.file}): ${r.error}`);
    if (r.problemSamples.length) out.push(`\n${r.id}: problems reported, the first ones:\n${r.problemSamples.map((p) => `- ${p}`).join('\n')}`);
    if (r.missing.samples.length) out.push(`\n${r.id}: lost, the first ones:\n${r.missing.samples.map((p) => `- ${p}`).join('\n')}`);
    if (r.largest?.lighthouse?.error) out.push(`\n${r.id}: Lighthouse: ${r.largest.lighthouse.error}`);
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  if (!files.length) {
    console.error('Usage: npm run bench:corpus -- <spec file>… [--no-lighthouse] [--lh-runs N] [--keep]   (JSON or YAML, e.g. ../shared/corpus/*.json)');
    process.exit(2);
  }
  fs.mkdirSync(RESULTS_DIR, {recursive: true});
  const results: Result[] = [];
  for (const file of files) results.push(await benchSpec(path.resolve(file)));
  const text = report(results);
  console.log(text);
  fs.writeFileSync(path.join(RESULTS_DIR, 'corpus-report.md'), `${text}\n`);
  fs.writeFileSync(path.join(RESULTS_DIR, 'corpus-results.json'), JSON.stringify(results, null, 2));
  // A run that built nothing measured nothing (and the tests run it so on purpose): only builds are kept.
  if (results.some((r) => r.build)) {
    const kept = writeBenchResults({kind: 'corpus', command: ['npm run bench:corpus --', ...argv].join(' '), summary: text, results});
    console.error(`Results kept in ${path.relative(process.cwd(), kept.json)} and ${path.basename(kept.markdown)}: commit them`);
  }
  const failures = results.map(specRunFailure).filter((f) => f !== undefined);
  for (const f of failures) console.error(`bench:corpus: ${f}`);
  if (failures.length) process.exitCode = 1;
}

// Run as a command (`tsx bench/corpus.ts`), not when a test imports its pieces.
if (process.argv[1] && path.resolve(process.argv[1]) === __filename) void main();
