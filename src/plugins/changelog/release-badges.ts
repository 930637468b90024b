/**
 * "Added in X.Y.Z", "Changed in X.Y.Z, …" and "Deprecated since X.Y.Z — sunset YYYY-MM-DD" on every operation and
 * webhook event page, read from the changelog entries (the release snapshots' records, plus Unreleased), each
 * version linking to its changelog entry. Plain markup in the page's MDX: no client code, and nothing per
 * operation reaches global data. Styled by src/plugins/changelog/release-badges.css (the changelog plugin loads it).
 */
import {API_SPECS} from '../../data/api-table';
import type {ChangelogEntry, SpecChange} from '../../data/spec-changes';
import type {PageOperation} from '../operation-page/generate/page';
import {loadEntries} from './load';
import {entryRoute} from './posts';

export type {PageOperation};

export interface OperationReleases {
  /** The version that added the operation (the latest addition, if it was removed and added again). */
  added: string;
  /** Versions that changed it since (oldest first), documentation-only changes aside. */
  changed: string[];
  /** The version that deprecated it. */
  deprecated?: string;
}

interface OperationNames {
  docSlug?: string;
  operationId?: string;
  method?: string;
  path?: string;
}
/** Every name an operation goes by: its pinned route, its operationId, its method and path. */
const namesOf = (op: OperationNames): string[] =>
  [op.docSlug && `slug ${op.docSlug}`, op.operationId && `id ${op.operationId}`, op.method && op.path && `op ${op.method.toLowerCase()} ${op.path}`].filter(
    (k): k is string => Boolean(k),
  );
const isWhole = (c: SpecChange): boolean => c.target === 'operation' || c.target === 'webhook';
/** Only the OpenAPI documents have operation pages (the WebSocket API's operations are described in a guide). */
const hasPages = (c: SpecChange): boolean => (API_SPECS as readonly string[]).includes(c.api);

/** What each operation went through, replayed from the oldest entry to the newest; keyed by each of its names. */
export function operationHistory(entries: ChangelogEntry[]): Map<string, OperationReleases> {
  const history = new Map<string, OperationReleases>();
  for (const {version, changes} of [...entries].reverse()) {
    for (const change of changes) {
      if (!change.operation || !hasPages(change)) continue;
      const names = namesOf(change.operation);
      const record = names.map((k) => history.get(k)).find(Boolean);
      if (isWhole(change) && change.action === 'added') {
        const added: OperationReleases = {added: version, changed: []};
        for (const k of names) history.set(k, added);
      } else if (!record) continue;
      else if (isWhole(change) && change.action === 'removed') {
        for (const [k, v] of history) if (v === record) history.delete(k);
      } else if (isWhole(change) && change.action === 'deprecated') record.deprecated = version;
      else if (change.kind !== 'documentation' && !record.changed.includes(version)) record.changed.push(version);
    }
  }
  return history;
}

/** The history of the operation a page shows, or undefined when no entry mentions it. */
export function releasesOf(api: PageOperation, history: Map<string, OperationReleases>): OperationReleases | undefined {
  // A webhook event's page has method `event` and path `webhook` (the plugin's), which name no event.
  const byPath = api.method === 'event' ? {} : {method: api.method, path: api.path};
  return namesOf({docSlug: api['x-doc-slug'], operationId: api.operationId, ...byPath})
    .map((k) => history.get(k))
    .find(Boolean);
}

const link = (version: string, text = version): string => `<ReleaseLink to="${entryRoute(version)}">${text}</ReleaseLink>`;
const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/[{}]/g, '');

/** The badges as one line of MDX (empty when there is nothing to say). */
export function releaseBadges(api: PageOperation, history: Map<string, OperationReleases>): string {
  const releases = releasesOf(api, history);
  const sunset = typeof api['x-sunset'] === 'string' ? escapeHtml(api['x-sunset']) : undefined;
  const badges: string[] = [];
  if (releases) badges.push(`<span className="release-badge release-badge--added">${link(releases.added, `Added in ${releases.added}`)}</span>`);
  if (releases?.changed.length) {
    badges.push(`<span className="release-badge release-badge--changed">Changed in ${releases.changed.map((v) => link(v)).join(', ')}</span>`);
  }
  if (releases?.deprecated || api.deprecated) {
    const since = releases?.deprecated ? ` since ${link(releases.deprecated)}` : '';
    const until = sunset ? ` — sunset <time dateTime="${sunset}">${sunset}</time>` : '';
    badges.push(`<span className="release-badge release-badge--deprecated">Deprecated${since}${until}</span>`);
  }
  return badges.length ? `<p className="release-badges">${badges.join(' ')}</p>` : '';
}

/**
 * The badges of `siteDir`'s pages, for page generation (src/plugins/operation-page/generate/generate-api.ts `GenerateOptions.releaseBadges`): the
 * changelog read once, when the first page asks, and kept for this generation only (`npm start` generates again
 * after each edit of the spec, whose Unreleased entry may have changed).
 */
export function releaseBadgesOf(siteDir: string): (api: PageOperation) => string {
  let history: Map<string, OperationReleases> | undefined;
  return (api) => releaseBadges(api, (history ??= operationHistory(loadEntries(siteDir))));
}
