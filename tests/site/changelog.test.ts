/**
 * The API changelog of the production build, against what the release snapshots say (src/plugins/changelog/load.ts): the
 * /changelog page lists every entry newest first with its changes linking to operation pages that exist, every entry
 * has its page, the RSS and Atom feeds carry the entries, the search index and llms.txt list them, /changelog.json
 * is the entries, and the operation and webhook event pages show their "Added in" badge linking to the entry.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {SITE_URL} from '../../src/data/brand';
import {CHANGELOG_ARTEFACT} from '../../src/data/spec-changes';
import {releaseBadges, operationHistory} from '../../src/plugins/changelog/release-badges';
import {SITE_ROOT} from '../../tools/cli';
import {CHANGELOG_ROUTE, loadEntries} from '../../src/plugins/changelog/load';
import {entryRoute} from '../../src/plugins/changelog/posts';
import {BUILD_DIR} from '../../tools/site/serve-build';
import {loadOperations} from '../../tools/spec/spec-model';
import {useSiteInBrowser, withPage} from '../helpers/site';

const site = useSiteInBrowser();
const entries = loadEntries(SITE_ROOT);
const operations = loadOperations(SITE_ROOT);
const liveRoutes = new Set(operations.map((op) => `/docs${op.slug}`));
/** The operation pages an entry's changes link to, in the entry's order (changes of pages gone are not links). */
const linkedRoutes = (entry: (typeof entries)[number]): string[] =>
  [...new Set(entry.changes.map((c) => c.operation?.docSlug && `/docs${c.operation.docSlug}`).filter((r): r is string => !!r && liveRoutes.has(r)))].sort();

const get = async (route: string): Promise<{status: number; text: string}> => {
  const res = await fetch(`${site.server.origin}${route}`);
  return {status: res.status, text: await res.text()};
};

test('the build has a changelog entry per release', () => {
  assert.ok(entries.length >= 1, 'at least the first release');
  assert.ok(entries.some((e) => e.version === '1.0.0'));
});

describe('/changelog', () => {
  test('lists every entry newest first, each change linking to an operation page that exists', async () => {
    await withPage(site, CHANGELOG_ROUTE, async (page) => {
      const articles = page.locator('main article');
      const titles = await articles.locator('header h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      assert.deepEqual(
        titles,
        entries.map((e) => entryRoute(e.version)),
        'entries newest first, each titled with a link to its page',
      );
      for (const [i, entry] of entries.entries()) {
        const hrefs = await articles
          .nth(i)
          .locator('.markdown a[href^="/docs/"]')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
        assert.deepEqual([...new Set(hrefs)].sort(), linkedRoutes(entry), `${entry.version}: one link per operation its changes touch`);
        const sections = await articles.nth(i).locator('.markdown h2').allInnerTexts();
        const expected = (['added', 'changed', 'deprecated', 'removed'] as const).filter((a) => entry.changes.some((c) => c.action === a));
        assert.deepEqual(
          sections.map((s) =>
            s
              .replace(/\u200b/g, '')
              .trim()
              .toLowerCase(),
          ),
          expected,
          `${entry.version}: its sections`,
        );
      }
      // Client-side navigation from a change to its operation page.
      const first = page.locator('main article .markdown a[href^="/docs/"]').first();
      const target = (await first.getAttribute('href'))!;
      await first.click();
      await page.waitForURL(`**${target}`);
      await page.locator('h1').first().waitFor();
      assert.doesNotMatch(await page.locator('h1').first().innerText(), /Page Not Found/);
    });
  });

  test('every linked operation page and every entry page exists', async () => {
    const routes = [...new Set(entries.flatMap(linkedRoutes)), ...entries.map((e) => entryRoute(e.version))];
    for (const route of routes) {
      const {status, text} = await get(route);
      assert.equal(status, 200, route);
      assert.ok(!text.includes('Page Not Found'), `${route} is a page`);
    }
  });
});

