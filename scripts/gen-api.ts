/** `npm run gen:api`: the API reference pages from openapi/ (tools/generate-api.ts); on failure the last good pages stay. */
import {API_SPECS, GENERATED_DIR} from '../src/data/api-table';
import {GenerationError, generateApiPages} from '../tools/generate-api';
import {SpecError} from '../tools/spec-model';

try {
  const pages = generateApiPages(process.cwd());
  console.log(`Generated ${pages.length} API pages from ${API_SPECS.length} specs into ${GENERATED_DIR}/.`);
} catch (e) {
  if (!(e instanceof SpecError || e instanceof GenerationError)) throw e;
  const problems = e instanceof SpecError ? e.problems : e.message.split('\n');
  console.error(`\n✖ API generation failed; the previous pages in ${GENERATED_DIR}/ were left untouched.\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
  process.exit(1);
}
