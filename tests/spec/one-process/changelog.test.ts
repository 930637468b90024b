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
import {stringify} from 'yaml';
import {RELEASES_DIR, type SpecChange} from '../../../src/data/spec-changes';
import {operationHistory, releaseBadges, releasesOf, type PageOperation} from '../../../src/plugins/changelog/release-badges';
import {SITE_ROOT} from '../../../tools/cli';
import {changelogEntries, UNRELEASED} from '../../../src/plugins/changelog/entries';
import {loadEntries} from '../../../src/plugins/changelog/load';
import {changelogPosts} from '../../../src/plugins/changelog/posts';
import {ReleaseError} from '../../../src/plugins/changelog/releases';
import {diffSpecs, listReleases, loadRelease, type SpecSnapshot} from '../../../tools/spec-diff';
import {loadOperations} from '../../../tools/spec/spec-model';

type Operation = PageOperation & {summary?: string; description?: string; parameters?: {name?: string}[]};
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components: {parameters: Record<string, {schema: {maximum?: number}}>};
}

const SUNSET = '2027-06-30';
/** A scratch site folder holding only the releases. */
let dir: string;
let head: Spec;

/** The fixtures edit the accounts API only: diffing just that document records the same changes, faster. */
const accountsOnly = (s: SpecSnapshot): SpecSnapshot => ({...s, apis: {accounts: s.apis.accounts}, websocket: undefined});

/** Writes `snapshot` as a release folder, with the changes from the latest release as `npm run release` records them. */
function cutRelease(snapshot: SpecSnapshot, date: string): SpecChange[] {
  const latest = listReleases(dir)[0];
  const changes = diffSpecs(accountsOnly(loadRelease(latest.version, dir)), accountsOnly(snapshot));
  const folder = path.join(dir, RELEASES_DIR, snapshot.version);
  fs.cpSync(path.join(dir, RELEASES_DIR, latest.version), folder, {recursive: true});
  for (const [api, doc] of Object.entries(snapshot.apis)) fs.writeFileSync(path.join(folder, `${api}.yaml`), stringify(doc));
  fs.writeFileSync(path.join(folder, 'release.json'), JSON.stringify({version: snapshot.version, date}));
  fs.writeFileSync(path.join(folder, 'changes.json'), JSON.stringify(changes, null, 2));
  return changes;
}

/**
 * The fixture 1.1.0, cut from the real 1.0.0 snapshot of the accounts API: an operation added, the `limit`
 * parameter's maximum raised, an operation deprecated with a sunset, a query parameter removed, a description reworded.
 */
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-changelog-'));
  fs.cpSync(path.join(SITE_ROOT, RELEASES_DIR, '1.0.0'), path.join(dir, RELEASES_DIR, '1.0.0'), {recursive: true});
  const snapshot = {...structuredClone(loadRelease('1.0.0', dir)), version: '1.1.0'};
  head = snapshot.apis.accounts as unknown as Spec;
  const limits = {
    ...structuredClone(head.paths['/accounts/{account_id}'].get),
    operationId: 'getAccountLimits',
    'x-doc-slug': '/api/account/get-account-limits',
    summary: 'Retrieve the limits of an account',
  };
  head.paths['/accounts/{account_id}/limits'] = {get: limits};
  head.components.parameters.Limit.schema.maximum = 200;
  Object.assign(head.paths['/accounts/{account_id}/kyc'].get, {deprecated: true, 'x-sunset': SUNSET});
  const list = head.paths['/accounts'].get;
  list.parameters = list.parameters!.filter((p) => p.name !== 'external_reference');
  head.paths['/accounts/{account_id}'].get.description = 'Retrieves an account, reworded.';
  cutRelease(snapshot, '2026-12-01');
});
after(() => fs.rmSync(dir, {recursive: true, force: true}));

