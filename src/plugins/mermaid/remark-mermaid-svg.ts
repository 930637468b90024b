/**
 * Remark plugin: draws ```mermaid code blocks at build time, so pages with diagrams ship images instead of
 * mermaid's browser renderer (with @docusaurus/theme-mermaid, the largest script such a page loads).
 *
 * Each diagram is rendered twice by mermaid itself (its `default` theme for light mode, `dark` for dark
 * mode) in an installed Chrome/Chromium/Edge (playwright-core, tools/cli/chromium.ts), as plain SVG (no HTML labels), and
 * becomes two Markdown images that Docusaurus turns into hashed `assets/images/*.svg` files with their
 * width and height and lazy loading. CSS shows the one matching the colour mode (src/css/custom.css,
 * `.novaramp-mermaid`); the hidden one is not downloaded. Not inlined in the page: its JS would carry every
 * SVG twice. The alt text names the diagram's participants or
 * states (or its `accTitle`/`accDescr`). SVGs are cached on disk by mermaid version, theme and source, so
 * rebuilds reuse them. A diagram that mermaid cannot parse fails the build with its file and line.
 *
 * On a machine with no such browser (a writer's laptop), the blocks are left as they are and
 * @docusaurus/theme-mermaid draws them in the browser; the build prints one warning saying so.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Browser, Page} from 'playwright-core';
import {findChromium, launchChromium} from '../../../tools/cli/chromium';
import {bundleOnly} from '../../../tools/one-bundle';

const localRequire = createRequire(__filename);
const MERMAID_SCRIPT = localRequire.resolve('mermaid/dist/mermaid.min.js');
const MERMAID_VERSION: string = localRequire('mermaid/package.json').version;
/** Bump when the rendering options below change, so cached SVGs are redrawn. */
const RENDER_OPTIONS_VERSION = 2;
const CACHE_DIR = path.join(path.dirname(localRequire.resolve('mermaid/package.json')), '..', '.cache', 'novaramp-mermaid');
/** The mermaid theme drawn for each colour mode (also the config of @docusaurus/theme-mermaid in the browser). */
export const MERMAID_THEMES = {light: 'default', dark: 'dark'} as const;
type Mode = keyof typeof MERMAID_THEMES;

interface MdNode {
  type: string;
  lang?: string | null;
  value?: string;
  position?: {start: {line: number}};
  children?: MdNode[];
  [key: string]: unknown;
}

// One browser page with mermaid loaded serves every render of the build, one render at a time (mermaid's
// `render` uses shared DOM state). The browser closes once nothing has been asked of it for a moment, so
// the build process can exit.
let browser: Promise<{browser: Browser; page: Page}> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let pending = 0;
let idle: NodeJS.Timeout | undefined;

async function openRenderer(): Promise<{browser: Browser; page: Page}> {
  const b = await launchChromium('drawing the mermaid diagrams at build time');
  const page = await b.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({path: MERMAID_SCRIPT});
  return {browser: b, page};
}

function renderInBrowser(source: string, theme: string, id: string): Promise<string> {
  pending++;
  clearTimeout(idle);
  const job = queue.then(async () => {
    browser ??= openRenderer();
    const {page} = await browser;
    // A string, not a function: the page must not see helpers a TypeScript transpiler may inject.
    return page.evaluate(
      `(async () => {
        const {source, theme, id} = ${JSON.stringify({source, theme, id})};
        window.mermaid.initialize({startOnLoad: false, theme, securityLevel: 'strict', htmlLabels: false, flowchart: {htmlLabels: false}});
        const {svg} = await window.mermaid.render(id, source);
        return svg;
      })()`,
    ) as Promise<string>;
  });
  queue = job.catch(() => undefined);
  return job.finally(() => {
    pending--;
    if (pending === 0) {
      idle = setTimeout(() => {
        const closing = browser;
        browser = null;
        void closing?.then(({browser: b}) => b.close()).catch(() => undefined);
      }, 500);
    }
  });
}

/** An image file needs a size of its own: mermaid's `width="100%"` + max-width style become the viewBox size. */
function withIntrinsicSize(svg: string): string {
  return svg.replace(/<svg\b[^>]*>/, (tag) => {
    const box = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(tag);
    if (!box) return tag;
    const [width, height] = [Math.ceil(Number(box[1])), Math.ceil(Number(box[2]))];
    return tag
      .replace(/\swidth="[^"]*"/, '')
      .replace(/\sstyle="[^"]*"/, '')
      .replace('<svg', `<svg width="${width}" height="${height}"`);
  });
}

