/**
 * The changelog and the release badges come from the release snapshots: on a scratch releases folder holding the
 * real 1.0.0 and a fixture 1.1.0 cut from it (one operation added, a parameter changed, an operation deprecated with
 * `x-sunset`, a parameter removed, a description reworded), the entries, their posts (sections, breaking flags,
 * links) and each operation's badges say what the two snapshots say. The real releases give every operation of the
 * working spec an "Added in" badge.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {parse, stringify} from 'yaml';
import {RELEASES_DIR, type SpecChange} from '../../src/data/spec-changes';
import {operationHistory, releaseBadges, releasesOf, type PageOperation} from '../../tools/api-pages/release-badges';
import {SITE_ROOT} from '../../tools/cli';
import {changelogEntries, UNRELEASED} from '../../tools/changelog/entries';
import {changelogPosts} from '../../tools/changelog/posts';
import {listReleases, ReleaseError} from '../../tools/changelog/releases';
import {loadOperations} from '../../tools/spec-model';

type Operation = PageOperation & {summary?: string; description?: string; parameters?: {$ref?: string; name?: string}[]};
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components: {parameters: Record<string, {schema: {maximum?: number}}>};
}

const SUNSET = '2027-06-30';
const change = (c: Partial<SpecChange> & Pick<SpecChange, 'kind' | 'action' | 'target' | 'message' | 'pointer'>): SpecChange => ({api: 'accounts', ...c});
const ref = (method: string, p: string, op: Operation) => ({method, path: p, operationId: op.operationId, docSlug: op['x-doc-slug']});

let dir: string;
let base: Spec;
let head: Spec;
const releases = (): string => path.join(dir, 'releases');

/** Cuts the fixture 1.1.0 from the real 1.0.0 snapshot of the accounts API and records what changed. */
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-changelog-'));
  fs.cpSync(path.join(SITE_ROOT, RELEASES_DIR, '1.0.0'), path.join(releases(), '1.0.0'), {recursive: true});
  base = parse(fs.readFileSync(path.join(releases(), '1.0.0', 'accounts.yaml'), 'utf8')) as Spec;
  head = parse(fs.readFileSync(path.join(releases(), '1.0.0', 'accounts.yaml'), 'utf8')) as Spec;

  const limits = {...structuredClone(head.paths['/accounts/{account_id}'].get), operationId: 'getAccountLimits', 'x-doc-slug': '/api/account/get-account-limits', summary: 'Retrieve the limits of an account'};
  head.paths['/accounts/{account_id}/limits'] = {get: limits};
  head.components.parameters.Limit.schema.maximum = 200;
  const kyc = head.paths['/accounts/{account_id}/kyc'].get;
  Object.assign(kyc, {deprecated: true, 'x-sunset': SUNSET});
  const list = head.paths['/accounts'].get;
  list.parameters = list.parameters!.filter((p) => p.name !== 'external_reference');
  head.paths['/accounts/{account_id}'].get.description = 'Retrieves an account, reworded.';

  const v110 = path.join(releases(), '1.1.0');
  fs.cpSync(path.join(releases(), '1.0.0'), v110, {recursive: true});
  fs.writeFileSync(path.join(v110, 'accounts.yaml'), stringify(head));
  fs.writeFileSync(path.join(v110, 'release.json'), JSON.stringify({version: '1.1.0', date: '2026-12-01'}));
  const getAccount = head.paths['/accounts/{account_id}'].get;
  const changes: SpecChange[] = [
    change({kind: 'non-breaking', action: 'added', target: 'operation', operation: ref('get', '/accounts/{account_id}/limits', limits), pointer: '/paths/~1accounts~1{account_id}~1limits/get', message: 'New operation `GET /accounts/{account_id}/limits` (Retrieve the limits of an account).'}),
    change({kind: 'non-breaking', action: 'changed', target: 'parameter', operation: ref('get', '/accounts', list), pointer: '/components/parameters/Limit/schema/maximum', message: 'Query parameter `limit` accepts up to 200 (was 100).'}),
    change({kind: 'deprecation', action: 'deprecated', target: 'operation', operation: ref('get', '/accounts/{account_id}/kyc', kyc), pointer: '/paths/~1accounts~1{account_id}~1kyc/get/deprecated', message: `Operation \`GET /accounts/{account_id}/kyc\` is deprecated, sunset ${SUNSET}.`}),
    change({kind: 'breaking', action: 'removed', target: 'parameter', operation: ref('get', '/accounts', list), pointer: '/paths/~1accounts/get/parameters/5', message: 'Query parameter `external_reference` of `GET /accounts` was removed.'}),
    change({kind: 'documentation', action: 'changed', target: 'operation', operation: ref('get', '/accounts/{account_id}', getAccount), pointer: '/paths/~1accounts~1{account_id}/get/description', message: 'Description of `GET /accounts/{account_id}` changed.'}),
  ];
  fs.writeFileSync(path.join(v110, 'changes.json'), JSON.stringify(changes, null, 2));
});
after(() => fs.rmSync(dir, {recursive: true, force: true}));

