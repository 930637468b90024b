/**
 * `npm run lint:api`: Redocly lint of the eight APIs, then the AsyncAPI document of the WebSocket API, then the
 * Arazzo workflows of openapi/workflows/ (Redocly's Arazzo rules and tools/workflows/check.ts); prints every report
 * and exits non-zero on any problem of any of them.
 */
import {lintAsyncApiSpec, lintSpec} from '../tools/spec-lint';
import {SITE_ROOT} from '../tools/cli';
import {lintWorkflows} from '../tools/workflows/lint';

async function main(): Promise<boolean> {
  const redocly = lintSpec(SITE_ROOT, {force: true});
  process.stdout.write(redocly.output);
  let asyncapiOk = false;
  try {
    const asyncapi = await lintAsyncApiSpec(SITE_ROOT, {force: true});
    process.stdout.write(asyncapi.output);
    asyncapiOk = asyncapi.ok;
  } catch (e) {
    console.error(`✖ AsyncAPI validation failed to run: ${(e as Error).message}`);
  }
  let workflowsOk = false;
  try {
    const workflows = await lintWorkflows(SITE_ROOT);
    process.stdout.write(workflows.output);
    workflowsOk = workflows.ok;
  } catch (e) {
    console.error(`✖ The workflow lint failed to run: ${(e as Error).message}`);
  }
  return redocly.ok && asyncapiOk && workflowsOk;
}

main().then((ok) => process.exit(ok ? 0 : 1));
