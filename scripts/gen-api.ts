/** `npm run gen:api`: the API reference pages from openapi/ (src/plugins/operation-page/generate/generate-api.ts); on failure the last good pages stay. */
// First: React's production build for the pages it renders (why: in the module).
import '../src/plugins/operation-page/generate/production-react';
import {GENERATED_DIR} from '../src/data/api-table';
import {apiSources} from '../src/plugins/operation-page/generate/api-sources';
import {failureReport, generateApiPages} from '../src/plugins/operation-page/generate/generate-api';
import {releaseBadgesOf} from '../src/plugins/changelog/release-badges';

// Progress on stderr every 2 s of a long run (`GEN_API_PROGRESS_MS` sets the interval: 0 prints every operation).
generateApiPages(process.cwd(), {
  progress: {everyMs: Number(process.env.GEN_API_PROGRESS_MS ?? 2000)},
  releaseBadges: releaseBadgesOf(process.cwd()),
}).then(
  (pages) => console.log(`Generated ${pages.length} API pages from ${apiSources().length} specs into ${GENERATED_DIR}/.`),
  (e: unknown) => {
    const report = failureReport(e);
    if (report === undefined) throw e;
    console.error(report);
    process.exit(1);
  },
);
