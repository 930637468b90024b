/**
 * Code blocks highlighted at build time (tools/reference/highlight.ts: the docs' fenced code through ./remark.ts, the API pages'
 * examples and code samples) are static HTML whose token colours come from CSS instead of inline styles, so one HTML serves both colour
 * modes and nothing re-renders when the mode changes. This plugin writes that CSS from the Prism themes the site
 * configures (`themeConfig.prism.theme` and `darkTheme`, as the classic CodeBlock uses them), inlined in every page's
 * head (a few hundred bytes), and adds the block's layout and its copy button (./styles.css, ./client.ts).
 * Prism itself no longer runs at startup: the classic theme's client module that loads it and its extra grammars
 * on every page is replaced by ./client-no-prism-at-startup.ts, and the CodeBlock brings both when it is used
 * (src/plugins/static-code/theme/CodeBlock).
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
// relies on: prism-at-startup
import {PRISM_AT_STARTUP} from '../../upstream/module-paths';

import type {PrismTheme} from 'prism-react-renderer';

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const declarations = (style: Record<string, unknown>) =>
  Object.entries(style)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${kebab(k)}:${String(v)}`)
    .join(';');

/**
 * One colour mode's rules: the block's colours as the classic CodeBlock's CSS variables, and one rule per token type
 * in the theme's order (prism-react-renderer merges a type's entries the same way, later ones winning).
 */
export function tokenCss(theme: PrismTheme, scope: string): string {
  const plain = {'--prism-color': theme.plain.color, '--prism-background-color': theme.plain.backgroundColor};
  const rules = [
    `${scope} .novaramp-code{${Object.entries(plain)
      .map(([k, v]) => `${k}:${v}`)
      .join(';')}}`,
  ];
  for (const {types, style, languages} of theme.styles) {
    const selectors = types.flatMap((t) => (languages ?? [undefined]).map((lang) => `${scope} .novaramp-code${lang ? `.language-${lang}` : ''} .token.${t}`));
    rules.push(`${selectors.join(',')}{${declarations(style as Record<string, unknown>)}}`);
  }
  return rules.join('');
}

export interface StaticCodeOptions {
  /** Replace the classic theme's Prism start-up module (default on; `npm run bench -- --without prism-at-startup`). */
  noPrismAtStartup?: boolean;
}

export default function staticCodePlugin(context: LoadContext, {noPrismAtStartup = true}: StaticCodeOptions = {}): Plugin {
  const prism = (context.siteConfig.themeConfig as {prism?: {theme?: PrismTheme; darkTheme?: PrismTheme}}).prism ?? {};
  if (!prism.theme) throw new Error('novaramp-static-code: themeConfig.prism.theme is not set');
  // Light rules apply until the page says dark (also without JavaScript, when no data-theme is set).
  const css = tokenCss(prism.theme, "html:not([data-theme='dark'])") + (prism.darkTheme ? tokenCss(prism.darkTheme, "html[data-theme='dark']") : '');
  return {
    name: 'novaramp-static-code',
    // The CodeBlock that loads Prism on first use (theme/CodeBlock).
    getThemePath: () => path.resolve(__dirname, 'theme'),
    getClientModules: () => [path.resolve(__dirname, 'styles.css'), path.resolve(__dirname, 'client.ts')],
    configureWebpack: (_config, isServer, utils) => ({
      plugins: [
        ...(noPrismAtStartup
          ? [new utils.currentBundler.instance.NormalModuleReplacementPlugin(PRISM_AT_STARTUP, path.resolve(__dirname, 'client-no-prism-at-startup.ts'))]
          : []),
        // Which bundle a module is in, as a constant the bundler resolves (src/plugins/static-code/theme/CodeBlock renders at once on the server).
        new utils.currentBundler.instance.DefinePlugin({'process.env.NOVARAMP_SERVER_BUNDLE': JSON.stringify(isServer)}),
      ],
    }),
    injectHtmlTags: () => ({headTags: [{tagName: 'style', attributes: {'data-static-code': 'tokens'}, innerHTML: css}]}),
  };
}
