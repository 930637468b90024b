/** `npm run gen:api`: the API reference pages from openapi/ (tools/generate-api.ts); on failure the last good pages stay. */
import {GENERATED_DIR} from '../src/data/api-table';
import {apiSources} from '../tools/api-sources';
import {GenerationError, generateApiPages} from '../tools/generate-api';
import {SpecError} from '../tools/spec-model';

// Progress on stderr every 2 s of a long run (`GEN_API_PROGRESS_MS` sets the interval: 0 prints every operation).
generateApiPages(process.cwd(), {progress: {everyMs: Number(process.env.GEN_API_PROGRESS_MS ?? 2000)}}).then(
  (pages) => console.log(`Generated ${pages.length} API pages from ${apiSources().length} specs into ${GENERATED_DIR}/.`),
  (e: unknown) => {
    if (!(e instanceof SpecError || e instanceof GenerationError)) throw e;
    const problems = e instanceof SpecError ? e.problems : e.message.split('\n');
    console.error(`\n✖ API generation failed; the previous pages in ${GENERATED_DIR}/ were left untouched.\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
    process.exit(1);
  },
);
