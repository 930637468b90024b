/**
 * Full-text search over the site's own search index (@easyops-cn/docusaurus-search-local writes one serialised
 * lunr index per document type), ranked by lunr as the site's search box ranks it, then grouped by page.
 */
import lunr from 'lunr';
import {SITE_URL} from '../../src/data/brand';
import type {DocsBuild, SearchDocument} from './build-artefacts';
import type {DocPages} from './pages';

/**
 * How much a match counts by document type, in the order of the index (titles, headings, descriptions, keywords,
 * contents): a page whose title matches ranks above one that mentions the words in passing, as in the search box,
 * which lists title matches first. A page's score adds its best match of each type.
 */
const TYPE_WEIGHTS = [5, 2, 1.5, 1.5, 1];
const SNIPPET_CHARS = 240;

export interface SearchSection {
  heading?: string;
  url: string;
  snippet: string;
}

export interface SearchHit {
  title: string;
  url: string;
  /** The page's Markdown copy and its resource URI (get_page / resources/read take either). */
  markdownUrl?: string;
  uri?: string;
  breadcrumb?: string[];
  score: number;
  /** The sections that matched best, most relevant first. */
  sections: SearchSection[];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function snippetAround(text: string, position?: [number, number]): string {
  const start = Math.max(0, (position?.[0] ?? 0) - SNIPPET_CHARS / 3);
  const cut = text.slice(start, start + SNIPPET_CHARS);
  return oneLine(`${start > 0 ? '…' : ''}${cut}${start + SNIPPET_CHARS < text.length ? '…' : ''}`);
}

export class DocsSearch {
  private readonly groups: {documents: Map<string, SearchDocument>; index: lunr.Index}[];
  private readonly titleDocs = new Map<string, SearchDocument>();

  constructor(
    build: DocsBuild,
    private readonly pages: DocPages,
  ) {
    this.groups = build.searchIndex.map(({documents, index}) => ({
      documents: new Map(documents.map((d) => [String(d.i), d])),
      index: lunr.Index.load(index),
    }));
    for (const d of build.searchIndex[0]?.documents ?? []) this.titleDocs.set(d.u, d);
  }

  search(query: string, limit: number): SearchHit[] {
    const terms = lunr
      .tokenizer(query)
      .filter((t) => lunr.stopWordFilter(t) !== undefined)
      .map((t) => t.toString().replace(/^\W+|\W+$/g, ''))
      .filter(Boolean);
    if (!terms.length) return [];
    const byRoute = new Map<string, {score: number; sections: (SearchSection & {score: number})[]; description?: string}>();
    this.groups.forEach(({documents, index}, type) => {
      // Documents holding every word (as the search box asks first) count double.
      const complete = new Set(index.query((q) => terms.forEach((term) => q.term(term, {presence: lunr.Query.presence.REQUIRED}))).map((r) => r.ref));
      const results = index.query((q) => {
        for (const term of terms) {
          q.term(term, {presence: lunr.Query.presence.OPTIONAL});
          // A word being typed, or a longer form of it ("webhook" for "webhooks" is the stemmer's job; "idempot" here).
          q.term(term, {wildcard: lunr.Query.wildcard.TRAILING, usePipeline: false, boost: 0.3});
          // A typo ("withdrawl").
          if (term.length >= 5) q.term(term, {editDistance: 1, usePipeline: false, boost: 0.1});
        }
      });
      const weighted = results
        .map((result) => ({result, score: result.score * TYPE_WEIGHTS[type] * (complete.has(result.ref) ? 2 : 1)}))
        .sort((a, b) => b.score - a.score);
      const bestPerPage = new Set<string>();
      for (const {result, score} of weighted) {
        const doc = documents.get(result.ref);
        if (!doc) continue;
        const hit = byRoute.get(doc.u) ?? {score: 0, sections: []};
        byRoute.set(doc.u, hit);
        // A page counts once per document type: its best match.
        if (!bestPerPage.has(doc.u)) {
          bestPerPage.add(doc.u);
          hit.score += score;
        }
        if (type === 2) hit.description = doc.t;
        if (type === 1 || type === 4) {
          const position = Object.values(result.matchData.metadata).flatMap((fields) => fields.t?.position ?? [])[0];
          hit.sections.push({
            heading: type === 1 ? doc.t : doc.s,
            url: `${SITE_URL}${doc.u}${doc.h ?? ''}`,
            snippet: type === 1 ? doc.t : snippetAround(doc.t, position),
            score,
          });
        }
      }
    });
    return [...byRoute.entries()]
      .sort(([, a], [, b]) => b.score - a.score)
      .slice(0, limit)
      .map(([route, hit]) => {
        const page = this.pages.byRoute.get(route);
        const titleDoc = this.titleDocs.get(route);
        const sections = hit.sections
          .sort((a, b) => b.score - a.score)
          .slice(0, 3)
          .map(({score: _score, ...s}) => s);
        return {
          title: page?.title ?? titleDoc?.t ?? route,
          url: `${SITE_URL}${route}`,
          markdownUrl: page && this.pages.markdownUrl(page),
          uri: page && this.pages.uri(page),
          breadcrumb: titleDoc?.b,
          score: Math.round(hit.score * 1000) / 1000,
          sections: sections.length ? sections : [{url: `${SITE_URL}${route}`, snippet: oneLine(hit.description ?? page?.description ?? '')}],
        };
      });
  }
}
