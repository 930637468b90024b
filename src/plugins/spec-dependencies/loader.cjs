/**
 * Runs before the MDX loader on every Markdown file: a page that renders part of itself from the spec
 * (`::spec-table{…}`, `::workflow-step{…}`: src/plugins/spec-tables, tools/workflows) depends on every file of openapi/, so
 * Rspack compiles it again when the spec or a workflow changes, in the dev server and from its persistent cache
 * alike. Without it such a page kept what the spec said when the page itself last changed (`npm start`, and a
 * `npm run build` with a warm cache). The source passes through unchanged.
 */
const fs = require('node:fs');
const path = require('node:path');

const SPEC_DIRECTIVE = /^[ \t>]*::(?:spec-table|workflow-step)\{/m;

module.exports = function specDependenciesLoader(source) {
  if (SPEC_DIRECTIVE.test(source)) {
    const {specDir} = this.getOptions();
    for (const entry of fs.readdirSync(specDir, {recursive: true, withFileTypes: true})) {
      if (entry.isFile()) this.addDependency(path.join(entry.parentPath, entry.name));
    }
    // A file added to or removed from openapi/ too.
    this.addContextDependency(specDir);
  }
  return source;
};
