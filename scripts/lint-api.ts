/** `npm run lint:api`: Redocly lint of the eight APIs; prints Redocly's report and exits non-zero on any problem. */
import {lintSpec} from '../tools/spec-lint';
import {SITE_ROOT} from '../tools/cli';

const {ok, output} = lintSpec(SITE_ROOT, {force: true});
process.stdout.write(output);
process.exit(ok ? 0 : 1);
