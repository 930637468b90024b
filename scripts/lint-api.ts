/**
 * `npm run lint:api`: every lint of the API descriptions (tools/spec/lint-api.ts), then, once the workflows check
 * clean, the guides' workflow steps (tools/content/guide-steps.ts: a check of the pages, above the kernel the lint
 * is); prints their reports, exits non-zero on any problem.
 */
import {SITE_ROOT} from '../tools/cli';
import {lintGuideSteps} from '../tools/content/guide-steps';
import {lintApi} from '../tools/spec/lint-api';

async function lintApiAndGuides(): Promise<{ok: boolean; output: string}> {
  const api = await lintApi(SITE_ROOT);
  if (!api.workflowStepsReady) return api;
  const guides = await lintGuideSteps(SITE_ROOT).catch((e: unknown) => ({
    ok: false,
    output: `✖ The guides' workflow-step check failed to run: ${(e as Error).message}\n`,
  }));
  return {ok: api.ok && guides.ok, output: api.output + guides.output};
}

lintApiAndGuides().then(({ok, output}) => {
  process.stdout.write(output);
  process.exit(ok ? 0 : 1);
});
