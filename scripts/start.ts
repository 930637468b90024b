/**
 * `npm start`: lint, generate and bundle the spec, start the Docusaurus dev server, and keep the spec live:
 * on every change under openapi/ (chokidar) it re-lints and regenerates. A valid change reaches the open
 * browser through the dev server's reload, and its classification against the latest release is printed next to
 * the lint result (tools/spec-diff); an invalid one prints Redocly's (or the pin check's) file:line
 * error here and leaves the last good pages in place (src/plugins/operation-page/generate/generate-api.ts only swaps on success).
 * Options: --port N (default 3000), --host H (default 127.0.0.1).
 */
import {spawn} from 'node:child_process';
import path from 'node:path';
import chokidar from 'chokidar';
import {ARTEFACT_DIR, OPENAPI_DIR} from '../src/data/api-table';
import {RELEASES_DIR} from '../src/data/spec-changes';
import {docusaurusCli, SITE_ROOT} from '../tools/cli';
import {generateApiPages, generationProblems} from '../src/plugins/operation-page/generate/generate-api';
import {releaseBadgesOf} from '../src/plugins/changelog/release-badges';
import {bundleSpecs} from '../tools/spec/spec-bundle';
import {runGate, watcherLines} from '../tools/spec-diff/gate';
import {loadBundledSpec} from '../tools/spec-diff/snapshots';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const port = arg('port', process.env.PORT ?? '3000');
const host = arg('host', '127.0.0.1');

/**
 * How the saved spec compares with the latest release (tools/spec-diff), read from the downloads just bundled:
 * the counts per kind, then each breaking change with its file:line. A failure here never fails the loop.
 */
function classification(): string[] {
  try {
    return watcherLines(runGate({siteDir: SITE_ROOT, working: loadBundledSpec(path.join(SITE_ROOT, ARTEFACT_DIR))}));
  } catch (e) {
    return [`classification failed: ${(e as Error).message.split('\n')[0]}`];
  }
}

/** Generates the pages and the downloads; true when both succeeded (problems are printed as file:line). */
async function regenerate(): Promise<boolean> {
  try {
    const pages = await generateApiPages(SITE_ROOT, {releaseBadges: releaseBadgesOf(SITE_ROOT)});
    await bundleSpecs(SITE_ROOT);
    const [counts, ...breaking] = classification();
    console.log(`[spec] ${pages.length} API pages generated; lint clean · ${counts}`);
    for (const line of breaking) console.log(`[spec] ${line}`);
    return true;
  } catch (e) {
    const problems = generationProblems(e) ?? [String(e)];
    console.error(`[spec] ✖ ${problems.map((p) => `\n  ${p}`).join('')}`);
    return false;
  }
}

async function main(): Promise<void> {
  if (!(await regenerate())) process.exit(1);

  const server = spawn(process.execPath, [docusaurusCli(), 'start', '--host', host, '--port', port, '--no-open'], {stdio: 'inherit'});

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  function onChange(file: string): void {
    if (!file.endsWith('.yaml')) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      console.log(`\n[spec] ${path.relative(process.cwd(), file)} changed: linting and regenerating…`);
      const ok = await regenerate();
      console.log(ok ? '[spec] API pages updated.' : '[spec] Fix the error above; the last good pages stay in place.');
      running = false;
      if (again) {
        again = false;
        onChange(file);
      }
    }, 300);
  }

  // Released snapshots are records, not the spec being edited: cutting a release regenerates nothing.
  const watcher = chokidar.watch(OPENAPI_DIR, {
    ignoreInitial: true,
    awaitWriteFinish: {stabilityThreshold: 200},
    ignored: (file) => {
      const rel = path.relative(SITE_ROOT, path.resolve(file));
      return rel === RELEASES_DIR || rel.startsWith(`${RELEASES_DIR}${path.sep}`);
    },
  });
  watcher.on('add', onChange).on('change', onChange).on('unlink', onChange);

  const stop = () => {
    void watcher.close();
    server.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code) => {
    void watcher.close();
    process.exit(code ?? 0);
  });
}

void main();
