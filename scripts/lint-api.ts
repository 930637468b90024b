/**
 * `npm run lint:api`: Redocly lint of the eight APIs, then the AsyncAPI document of the WebSocket API; prints both
 * reports and exits non-zero on any problem of either.
 */
import {lintAsyncApiSpec, lintSpec} from '../tools/spec-lint';
import {SITE_ROOT} from '../tools/cli';

const redocly = lintSpec(SITE_ROOT, {force: true});
process.stdout.write(redocly.output);
lintAsyncApiSpec(SITE_ROOT, {force: true}).then(
  (asyncapi) => {
    process.stdout.write(asyncapi.output);
    process.exit(redocly.ok && asyncapi.ok ? 0 : 1);
  },
  (e: Error) => {
    console.error(`✖ AsyncAPI validation failed to run: ${e.message}`);
    process.exit(1);
  },
);
