/**
 * `npm run bundle:tests`: the spec bundled once for the fast tier (tools/spec/spec-bundle-cache.ts), run by `npm run
 * test:spec` beside the type check and the linters, so that on a fresh clone no test file waits for it; when it is
 * there already, it only checks that.
 */
import path from 'node:path';
import {cachedBundle} from '../tools/spec/spec-bundle-cache';

cachedBundle(process.cwd()).then(
  (dir) => console.log(`The tests' spec bundle: ${path.relative(process.cwd(), dir)}/`),
  (e: Error) => {
    console.error(`✖ Bundling the spec for the tests failed.\n${e.message}`);
    process.exit(1);
  },
);