const entries = () => changelogEntries(dir);
/** The operation pages a spec publishes (by default the fixture's newest snapshot). */
const liveRoutes = (spec = head): Set<string> =>
  new Set(Object.values(spec.paths).flatMap((item) => Object.values(item).map((op) => `/docs${op['x-doc-slug']}`)));

describe('changelog entries from two snapshots', () => {
  test('one entry per release, newest first, with the changes each recorded', () => {
    const list = entries();
    assert.deepEqual(
      list.map((e) => [e.version, e.date]),
      [
        ['1.1.0', '2026-12-01'],
        ['1.0.0', '2026-11-22'],
      ],
    );
    assert.equal(list[0].changes.length, 5, 'five edits (the sunset date is part of the deprecation)');
    assert.ok(list[1].changes.every((c) => c.action === 'added'));
  });

  test('a post has Added, Changed, Deprecated and Removed in that order, breaking changes flagged, live pages linked', () => {
    const [post] = changelogPosts(entries(), liveRoutes(), '2026-12-02');
    assert.equal(post.file, '1.1.0.md');
    const headings = [...post.markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    assert.deepEqual(headings, ['Added', 'Changed', 'Deprecated', 'Removed']);
    const section = (name: string) => post.markdown.split(`## ${name}\n`)[1].split('\n## ')[0];
    const item = (name: string, text: string, route?: string) =>
      assert.ok(
        section(name)
          .split('\n')
          .includes(`- ${route ? `[${text}](${route})` : text}`),
        `${name} has "${text}" → ${route}:\n${section(name)}`,
      );
    item('Added', 'New operation `GET /accounts/{account_id}/limits` (Retrieve the limits of an account).', '/docs/api/account/get-account-limits');
    item('Changed', 'The query parameter `limit` of `GET /accounts` changed (`maximum`).', '/docs/api/account/list-account');
    assert.match(
      section('Changed'),
      /^- \*Documentation:\* \[Documentation of `GET \/accounts\/\{account_id\}` changed \(`description`\)\.\]\(\/docs\/api\/account\/get-account\)$/m,
    );
    item('Deprecated', `Deprecated operation \`GET /accounts/{account_id}/kyc\` (sunset ${SUNSET}).`, '/docs/api/account/get-kyc-status');
    assert.match(
      section('Removed'),
      /^- \*\*Breaking:\*\* \[Removed query parameter `external_reference` of `GET \/accounts`\.\]\(\/docs\/api\/account\/list-account\)$/m,
    );
    assert.match(post.markdown, /^slug: \/1\.1\.0$/m);
    assert.match(post.markdown, /^description: "Released 2026-12-01\. 5 changes since 1\.0\.0: 1 added, 2 changed, 1 deprecated, 1 removed; 1 breaking\."$/m);
  });

  test('a change to a page that no longer exists is not linked', () => {
    const live = liveRoutes();
    live.delete('/docs/api/account/get-kyc-status');
    const [post] = changelogPosts(entries(), live, '2026-12-02');
    assert.ok(post.markdown.split('\n').includes(`- Deprecated operation \`GET /accounts/{account_id}/kyc\` (sunset ${SUNSET}).`), post.markdown);
  });

  test('Unreleased comes from the working spec against the latest release, first, dated after every release', () => {
    // The working spec removes the deprecated operation.
    const working = structuredClone(loadRelease('1.1.0', dir));
    delete (working.apis.accounts as unknown as Spec).paths['/accounts/{account_id}/kyc'];
    const unreleased = diffSpecs(accountsOnly(loadRelease('1.1.0', dir)), accountsOnly(working));
    const list = changelogEntries(dir, unreleased);
    assert.deepEqual(
      list.map((e) => e.version),
      [UNRELEASED, '1.1.0', '1.0.0'],
    );
    const posts = changelogPosts(list, liveRoutes(working.apis.accounts as unknown as Spec), '2026-11-30');
    const dates = posts.map((p) => /^date: (.+)$/m.exec(p.markdown)![1]);
    assert.deepEqual(
      posts.map((p) => p.file),
      ['unreleased.md', '1.1.0.md', '1.0.0.md'],
    );
    assert.deepEqual([...dates].sort().reverse(), dates, `dates ${dates.join(', ')} are newest first`);
    assert.match(posts[0].markdown, /^title: "Unreleased changes"$/m);
    assert.match(posts[0].markdown, /Changes in the working spec since 1\.1\.0, not yet released\./);
    assert.match(posts[0].markdown, /^## Removed\n\n- \*\*Breaking:\*\* Removed operation `GET \/accounts\/\{account_id\}\/kyc`/m);
    const history = operationHistory(list);
    assert.equal(releasesOf({operationId: 'getKycStatus'}, history), undefined, 'a removed operation has no history left');
    assert.equal(releasesOf({operationId: 'getAccountLimits'}, history)?.added, '1.1.0');
  });

  test('a malformed release names its file', () => {
    const rel = path.join(RELEASES_DIR, '1.2.0');
    const bad = path.join(dir, rel);
    fs.mkdirSync(bad);
    try {
      fs.writeFileSync(path.join(bad, 'release.json'), '{"version": "1.2.0", "date": "next week"}');
      assert.throws(
        () => entries(),
        (e: Error) => e.message.startsWith(`${rel}/release.json: `),
      );
      fs.writeFileSync(path.join(bad, 'release.json'), '{"version": "1.2.0", "date": "2026-12-09"}');
      fs.writeFileSync(path.join(bad, 'changes.json'), '[{"api": "accounts", "kind": "breaking",');
      assert.throws(
        () => entries(),
        (e: Error) => e instanceof ReleaseError && e.message.startsWith(`${rel}/changes.json: `),
      );
      fs.writeFileSync(path.join(bad, 'changes.json'), '[{"api": "accounts", "kind": "breaking", "action": "renamed", "message": "x", "pointer": "/x"}]');
      assert.throws(
        () => entries(),
        (e: Error) => e instanceof ReleaseError && e.message === `${rel}/changes.json: change #1 (/x): "action" is "renamed"`,
      );
    } finally {
      fs.rmSync(bad, {recursive: true});
    }
  });
});

describe('release badges from two snapshots', () => {
  const badges = (p: string, method = 'get'): string => releaseBadges(head.paths[p][method], operationHistory(entries()));
  const text = (mdx: string): string =>
    mdx
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim();

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
    // The WebSocket API's operations have no pages: one sharing an operationId leaves the page's history alone.
    const socket = {
      api: 'websocket',
      kind: 'breaking',
      action: 'changed',
      target: 'operation',
      pointer: '/operations/x',
      message: 'x',
      operation: {method: 'send', path: 'x', operationId: 'getKycStatus'},
    } satisfies SpecChange;
    assert.deepEqual(
      releasesOf({operationId: 'getKycStatus'}, operationHistory([{version: '9.0.0', date: '2027-01-01', changes: [socket]}, ...entries()]))?.changed,
      [],
    );
    // A webhook event page knows its event by route and operationId only (the plugin sets its path to `webhook`).
    assert.equal(releasesOf({method: 'event', path: 'webhook', 'x-doc-slug': '/api/webhook/events/account-created'}, history)?.added, '1.0.0');
  });

  test('the real releases, and Unreleased, give every operation and event of the working spec an "Added in" badge', () => {
    // As the site does (load.ts): an operation added since the latest release is "Added in Unreleased" until it ships.
    const history = operationHistory(loadEntries(SITE_ROOT));
    const latest = `${listReleases(SITE_ROOT)[0].version} or ${UNRELEASED}`;
    const missing = loadOperations(SITE_ROOT).filter((op) => releasesOf({'x-doc-slug': op.slug, operationId: op.operationId}, history)?.added === undefined);
    assert.deepEqual(
      missing.map((op) => `${op.file}:${op.line} ${op.operationId}`),
      [],
      `every operation was added in a release up to ${latest}`,
    );
  });
});

