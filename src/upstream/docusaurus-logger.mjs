// What @signalwire/docusaurus-plugin-llms-txt's `import baseLogger from '@docusaurus/logger'` gets on Docusaurus 4
// (./llms-txt-logger.ts): the logger itself, whether the package hands it as `exports.default` or as itself.
import logger from '@docusaurus/logger';

export default logger.default ?? logger;
