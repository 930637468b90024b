/**
 * `npm run refs`: moves the `file:line` references of openapi/README.md back onto the lines they cite after an edit
 * shifted them, and records a reference written or re-pointed by hand; `npm run refs -- --record` records what every
 * reference cites, after a cited line was reworded on purpose (tools/content/readme-refs.ts).
 */
import {SITE_ROOT} from '../tools/cli';
import {refsCommand} from '../tools/content/readme-refs';

const {status, output} = refsCommand(SITE_ROOT, process.argv.slice(2));
(status === 0 ? process.stdout : process.stderr).write(output);
process.exit(status);
