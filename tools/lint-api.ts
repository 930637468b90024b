/**
 * `npm run lint:api` (scripts/lint-api.ts): Redocly lint of the eight APIs, then the AsyncAPI document of the
 * WebSocket API, then the Arazzo workflows of openapi/workflows/ (Redocly's Arazzo rules and tools/workflows/check.ts).
 * Every report is in `output`; `ok` only when none of them found a problem.
 */
import {lintAsyncApiSpec, lintSpec} from './spec-lint';
import {lintWorkflows} from './workflows/lint';

export async function lintApi(siteDir: string): Promise<{ok: boolean; output: string}> {
  const redocly = lintSpec(siteDir, {force: true});
  let output = redocly.output;
  let asyncapiOk = false;
  try {
    const asyncapi = await lintAsyncApiSpec(siteDir, {force: true});
    output += asyncapi.output;
    asyncapiOk = asyncapi.ok;
  } catch (e) {
    output += `✖ AsyncAPI validation failed to run: ${(e as Error).message}\n`;
  }
  let workflowsOk = false;
  try {
    const workflows = await lintWorkflows(siteDir);
    output += workflows.output;
    workflowsOk = workflows.ok;
  } catch (e) {
    output += `✖ The workflow lint failed to run: ${(e as Error).message}\n`;
  }
  return {ok: redocly.ok && asyncapiOk && workflowsOk, output};
}
