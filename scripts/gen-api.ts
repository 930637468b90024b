/** `npm run gen:api`: the API reference pages from openapi/ (tools/generate-api.ts); on failure the last good pages stay. */
import {GENERATED_DIR} from '../src/data/api-table';
import {apiSources} from '../tools/api-sources';
import {GenerationError, generateApiPages} from '../tools/generate-api';
import {SpecError} from '../tools/spec-model';

generateApiPages(process.cwd(), {progress: true}).then(
  (pages) => console.log(`Generated ${pages.length} API pages from ${apiSources().length} specs into ${GENERATED_DIR}/.`),
  (e: unknown) => {
    if (!(e instanceof SpecError || e instanceof GenerationError)) throw e;
    const problems = e instanceof SpecError ? e.problems : e.message.split('\n');
    console.error(`\n✖ API generation failed; the previous pages in ${GENERATED_DIR}/ were left untouched.\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
    process.exit(1);
  },
);