const relDir = (): string => path.relative(SITE_ROOT, releases());
const entries = () => changelogEntries(SITE_ROOT, {releasesDir: relDir()});
/** The operation pages the fixture's newest snapshot would publish. */
const liveRoutes = (): Set<string> =>
  new Set(Object.values(head.paths).flatMap((item) => Object.values(item).map((op) => `/docs${op['x-doc-slug']}`)));

describe('changelog entries from two snapshots', () => {
  test('one entry per release, newest first, with the changes each recorded', () => {
    const list = entries();
    assert.deepEqual(list.map((e) => [e.version, e.date]), [['1.1.0', '2026-12-01'], ['1.0.0', '2026-11-22']]);
    assert.equal(list[0].changes.length, 5);
    assert.ok(list[1].changes.every((c) => c.action === 'added'));
  });

  test('a post has Added, Changed, Deprecated and Removed in that order, breaking changes flagged, live pages linked', () => {
    const [post] = changelogPosts(entries(), liveRoutes(), '2026-12-02');
    assert.equal(post.file, '1.1.0.md');
    const headings = [...post.markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    assert.deepEqual(headings, ['Added', 'Changed', 'Deprecated', 'Removed']);
    const section = (name: string) => post.markdown.split(`## ${name}\n`)[1].split('\n## ')[0];
    assert.match(section('Added'), /^- \[New operation `GET \/accounts\/\{account_id\}\/limits`.*\]\(\/docs\/api\/account\/get-account-limits\)$/m);
    assert.match(section('Changed'), /^- \[Query parameter `limit` accepts up to 200 \(was 100\)\.\]\(\/docs\/api\/account\/list-account\)$/m);
    assert.match(section('Changed'), /^- \*Documentation:\* \[Description of `GET \/accounts\/\{account_id\}` changed\.\]\(\/docs\/api\/account\/get-account\)$/m);
    assert.match(section('Deprecated'), /^- \[Operation `GET \/accounts\/\{account_id\}\/kyc` is deprecated, sunset 2027-06-30\.\]\(\/docs\/api\/account\/get-kyc-status\)$/m);
    assert.match(section('Removed'), /^- \*\*Breaking:\*\* \[Query parameter `external_reference` of `GET \/accounts` was removed\.\]/m);
    assert.match(post.markdown, /^slug: \/1\.1\.0$/m);
    assert.match(post.markdown, /^description: "Released 2026-12-01\. 5 changes since 1\.0\.0: 1 added, 2 changed, 1 deprecated, 1 removed; 1 breaking\."$/m);
  });

  test('a change to a page that no longer exists is not linked', () => {
    const live = liveRoutes();
    live.delete('/docs/api/account/get-kyc-status');
    const [post] = changelogPosts(entries(), live, '2026-12-02');
    assert.match(post.markdown, /^- Operation `GET \/accounts\/\{account_id\}\/kyc` is deprecated, sunset 2027-06-30\.$/m);
  });

  test('entries are dated so the blog lists them newest first, Unreleased on top', () => {
    const unreleased = [change({kind: 'non-breaking', action: 'added', target: 'operation', pointer: '/paths/~1x/get', message: 'New operation `GET /x`.'})];
    const list = changelogEntries(SITE_ROOT, {releasesDir: relDir(), unreleased});
    assert.deepEqual(list.map((e) => e.version), [UNRELEASED, '1.1.0', '1.0.0']);
    const posts = changelogPosts(list, liveRoutes(), '2026-11-30');
    const dates = posts.map((p) => /^date: (.+)$/m.exec(p.markdown)![1]);
    assert.deepEqual(posts.map((p) => p.file), ['unreleased.md', '1.1.0.md', '1.0.0.md']);
    assert.deepEqual([...dates].sort().reverse(), dates, `dates ${dates.join(', ')} are newest first`);
    assert.match(posts[0].markdown, /^title: "Unreleased changes"$/m);
    assert.match(posts[0].markdown, /Changes in the working spec since 1\.1\.0, not yet released\./);
  });

  test('a malformed release names its file', () => {
    const bad = path.join(releases(), '1.2.0');
    fs.mkdirSync(bad);
    try {
      fs.writeFileSync(path.join(bad, 'release.json'), '{"version": "1.2.0", "date": "next week"}');
      assert.throws(() => listReleases(SITE_ROOT, relDir()), (e: Error) => e instanceof ReleaseError && e.message.startsWith(`${relDir()}/1.2.0/release.json: "date"`));
      fs.writeFileSync(path.join(bad, 'release.json'), '{"version": "1.2.0", "date": "2026-12-09"}');
      fs.writeFileSync(path.join(bad, 'changes.json'), '[{"api": "accounts", "kind": "breaking", "action": "renamed", "message": "x", "pointer": "/x"}]');
      assert.throws(() => entries(), (e: Error) => e instanceof ReleaseError && e.message === `${relDir()}/1.2.0/changes.json: change #1 (/x): "action" is "renamed"`);
    } finally {
      fs.rmSync(bad, {recursive: true});
    }
  });
});

describe('release badges from two snapshots', () => {
  const badges = (p: string, method = 'get'): string => releaseBadges(head.paths[p][method], operationHistory(entries()));
  const text = (mdx: string): string => mdx.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

  test('an operation added in 1.1.0 says so and links to the entry', () => {
    assert.equal(text(badges('/accounts/{account_id}/limits')), 'Added in 1.1.0');
    assert.match(badges('/accounts/{account_id}/limits'), /<ReleaseLink to="\/changelog\/1\.1\.0">Added in 1\.1\.0<\/ReleaseLink>/);
  });

  test('a changed operation lists the versions that changed it; a reworded description does not count', () => {
    assert.equal(text(badges('/accounts')), 'Added in 1.0.0 Changed in 1.1.0');
    assert.equal(text(badges('/accounts/{account_id}')), 'Added in 1.0.0');
  });

  test('a deprecated operation says since when, with the sunset from its snapshot', () => {
    assert.equal(text(badges('/accounts/{account_id}/kyc')), `Added in 1.0.0 Deprecated since 1.1.0 — sunset ${SUNSET}`);
    assert.match(badges('/accounts/{account_id}/kyc'), /<time dateTime="2027-06-30">2027-06-30<\/time>/);
  });

  test('an operation is found by its pinned route, its operationId or its method and path', () => {
    const history = operationHistory(entries());
    const kyc = head.paths['/accounts/{account_id}/kyc'].get;
    assert.equal(releasesOf({'x-doc-slug': kyc['x-doc-slug']}, history)?.deprecated, '1.1.0');
    assert.equal(releasesOf({operationId: 'getKycStatus'}, history)?.deprecated, '1.1.0');
    assert.equal(releasesOf({method: 'GET', path: '/accounts/{account_id}/kyc'}, history)?.deprecated, '1.1.0');
    assert.equal(releasesOf({method: 'get', path: '/nowhere'}, history), undefined);
    // A webhook event page knows its event by route and operationId only (the plugin sets its path to `webhook`).
    assert.equal(releasesOf({method: 'event', path: 'webhook', 'x-doc-slug': '/api/webhook/events/account-created'}, history)?.added, '1.0.0');
  });

  test('the real releases give every operation and event of the working spec an "Added in" badge', () => {
    const history = operationHistory(changelogEntries(SITE_ROOT));
    const latest = listReleases(SITE_ROOT)[0].version;
    const missing = loadOperations(SITE_ROOT).filter((op) => releasesOf({'x-doc-slug': op.slug, operationId: op.operationId}, history)?.added === undefined);
    assert.deepEqual(missing.map((op) => `${op.file}:${op.line} ${op.operationId}`), [], `every operation was added in a release up to ${latest}`);
  });
});
