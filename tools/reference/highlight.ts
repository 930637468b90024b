/**
 * Code blocks highlighted at build time, as static HTML: the same Prism (prism-react-renderer's, with the grammars
 * the site adds) and the same tokens as the classic theme's CodeBlock, but computed once in Node instead of in every
 * visitor's browser, where the CodeBlock tokenizes each block during hydration and once more after it (to apply
 * the colour mode). Token colours come from CSS (src/plugins/static-code writes it from the configured Prism themes),
 * so the HTML is the same in light and dark mode. Lines are plain newlines inside <pre>, and tokens no theme colours
 * stay plain text: far fewer elements than one span per token and per line. The copy button is part of the HTML
 * and works through one delegated listener (src/plugins/static-code/client.ts); its icons are CSS.
 */
import {createRequire} from 'node:module';
import {normalizeTokens, Prism, themes, type PrismTheme} from 'prism-react-renderer';
import {PRISM_THEMES} from '../../src/data/prism-themes';

const require = createRequire(__filename);

/**
 * Grammars prism-react-renderer lacks, loaded the way Docusaurus loads `prism.additionalLanguages` (a global `Prism`
 * while the component files run): `bash` for the docs, the rest for the API code samples. Order matters (PHP needs
 * markup-templating).
 */
const EXTRA_GRAMMARS = ['bash', 'java', 'markup-templating', 'php', 'ruby', 'csharp'];

let grammarsLoaded = false;
function prism(): typeof Prism {
  if (grammarsLoaded) return Prism;
  const g = globalThis as {Prism?: unknown};
  const previous = g.Prism;
  g.Prism = Prism;
  try {
    for (const lang of EXTRA_GRAMMARS) require(`prismjs/components/prism-${lang}`);
  } finally {
    if (previous === undefined) delete g.Prism;
    else g.Prism = previous;
  }
  grammarsLoaded = true;
  return Prism;
}

/** `#rgb`, `#rrggbb` or `rgb(r, g, b)` as `r,g,b` (undefined for anything else). */
function rgb(color: string | undefined): string | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color?.trim() ?? '');
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).join(',');
  }
  return /^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/i
    .exec(color?.trim() ?? '')
    ?.slice(1)
    .join(',');
}

/**
 * Token types both themes draw exactly like plain text (punctuation, operators): a token of only these types is left
 * as text, without a span. Every other token keeps its span and classes, as prism-react-renderer renders it.
 */
const PLAIN_TYPES = (() => {
  const styleOf = (theme: PrismTheme) => {
    const merged = new Map<string, Record<string, unknown>>();
    for (const {types, style} of theme.styles) for (const t of types) merged.set(t, {...merged.get(t), ...style});
    return merged;
  };
  const looksPlain = (theme: PrismTheme, style: Record<string, unknown> | undefined) =>
    !style || Object.entries(style).every(([k, v]) => k === 'color' && rgb(String(v)) !== undefined && rgb(String(v)) === rgb(theme.plain.color));
  const both = [themes[PRISM_THEMES.light], themes[PRISM_THEMES.dark]].map((theme) => ({theme, styles: styleOf(theme)}));
  const listed = new Set(both.flatMap(({styles}) => [...styles.keys()]));
  return new Set([...listed].filter((type) => both.every(({theme, styles}) => looksPlain(theme, styles.get(type)))));
})();

export const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The highlighted inside of a <code> element: token spans with the classes prism-react-renderer gives them. */
export function highlightCode(code: string, language: string): string {
  const p = prism();
  const grammar = p.languages[language];
  // Exactly as prism-react-renderer's useTokenize, so the tokens are the ones the CodeBlock shows: the hooks run,
  // but the original code and grammar are tokenized (PHP's markup-templating hooks then find nothing to replace).
  const env = {code, grammar, language, tokens: [] as (string | Prism.Token)[]};
  if (grammar) {
    p.hooks.run('before-tokenize', env);
    env.tokens = p.tokenize(code, grammar);
    p.hooks.run('after-tokenize', env);
  }
  // One run of text per span: tokens of the same types next to each other, or with only white space between them
  // (a multi-line string is one token per line), share one span: the same colours with fewer elements.
  const runs: {cls?: string; text: string}[] = [];
  normalizeTokens(grammar ? env.tokens : [code]).forEach((line, i) => {
    if (i) runs.push({text: '\n'});
    // White space has no colour to show: it is plain text whatever its token.
    for (const {types, content} of line)
      runs.push({
        cls: /^\s*$/.test(content) || types.every((t) => t === 'plain' || PLAIN_TYPES.has(t)) ? undefined : `token ${types.join(' ')}`,
        text: content,
      });
  });
  const merged: {cls?: string; text: string}[] = [];
  for (const run of runs) {
    const last = merged[merged.length - 1];
    const beforeLast = merged[merged.length - 2];
    if (last && last.cls === run.cls) last.text += run.text;
    else if (run.cls && last && !last.cls && /^\s*$/.test(last.text) && beforeLast?.cls === run.cls) {
      beforeLast.text += last.text + run.text;
      merged.pop();
    } else merged.push({...run});
  }
  return merged.map(({cls, text}) => (cls ? `<span class="${cls}">${escapeHtml(text)}</span>` : escapeHtml(text))).join('');
}

export interface CodeBlockOptions {
  language: string;
  title?: string;
  /** Extra classes on the outer element (the OpenAPI theme's example blocks carry their own). */
  className?: string;
}

/**
 * A code block laid out as the classic theme's CodeBlock (title bar, scrollable <pre>, copy button) with the classes
 * src/css/custom.css styles: the outer element's classes and its inner HTML. A trailing newline is dropped, as the
 * CodeBlock does.
 */
export function codeBlockParts(code: string, {language, title, className}: CodeBlockOptions): {className: string; innerHtml: string} {
  const lang = escapeHtml(language || 'text');
  return {
    className: ['novaramp-code', 'theme-code-block', `language-${lang}`, className].filter(Boolean).join(' '),
    innerHtml: [
      title ? `<div class="novaramp-code__title">${escapeHtml(title)}</div>` : '',
      '<div class="novaramp-code__content">',
      // relies on: classic-code-block-markup
      `<pre tabindex="0" class="prism-code language-${lang} novaramp-code__pre thin-scrollbar"><code class="language-${lang} novaramp-code__lines">`,
      highlightCode(code.replace(/\n$/, ''), language || 'text'),
      '</code></pre>',
      '<div class="novaramp-code__buttons">',
      // The copy and copied icons are the button's ::before and ::after (styles.css), not SVG elements: two elements a
      // block instead of seven, on pages with dozens of blocks.
      '<button type="button" class="clean-btn novaramp-code__copy" aria-label="Copy code to clipboard" title="Copy"></button>',
      '</div></div>',
    ].join(''),
  };
}

/** The whole code block as HTML. */
export function codeBlockHtml(code: string, options: CodeBlockOptions): string {
  const {className, innerHtml} = codeBlockParts(code, options);
  return `<div class="${escapeHtml(className)}">${innerHtml}</div>`;
}
