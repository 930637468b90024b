/**
 * The changelog entries as blog posts for the changelog plugin (src/plugins/changelog): one Markdown file per
 * entry with sections Added / Changed / Deprecated / Removed, breaking changes flagged in words, each change linking
 * to the page of its operation or webhook event when that page still exists.
 */
import {API_SPECS} from '../../data/api-table';
import type {ChangeAction, ChangelogEntry, SpecChange} from '../../data/spec-changes';
import {UNRELEASED} from './entries';

/** Where the changelog is published; each entry at `CHANGELOG_ROUTE/<version>` (`unreleased` for Unreleased). */
export const CHANGELOG_ROUTE = '/changelog';
export const entrySlug = (version: string): string => (version === UNRELEASED ? 'unreleased' : version);
export const entryRoute = (version: string): string => `${CHANGELOG_ROUTE}/${entrySlug(version)}`;

export interface ChangelogPost {
  /** File name inside the plugin's content folder. */
  file: string;
  markdown: string;
}

const SECTIONS: [ChangeAction, string][] = [
  ['added', 'Added'],
  ['changed', 'Changed'],
  ['deprecated', 'Deprecated'],
  ['removed', 'Removed'],
];

/** Markdown-escapes prose outside `code spans` (the messages name fields and paths in backticks). */
function escapeProse(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part : part.replace(/[\\[\]*_<>#|]/g, (c) => `\\${c}`)))
    .join('');
}

const apiOrder = (api: string): number => {
  const i = (API_SPECS as readonly string[]).indexOf(api);
  return i < 0 ? API_SPECS.length : i;
};

function changeItem(change: SpecChange, liveRoutes: ReadonlySet<string>): string {
  const text = escapeProse(change.message);
  const route = change.operation?.docSlug ? `/docs${change.operation.docSlug}` : undefined;
  const linked = route && liveRoutes.has(route) ? `[${text}](${route})` : text;
  const flag = change.kind === 'breaking' ? '**Breaking:** ' : change.kind === 'documentation' ? '*Documentation:* ' : '';
  return `- ${flag}${linked}`;
}

/** Where in an operation or event a message places its change: left out when a change repeats across many. */
const PLACE =
  / (?:of|from|in|to) the (?:`\d{3}` response|request body|event payload|`[a-z_]+` message) of `[^`]+`| (?:of|in|to) `(?:GET|POST|PUT|PATCH|DELETE) [^`]+`| of `[a-z_]+\.[a-z_.]+`/g;
/**
 * The envelopes a field is read through: a list's items (`data[].`), an event's object (`data.object.`), a stream
 * message's resource (`data.`). The same field of a shared schema seen through one of them is the same change.
 */
const ENVELOPE = /(?<=`)(?:data\[\]\.|data\.object\.|data\.)+(?=[^`]+`)/;
/** How many operations and events may share one change before it becomes one line with their count. */
const REPEATED = 3;

/** An operation's or event's name and docs link (when its page still exists), as the changelog writes it. */
function placeLink(c: SpecChange, liveRoutes: ReadonlySet<string>): string {
  const name = !c.operation
    ? c.api
    : /^\/api\/webhook\/events\//.test(c.operation.docSlug ?? '')
      ? c.operation.path
      : `${c.operation.method.toUpperCase()} ${c.operation.path}`;
  const route = c.operation?.docSlug ? `/docs${c.operation.docSlug}` : undefined;
  return route && liveRoutes.has(route) ? `[\`${name}\`](${route})` : `\`${name}\``;
}

const placeOf = (c: SpecChange) => `${c.operation?.method ?? ''} ${c.operation?.path ?? c.api}`;

/**
 * The items of a section: one per change, except that a change repeated in REPEATED or more operations and events
 * (the limit of a shared schema, in every response that uses it, directly or inside a list or an event) is one
 * line, its first occurrence in full and the count of the others; `collapsed` collects the changes a line stands
 * for, for the entry's list of what it touches.
 */
function sectionItems(changes: SpecChange[], liveRoutes: ReadonlySet<string>, collapsed: SpecChange[]): string[] {
  const groups = new Map<string, SpecChange[]>();
  for (const c of changes) {
    const key = `${c.kind} ${c.message.replace(PLACE, '').replace(ENVELOPE, '')}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()].flatMap((group) => {
    const places = new Set(group.map(placeOf));
    if (places.size < REPEATED) return group.map((c) => changeItem(c, liveRoutes));
    collapsed.push(...group.slice(1));
    return [`${changeItem(group[0], liveRoutes)} Likewise in ${places.size - 1} more operations and events.`];
  });
}

function summary(entry: ChangelogEntry, previous: string | undefined): string {
  const counts = SECTIONS.map(([action, title]) => [title.toLowerCase(), entry.changes.filter((c) => c.action === action).length] as const)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${what}`);
  const breaking = entry.changes.filter((c) => c.kind === 'breaking').length;
  const total = `${entry.changes.length} change${entry.changes.length === 1 ? '' : 's'}`;
  const since = previous ? ` since ${previous}` : '';
  return `${total}${since}: ${counts.join(', ')}${breaking ? `; ${breaking} breaking` : ''}.`;
}

/**
 * One post per entry (newest first). `liveRoutes` are the operation pages the site builds (`/docs` + slug): a
 * change links to its page only if it still exists. `today` (YYYY-MM-DD) dates the Unreleased entry.
 */
export function changelogPosts(entries: ChangelogEntry[], liveRoutes: ReadonlySet<string>, today: string): ChangelogPost[] {
  // The blog sorts by date: releases of the same day get earlier times in version order (as Docusaurus' own
  // changelog does), and Unreleased is dated after every release.
  const sameDay = new Map<string, number>();
  const latest = entries.find((e) => e.version !== UNRELEASED)?.date;
  return entries.map((entry, i) => {
    const released = entry.version !== UNRELEASED;
    const day = released ? entry.date! : [today, latest ?? today].sort().at(-1)!;
    const minutes = released ? 20 * 60 - (sameDay.get(day) ?? 0) : 23 * 60;
    if (released) sameDay.set(day, (sameDay.get(day) ?? 0) + 1);
    const time = [Math.floor(minutes / 60), minutes % 60].map((n) => String(n).padStart(2, '0')).join(':');
    const previous = entries.slice(i + 1).find((e) => e.version !== UNRELEASED)?.version;
    const title = released ? `API ${entry.version}` : 'Unreleased changes';
    const intro = released
      ? `Released ${entry.date}. ${summary(entry, previous)}`
      : `Changes in the working spec${previous ? ` since ${previous}` : ''}, not yet released. ${summary(entry, undefined)}`;
    const ordered = [...entry.changes].sort((a, b) => apiOrder(a.api) - apiOrder(b.api));
    const collapsed: SpecChange[] = [];
    const sections = SECTIONS.flatMap(([action, heading]) => {
      const items = sectionItems(
        ordered.filter((c) => c.action === action),
        liveRoutes,
        collapsed,
      );
      return items.length ? [`## ${heading}`, '', ...items, ''] : [];
    });
    const front = [
      '---',
      `title: ${JSON.stringify(title)}`,
      `slug: /${entrySlug(entry.version)}`,
      `date: ${day}T${time}:00.000Z`,
      `description: ${JSON.stringify(intro)}`,
      // Plain Markdown: messages quote paths such as `/accounts/{account_id}`, which MDX would read as JSX.
      'mdx:',
      '  format: md',
      '---',
    ];
    // Every operation and event the entry changes stays linked once, even where its changes were counted together.
    const touched = new Map([...ordered, ...collapsed].map((c) => [placeOf(c), c]));
    const places = collapsed.length
      ? [`Every operation and event this release changes: ${[...touched.values()].map((c) => placeLink(c, liveRoutes)).join(', ')}.`, '']
      : [];
    return {file: `${entrySlug(entry.version)}.md`, markdown: [...front, '', escapeProse(intro), '', ...sections, ...places].join('\n')};
  });
}
