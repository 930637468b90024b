/** `npm run lint:api`: every lint of the API descriptions (tools/spec/lint-api.ts); prints their reports, exits non-zero on any problem. */
import {SITE_ROOT} from '../tools/cli';
import {lintApi} from '../tools/spec/lint-api';

lintApi(SITE_ROOT).then(({ok, output}) => {
  process.stdout.write(output);
  process.exit(ok ? 0 : 1);
});
