/**
 * The OpenAPI theme's components run where they were made to run: in the site's bundle (the try-it panel, the
 * endpoint line), never in Node. The reference is rendered by components of our own (tools/reference/html.tsx), so
 * nothing of the project may bring back what this replaced: a module loader on `node:vm` with stand-ins for
 * Docusaurus' aliases, the theme's files required or transpiled by Node code, a patched `React.createElement`.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import ts from 'typescript';
import {SITE_ROOT} from '../../../tools/cli';
import {checkFakeFiles} from '../../helpers/fake-files';

/**
 * Code that runs in Node: every file but the browser's (src/, except a feature's Node part: all of its folder but its
 * client modules, `theme/` and `components/`, so the operation page's writer in `generate/` as well as `index.ts`).
 */
const NODE_CODE = /^(tools|scripts|bench)\/|^src\/plugins\/[^/]+\/(?!client[^/]*$|(?:theme|components)\/)|^(docusaurus\.config|sidebars)\.ts$/;
const THEME = 'docusaurus-theme-openapi-docs';

function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {cwd: SITE_ROOT, encoding: 'utf8'})
    .split('\n')
    .filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f) && !f.endsWith('.d.ts') && !f.startsWith('tests/') && fs.existsSync(path.join(SITE_ROOT, f)));
}

const read = (file: string): string => fs.readFileSync(path.join(SITE_ROOT, file), 'utf8');

/** What of the replaced machinery `files` hold, as `file: what`. */
export function themeOutsideBundler(files = sourceFiles(), text = read): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const source = text(file);
    const imports = ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
    for (const spec of imports) {
      if (spec === 'vm' || spec === 'node:vm') problems.push(`${file}: imports ${spec} (a module loader of its own)`);
      if (NODE_CODE.test(file) && (spec === THEME || spec.startsWith(`${THEME}/lib/theme`))) problems.push(`${file}: runs the theme's ${spec} in Node`);
    }
    // `require.resolve` or a path into the theme's components, to read or transpile them by hand.
    if (NODE_CODE.test(file) && new RegExp(`${THEME}/lib/theme|resolve\\(['"]${THEME}`).test(source.replace(/^\s*(\*|\/\/).*$/gm, ''))) {
      problems.push(`${file}: reads the theme's components from Node`);
    }
    if (/\bcreateElement\s*=(?!=)|\bcreateElement:\s*\(/.test(source)) problems.push(`${file}: replaces React.createElement`);
  }
  return problems;
}

test('no project code runs the OpenAPI theme outside the bundler: no vm loader, no theme file in Node, no patched createElement', () => {
  assert.deepEqual(themeOutsideBundler(), []);
});

test('the check names each way the theme could be run outside the bundler again', () => {
  const fake: Record<string, string> = {
    'src/plugins/operation-page/generate/render.ts': "import vm from 'node:vm';\nconst THEME = require.resolve('docusaurus-theme-openapi-docs/package.json');",
    // relies on: theme-modules-of-the-operation-page
    'tools/reference/theme.ts': "import ParamsDetails from 'docusaurus-theme-openapi-docs/lib/theme/ParamsDetails';",
    'tools/reference/spaced.ts': 'const React2 = {...React, createElement: (type, props) => null};\nReact.createElement = () => null;',
    // relies on: theme-modules-of-the-operation-page
    'src/plugins/operation-page/components/TryItPanel.tsx': "import Request from '@theme/ApiExplorer/Request';",
  };
  assert.deepEqual(checkFakeFiles(themeOutsideBundler, fake), [
    'src/plugins/operation-page/generate/render.ts: imports node:vm (a module loader of its own)',
    "src/plugins/operation-page/generate/render.ts: reads the theme's components from Node",
    // relies on: theme-modules-of-the-operation-page
    "tools/reference/theme.ts: runs the theme's docusaurus-theme-openapi-docs/lib/theme/ParamsDetails in Node",
    "tools/reference/theme.ts: reads the theme's components from Node",
    'tools/reference/spaced.ts: replaces React.createElement',
  ]);
});
