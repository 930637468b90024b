/**
 * The JS every page loads carries no build-only configuration (issue #47; src/upstream/client-site-config,
 * src/upstream/operation-entries): main.js holds the site config without the plugins' options, the remark plugin
 * options or a path of the build machine, the site metadata without plugin versions, and a route registry that
 * names no module. Fails when one comes back, e.g. a field the client copy no longer leaves out.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';

const JS_DIR = path.join(SITE_ROOT, 'build', 'assets', 'js');
const main = (): string => {
  const file = fs.readdirSync(JS_DIR).find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
  assert.ok(file, `no main.*.js in ${JS_DIR}: run npm run build`);
  return fs.readFileSync(path.join(JS_DIR, file), 'utf8');
};

test('main.js holds no build-only option and no path of the build machine', () => {
  const js = main();
  const found = [
    'specPath',
    'outputDir',
    'siteDescription',
    'contentSelectors',
    'excludeRoutes',
    'ignoreCssSelectors',
    'beforeDefaultRemarkPlugins',
    'pluginVersions":{"',
    SITE_ROOT,
  ].filter((text) => js.includes(text));
  assert.deepEqual(found, []);
  // The config the browser reads is there.
  assert.match(js, /title:"NovaRamp"/);
  assert.match(js, /experimental_router:"browser"/);
});

test("main.js's route registry has each chunk's loader and module id, and no module name", () => {
  const js = main();
  assert.doesNotMatch(js, /\),"@site\/docs\/[^"]+",\d+\]/);
  assert.match(js, /"[0-9a-f]{8}":\[\(\)=>[^\]]+?,0,\d+\]/);
});