test('a field of a shared schema read directly, in a list, an event or a stream message is one change, counted once per place', () => {
  const present = (method: string, p: string, where: string, field: string): SpecChange => ({
    api: 'transactions',
    kind: 'non-breaking',
    action: 'changed',
    target: 'response-field',
    operation: {method, path: p, docSlug: `/api/t${p}`},
    pointer: `/paths/${p}/${method}`,
    message: `The field \`${field}\` of ${where} of \`${method === 'event' ? p : method === 'receive' ? `WebSocket ${p}` : `${method.toUpperCase()} ${p}`}\` is now always present.`,
  });
  const entry = {
    version: '9.9.0',
    date: '2026-12-01',
    changes: [
      present('get', '/transactions/{id}', 'the `200` response', 'wallet_id'),
      present('get', '/transactions', 'the `200` response', 'data[].wallet_id'),
      present('event', 'deposit.completed', 'the event payload', 'data.object.wallet_id'),
      present('get', '/events', 'the `200` response', 'data[].data.object.wallet_id'),
      {...present('receive', 'sendTransactionUpdate', 'the `transaction` message', 'data.wallet_id'), api: 'websocket'},
      // Another field, and a field whose name only ends like it: their own lines.
      present('get', '/transactions', 'the `200` response', 'data[].fiat.funds_available_at'),
      present('get', '/wallets', 'the `200` response', 'data[].default_wallet_id'),
    ],
  };
  const [post] = changelogPosts([entry], new Set(), '2026-12-01');
  assert.deepEqual(
    post.markdown.split('\n').filter((l) => l.startsWith('- ')),
    [
      '- The field `wallet_id` of the `200` response of `GET /transactions/{id}` is now always present. Likewise in 4 more operations and events.',
      '- The field `data[].fiat.funds_available_at` of the `200` response of `GET /transactions` is now always present.',
      '- The field `data[].default_wallet_id` of the `200` response of `GET /wallets` is now always present.',
    ],
  );
});

