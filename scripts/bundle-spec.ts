/** `npm run bundle:spec`: the downloadable spec artefacts in static/openapi/ (tools/spec/spec-bundle.ts); on failure the last ones stay. */
import {ARTEFACT_DIR} from '../src/data/api-table';
import {bundleSpecs} from '../tools/spec/spec-bundle';

bundleSpecs().then(
  (files) => console.log(`Wrote ${files.length} spec artefacts to ${ARTEFACT_DIR}/: ${files.join(', ')}`),
  (e: Error) => {
    console.error(`✖ Spec bundling failed; ${ARTEFACT_DIR}/ was left as it was.\n${e.message}`);
    process.exit(1);
  },
);
