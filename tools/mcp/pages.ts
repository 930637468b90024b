/**
 * The Markdown copy of every page of the build, addressed the ways an agent has them: the page URL
 * (https://docs.novaramp.example/docs/...), the Markdown URL (`....md`), a path (`/docs/...`, `docs/...`,
 * `api/...`), or the resource URI `novaramp://docs/docs/...`. Redirect pages (a moved guide's old route) lead to
 * the page they redirect to.
 */
import fs from 'node:fs';
import path from 'node:path';
import {SITE_URL} from '../../src/data/brand';
import type {DocsBuild} from './build-artefacts';
import {notFound} from './suggest';

/** Resource URIs are this prefix followed by the page's route. */
export const PAGE_URI_PREFIX = 'novaramp://docs';

export interface DocPage {
  /** `/docs/api/fiat/withdraw-fiat`; `/` for the home page. */
  route: string;
  /** Its Markdown file in the build. */
  file: string;
  title: string;
  description?: string;
}

/** Folders of the build that hold assets, not pages. */
const NOT_PAGES = new Set(['assets', 'img', 'openapi']);

function markdownFiles(dir: string, root = dir): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return dir === root && NOT_PAGES.has(entry.name) ? [] : markdownFiles(full, root);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** A route from a URL, URI or path; throws for a URL of another site. */
export function routeOf(ref: string): string {
  let text = ref.trim();
  if (text.startsWith(PAGE_URI_PREFIX)) text = text.slice(PAGE_URI_PREFIX.length) || '/';
  else if (/^https?:\/\//i.test(text)) {
    const url = new URL(text);
    const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
    if (url.origin !== new URL(SITE_URL).origin && !local) throw new Error(`${ref} is not a page of ${SITE_URL}.`);
    text = url.pathname;
  }
  let route = decodeURI(text.replace(/[?#].*$/, ''));
  if (!route.startsWith('/')) route = `/${route}`;
  route = route.replace(/\.(md|html)$/, '').replace(/\/index$/, '/');
  return route.length > 1 ? route.replace(/\/+$/, '') : '/';
}

export class DocPages {
  readonly byRoute = new Map<string, DocPage>();

  constructor(private readonly build: DocsBuild) {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const line of build.llmsTxt?.split('\n') ?? []) {
      const m = /^\s*- \[(.+?)\]\((\S+?)\)(?::\s*(.+))?$/.exec(line);
      if (!m) continue;
      try {
        const route = routeOf(m[2]);
        if (!titles.has(route)) titles.set(route, m[1]);
        if (m[3] && !descriptions.has(route)) descriptions.set(route, m[3].trim());
      } catch {
        // A link to another site: not a page of the build.
      }
    }
    const [titleDocs, , descriptionDocs] = build.searchIndex.map((g) => g.documents);
    for (const d of titleDocs ?? []) if (d.t) titles.set(d.u, d.t);
    for (const d of descriptionDocs ?? []) if (!descriptions.has(d.u)) descriptions.set(d.u, d.t);
    for (const file of markdownFiles(build.dir)) {
      const rel = path.relative(build.dir, file).split(path.sep).join('/');
      const route = routeOf(rel);
      const heading = /^# (.+)$/m.exec(fs.readFileSync(file, 'utf8').slice(0, 4000))?.[1];
      this.byRoute.set(route, {route, file, title: titles.get(route) ?? heading ?? route, description: descriptions.get(route)});
    }
  }

  get all(): DocPage[] {
    return [...this.byRoute.values()].sort((a, b) => a.route.localeCompare(b.route));
  }

  uri(page: DocPage): string {
    return `${PAGE_URI_PREFIX}${page.route}`;
  }

  url(route: string): string {
    return `${SITE_URL}${route}`;
  }

  markdownUrl(page: DocPage): string {
    return `${SITE_URL}/${path.relative(this.build.dir, page.file).split(path.sep).join('/')}`;
  }

  read(page: DocPage): string {
    return fs.readFileSync(page.file, 'utf8');
  }

  /** The page a reference names, following a redirect page; throws naming close routes when there is none. */
  resolve(ref: string): {page: DocPage; redirectedFrom?: string} {
    const route = routeOf(ref);
    for (const candidate of [route, `/docs${route}`]) {
      const page = this.byRoute.get(candidate);
      if (page) return {page};
      const target = this.redirectTarget(candidate);
      const redirected = target && this.byRoute.get(target);
      if (redirected) return {page: redirected, redirectedFrom: candidate};
    }
    const last = route.split('/').pop() ?? '';
    const sameName = [...this.byRoute.keys()].filter((r) => last && r.endsWith(`/${last}`));
    throw notFound('page', route, sameName.length ? sameName : this.byRoute.keys(), 'search_docs finds pages by topic.');
  }

  /** Where a client-side redirect page of the build (`<meta http-equiv="refresh">`) sends its visitor. */
  private redirectTarget(route: string): string | undefined {
    for (const file of [`${route}.html`, `${route}/index.html`]) {
      const full = path.join(this.build.dir, file);
      if (!full.startsWith(this.build.dir) || !fs.existsSync(full)) continue;
      const m = /<meta http-equiv="refresh" content="0; ?url=([^"]+)"/i.exec(fs.readFileSync(full, 'utf8').slice(0, 2000));
      if (m) return routeOf(m[1]);
    }
    return undefined;
  }
}
