/**
 * `npm run lint:api` (scripts/lint-api.ts): Redocly lint of the eight APIs, then the AsyncAPI document of the
 * WebSocket API, then the Arazzo workflows of openapi/workflows/ (Redocly's Arazzo rules and tools/workflows/check.ts).
 * Every report is in `output`; `ok` only when none of them found a problem.
 */
import {lintAsyncApiSpec, lintSpec} from './spec-lint';
import {lintWorkflows} from '../workflows/lint';

interface Report {
  ok: boolean;
  output: string;
}

/** A lint's report, or, when it could not run, a failure saying so (the next lint still runs). */
async function reportOf(what: string, lint: () => Promise<Report>): Promise<Report> {
  try {
    return await lint();
  } catch (e) {
    return {ok: false, output: `✖ ${what} failed to run: ${(e as Error).message}\n`};
  }
}

export async function lintApi(siteDir: string): Promise<Report> {
  const reports = [
    lintSpec(siteDir, {force: true}),
    await reportOf('AsyncAPI validation', () => lintAsyncApiSpec(siteDir, {force: true})),
    await reportOf('The workflow lint', () => lintWorkflows(siteDir)),
  ];
  return {ok: reports.every((r) => r.ok), output: reports.map((r) => r.output).join('')};
}