/** Renders (or reuses) the diagram's SVG file for a colour mode and returns its path. */
async function renderSvg(source: string, mode: Mode): Promise<string> {
  const theme = MERMAID_THEMES[mode];
  const key = crypto.createHash('sha256').update(`${MERMAID_VERSION}\0${RENDER_OPTIONS_VERSION}\0${theme}\0${source}`).digest('hex').slice(0, 20);
  const cached = path.join(CACHE_DIR, `${key}.svg`);
  if (fs.existsSync(cached)) return cached;
  const svg = await renderInBrowser(source, theme, `mermaid-${key.slice(0, 10)}-${mode}`);
  fs.mkdirSync(CACHE_DIR, {recursive: true});
  fs.writeFileSync(cached, withIntrinsicSize(svg));
  return cached;
}

/** Words for the alt text: accTitle/accDescr if the diagram has them, else its participants or states. */
export function altText(source: string): string {
  const acc = [/^\s*accTitle\s*:\s*(.+)$/m, /^\s*accDescr\s*:\s*(.+)$/m].map((re) => re.exec(source)?.[1].trim()).filter(Boolean);
  if (acc.length) return acc.join('. ');
  const kind = source.trim().split(/\s/)[0];
  if (kind === 'sequenceDiagram') {
    const names = [...source.matchAll(/^\s*(?:participant|actor)\s+(\S+)(?:\s+as\s+(.+))?$/gm)].map((m) => (m[2] ?? m[1]).trim());
    return `Sequence diagram between ${names.join(', ')}`;
  }
  if (kind.startsWith('stateDiagram')) {
    const states = [...source.matchAll(/^\s*(\[\*\]|[\w.]+)\s*-->\s*(\[\*\]|[\w.]+)/gm)].flatMap((m) => [m[1], m[2]]).filter((n) => n !== '[*]');
    return `State diagram: ${[...new Set(states)].join(', ')}`;
  }
  return `Diagram (${kind})`;
}

/** `<div className=…>![alt](svg)</div>` as MDX: Docusaurus turns the image into a hashed asset with its size. */
function imageDiv(className: string, alt: string, svgPath: string, mdFile: string): MdNode {
  const url = path.relative(path.dirname(mdFile), svgPath).split(path.sep).join('/');
  return {
    type: 'mdxJsxFlowElement',
    name: 'div',
    attributes: [{type: 'mdxJsxAttribute', name: 'className', value: className}],
    children: [{type: 'paragraph', children: [{type: 'image', url: url.startsWith('.') ? url : `./${url}`, alt}]}],
  };
}

function mermaidBlocks(node: MdNode, found: {parent: MdNode; index: number}[] = []): {parent: MdNode; index: number}[] {
  node.children?.forEach((child, index) => {
    if (child.type === 'code' && child.lang === 'mermaid') found.push({parent: node, index});
    else mermaidBlocks(child, found);
  });
  return found;
}

let warnedNoBrowser = false;

/**
 * Whether diagrams can be drawn here; warns once per process when they cannot, except in the build's server-bundle
 * process (tools/one-bundle), which compiles the same pages as the client's: one warning per build.
 */
function canDraw(): boolean {
  if (findChromium()) return true;
  if (!warnedNoBrowser && bundleOnly() !== 'server') {
    warnedNoBrowser = true;
    console.warn(
      "[mermaid] No Chrome, Chromium or Edge found (set CHROMIUM_PATH to use one): diagrams are drawn in the visitor's browser by @docusaurus/theme-mermaid instead of at build time.",
    );
  }
  return false;
}

export default function remarkMermaidSvg() {
  return async (tree: MdNode, file: {path?: string; cwd?: string}): Promise<void> => {
    const cwd = file.cwd ?? process.cwd();
    const mdFile = path.resolve(cwd, file.path ?? 'page.md');
    const blocks = mermaidBlocks(tree);
    if (blocks.length === 0 || !canDraw()) return;
    for (const {parent, index} of blocks) {
      const block = parent.children![index];
      const source = block.value ?? '';
      let light: string;
      let dark: string;
      try {
        [light, dark] = [await renderSvg(source, 'light'), await renderSvg(source, 'dark')];
      } catch (error) {
        const where = `${path.relative(cwd, mdFile)}:${block.position?.start.line ?? '?'}`;
        const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
        throw new Error(`${where}: the mermaid diagram does not render: ${message}`, {cause: error});
      }
      const alt = altText(source);
      parent.children![index] = {
        type: 'mdxJsxFlowElement',
        name: 'div',
        attributes: [{type: 'mdxJsxAttribute', name: 'className', value: 'novaramp-mermaid'}],
        children: [imageDiv('novaramp-mermaid__light', alt, light, mdFile), imageDiv('novaramp-mermaid__dark', alt, dark, mdFile)],
      };
    }
  };
}