describe('feeds, search, llms.txt and /changelog.json', () => {
  test('the RSS and Atom feeds carry every entry, newest first, with its changes', async () => {
    const rss = (await get(`${CHANGELOG_ROUTE}/rss.xml`)).text;
    const atom = (await get(`${CHANGELOG_ROUTE}/atom.xml`)).text;
    const rssLinks = [...rss.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1]);
    const atomLinks = [...atom.matchAll(/<entry>[\s\S]*?<link href="([^"]+)"/g)].map((m) => m[1]);
    const expected = entries.map((e) => `${SITE_URL}${entryRoute(e.version)}`);
    assert.deepEqual(rssLinks, expected);
    assert.deepEqual(atomLinks, expected);
    for (const entry of entries) {
      const [route] = linkedRoutes(entry);
      if (route)
        assert.ok(rss.includes(`href="${SITE_URL}${route}"`) && atom.includes(`href="${SITE_URL}${route}"`), `${entry.version}: its changes are in the feeds`);
    }
    // Every page advertises the feeds.
    assert.match((await get('/')).text, new RegExp(`<link rel="?alternate"? type="?application/rss\\+xml"? href="?${CHANGELOG_ROUTE}/rss.xml`));
  });

  test('the search index has every entry, its title and its changes', async () => {
    const index = JSON.parse((await get('/search-index.json')).text) as {documents: {t: string; u: string}[]}[];
    const [titles, , , , contents] = index.map((g) => g.documents);
    for (const entry of entries) {
      const route = entryRoute(entry.version);
      assert.ok(
        titles.some((d) => d.u === route),
        `${route} is indexed by title`,
      );
      const message = entry.changes[0].message.replace(/`/g, '');
      assert.ok(
        contents.some((d) => d.u === route && d.t.includes(message)),
        `${route}: "${message}" is searchable`,
      );
    }
  });

  test('llms.txt lists every entry, whose Markdown copy carries its changes', async () => {
    const llms = (await get('/llms.txt')).text;
    for (const entry of entries) {
      const md = `${entryRoute(entry.version)}.md`;
      assert.ok(llms.includes(`](${SITE_URL}${md})`), `llms.txt links ${SITE_URL}${md}`);
      const copy = (await get(md)).text;
      assert.ok(copy.includes(entry.changes[0].message.split('`')[0]), `${md} has its changes`);
    }
  });

  test(`/${CHANGELOG_ARTEFACT} is the entries, newest first`, async () => {
    const {status, text} = await get(`/${CHANGELOG_ARTEFACT}`);
    assert.equal(status, 200);
    assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(entries)));
  });
});

describe('release badges', () => {
  test('every operation and webhook event page shows the badges its history gives it', () => {
    const history = operationHistory(entries);
    for (const op of operations) {
      const html = fs.readFileSync(path.join(BUILD_DIR, `docs${op.slug}.html`), 'utf8');
      const badges = /<p class="?release-badges"?>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
      const expected = releaseBadges({'x-doc-slug': op.slug, operationId: op.operationId}, history).replace(/<[^>]+>/g, '');
      assert.ok(expected.startsWith('Added in '), `${op.operationId}: has a history`);
      // The page may add what only the working spec knows (a deprecation not released yet).
      assert.ok(badges.replace(/<[^>]+>/g, '').startsWith(expected), `/docs${op.slug}: "${badges.replace(/<[^>]+>/g, '')}" starts with "${expected}"`);
    }
  });

  test('an operation page\'s "Added in" badge links to its changelog entry, which links back', async () => {
    const entry = entries.at(-1)!;
    const op = operations.find((o) => o.method !== 'event' && entry.changes.some((c) => c.operation?.docSlug === o.slug))!;
    await withPage(site, `/docs${op.slug}`, async (page) => {
      const badge = page.locator('.release-badges').getByRole('link', {name: `Added in ${entry.version}`});
      assert.equal(await badge.getAttribute('href'), entryRoute(entry.version));
      await badge.click();
      await page.waitForURL(`**${entryRoute(entry.version)}`);
      // The URL changes before the entry's page has rendered (client-side navigation): wait for its content.
      const back = page.locator('main article .markdown').locator(`a[href="/docs${op.slug}"]`);
      await back.first().waitFor();
      assert.equal(await back.count(), 1, 'the entry links back');
    });
  });
});