test('a change repeated across operations (a shared schema) is one line with its count, each place linked once below; fewer stay one line per operation', () => {
  const change = (method: string, p: string, message: string): SpecChange => ({
    api: 'accounts',
    kind: 'non-breaking',
    action: 'changed',
    target: 'header',
    operation: {method, path: p, operationId: `${method}${p}`, docSlug: `/api/x${p}`},
    pointer: `/paths/${p}/${method}`,
    message,
  });
  const header = (method: string, p: string) =>
    change(method, p, `The header \`Request-Id\` of the \`200\` response of \`${method.toUpperCase()} ${p}\` changed (\`maxLength\`).`);
  const field = (method: string, p: string) =>
    change(method, p, `The field \`email\` of the request body of \`${method.toUpperCase()} ${p}\` changed (\`maxLength\`).`);
  const entry = {
    version: '9.9.0',
    date: '2026-12-01',
    changes: [header('get', '/a'), header('get', '/b'), header('post', '/c'), field('post', '/a'), field('patch', '/a')],
  };
  const [post] = changelogPosts([entry], new Set(['/docs/api/x/a', '/docs/api/x/c']), '2026-12-01');
  const items = post.markdown.split('\n').filter((l) => l.startsWith('- '));
  assert.ok(
    post.markdown.includes(
      'Every operation and event this release changes: [`GET /a`](/docs/api/x/a), `GET /b`, [`POST /c`](/docs/api/x/c), [`POST /a`](/docs/api/x/a), [`PATCH /a`](/docs/api/x/a).',
    ),
    post.markdown,
  );
  assert.deepEqual(items, [
    '- [The header `Request-Id` of the `200` response of `GET /a` changed (`maxLength`).](/docs/api/x/a) Likewise in 2 more operations and events.',
    '- [The field `email` of the request body of `POST /a` changed (`maxLength`).](/docs/api/x/a)',
    '- [The field `email` of the request body of `PATCH /a` changed (`maxLength`).](/docs/api/x/a)',
  ]);
});
