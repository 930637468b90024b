/**
 * @signalwire/docusaurus-plugin-llms-txt (an ES module) imports `@docusaurus/logger` (CommonJS, the logger as
 * `exports.default`) by its default export. Docusaurus 3 loads the plugin through its config loader's CommonJS interop,
 * which hands it `exports.default`; Docusaurus 4 loads it natively, where a CommonJS module's default export is its
 * whole `module.exports`, and the plugin's first log line fails with `baseLogger.error is not a function` (hiding the
 * error it was reporting). On Docusaurus 4 only, this resolve hook gives that one import ./docusaurus-logger.mjs, the
 * logger itself. Imported by src/plugins/agent-markdown/index.ts before the plugin. Contract: 'llms-txt logger import'.
 */
import nodeModule from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

type Resolve = (specifier: string, context: {parentURL?: string}, next: (s: string, c: unknown) => unknown) => unknown;
const {registerHooks} = nodeModule as unknown as {registerHooks?: (hooks: {resolve: Resolve}) => void};

const PLUGIN_DIR = '/node_modules/@signalwire/docusaurus-plugin-llms-txt/';
const docusaurusMajor = Number((nodeModule.createRequire(__filename)('@docusaurus/core/package.json') as {version: string}).version.split('.')[0]);

if (docusaurusMajor >= 4) {
  if (!registerHooks) throw new Error('src/upstream/llms-txt-logger.ts: Docusaurus 4 needs node:module registerHooks (Node 22.15 or later)');
  const logger = pathToFileURL(path.join(__dirname, 'docusaurus-logger.mjs')).href;
  registerHooks({
    resolve: (specifier, context, next) =>
      specifier === '@docusaurus/logger' && context.parentURL?.includes(PLUGIN_DIR) ? {url: logger, shortCircuit: true} : next(specifier, context),
  });
}
