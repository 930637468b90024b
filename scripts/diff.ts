/**
 * `npm run diff`: the working spec against the latest release (openapi/releases/), every change grouped by kind
 * with its source file:line; exits 1 when a breaking change is not allowed by the policy of docs/api/versioning.md,
 * or when the working spec breaks a workflow of openapi/workflows/ (named by file:line, with the change behind it).
 * Options: --date YYYY-MM-DD (the day sunsets are compared with; default today), --json (the report as JSON).
 */
import {SITE_ROOT} from '../tools/cli';
import {diffCommand} from '../tools/spec-diff/diff-command';
import {SUNSET_FORMAT} from '../tools/spec-diff/policy';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const date = arg('date');
if (date !== undefined && !SUNSET_FORMAT.test(date)) {
  console.error(`✖ --date ${date}: expected YYYY-MM-DD`);
  process.exit(2);
}
diffCommand(SITE_ROOT, {...(date ? {date} : {}), json: process.argv.includes('--json')}).then(
  ({code, output}) => {
    process.stdout.write(output);
    process.exit(code);
  },
  (e: Error) => {
    console.error(`✖ ${e.message}`);
    process.exit(2);
  },
);
