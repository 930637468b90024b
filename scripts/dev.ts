/**
 * `npm start`: lint, generate and bundle the spec, start the Docusaurus dev server, and keep the spec live:
 * on every change under openapi/ (chokidar) it re-lints and regenerates. A valid change reaches the open
 * browser through the dev server's reload; an invalid one prints Redocly's (or the pin check's) file:line
 * error here and leaves the last good pages in place (scripts/gen-api.ts only swaps on success).
 * Options: --port N (default 3000), --host H (default 127.0.0.1).
 */
import {spawn, spawnSync} from 'node:child_process';
import path from 'node:path';
import chokidar from 'chokidar';
import {OPENAPI_DIR} from './api-table';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const port = arg('port', process.env.PORT ?? '3000');
const host = arg('host', '127.0.0.1');
const tsx = [process.execPath, '--import', 'tsx'];

/** Generates the pages and the downloads; true when both succeeded. */
function regenerate(): boolean {
  for (const script of ['scripts/gen-api.ts', 'scripts/bundle-spec.ts']) {
    const run = spawnSync(tsx[0], [...tsx.slice(1), script], {stdio: 'inherit'});
    if (run.status !== 0) return false;
  }
  return true;
}

if (!regenerate()) process.exit(1);

const docusaurus = path.join('node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
const server = spawn(process.execPath, [docusaurus, 'start', '--host', host, '--port', port, '--no-open'], {stdio: 'inherit'});

let timer: NodeJS.Timeout | undefined;
let running = false;
let again = false;
function onChange(file: string): void {
  if (!file.endsWith('.yaml')) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    console.log(`\n[spec] ${path.relative(process.cwd(), file)} changed: linting and regenerating…`);
    const ok = regenerate();
    console.log(ok ? '[spec] API pages updated.' : '[spec] Fix the error above; the last good pages stay in place.');
    running = false;
    if (again) {
      again = false;
      onChange(file);
    }
  }, 300);
}

const watcher = chokidar.watch(OPENAPI_DIR, {ignoreInitial: true, awaitWriteFinish: {stabilityThreshold: 200}});
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
