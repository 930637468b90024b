/**
 * The pages cannot fall behind the spec (tools/content/): no hand-written list of what the spec owns, every item of
 * the spec on its owner page, and every identifier a sequence page sends returned or explained before. Each check
 * passes on the site and fails, with the file and line, on a page that breaks it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {SITE_ROOT} from '../../../tools/cli';
import {checkCompleteness, renderFromDisk} from '../../../tools/content/completeness';
import {checkDerivedLists} from '../../../tools/content/derived-lists';
import {EVENT_OWNER, OPERATION_OWNERS, STATUS_OWNERS} from '../../../tools/content/owners';
import {renderPage} from '../../../tools/content/rendered';
import {checkSpecCoverage} from '../../../tools/content/spec-coverage';
import {checkSteps, SEQUENCE_PAGES} from '../../../tools/content/step-connection';
import {specFacts} from '../../../src/plugins/spec-tables/spec-facts';

const facts = specFacts(SITE_ROOT);

test('the site passes all three: no hand-written enumeration, complete owner pages, connected steps', async () => {
  const report = await checkSpecCoverage(SITE_ROOT);
  assert.deepEqual([...report.derivedLists, ...report.completeness, ...report.steps], []);
  assert.ok(report.counted.pages >= 33, `${report.counted.pages} pages`);
  // The checks ran over the whole spec, not an empty model.
  assert.ok(facts.operations.length >= 60 && facts.events.length >= 23 && facts.errorCodes.size >= 23 && facts.scopes.length >= 18);
  for (const page of SEQUENCE_PAGES) assert.ok(fs.existsSync(path.join(SITE_ROOT, page)), page);
});

test('derived lists: a hand-written list or table naming three operations, events, statuses, codes or scopes fails with its line', () => {
  const page = [
    '# Page', // 1
    '',
    '- [Create an account](/docs/api/account/create-account): `POST /accounts`', // 3
    '- [List accounts](/docs/api/account/list-account): `GET /accounts`',
    '- [Retrieve an account](/docs/api/account/get-account)',
    '',
    '| Event | When |', // 7
    '| --- | --- |',
    '| `deposit.received` | Seen. |',
    '| `deposit.completed` | Credited. |',
    '| `deposit.failed` | Dropped. |',
    '',
    '- Handle `insufficient_funds`, `quote_expired` and `kyc_required`.', // 13
    '',
    'Two operations in a list are fine:',
    '',
    '- `GET /coins`', // 17
    '- `GET /accounts`',
  ].join('\n');
  const problems = checkDerivedLists(page, facts).map((p) => `${p.line}: ${p.message}`);
  assert.equal(problems.length, 3, problems.join('\n'));
  assert.match(
    problems[0],
    /^3: a hand-written list names 3 operations \(createAccount, listAccounts, getAccount\): render it from the spec with ::spec-table\{operations=/,
  );
  assert.match(problems[1], /^7: a hand-written table names 3 events \(deposit\.received, deposit\.completed, deposit\.failed\)/);
  assert.match(problems[2], /^13: a hand-written list names 3 error codes/);
  // A status list counts per status schema, and an exemption must give its reason.
  assert.match(checkDerivedLists('- `pending`, `screening` and `submitted`', facts)[0].message, /3 statuses/);
  assert.equal(checkDerivedLists('- `approved`, `verified` and `executed`', facts).length, 0, 'statuses of three schemas');
  const table = '| Scope |\n| --- |\n| `accounts:read` |\n| `quotes:read` |\n| `coins:read` |';
  assert.equal(checkDerivedLists(`{/* prose-list: what each service of the example needs */}\n\n${table}`, facts).length, 0);
  assert.equal(checkDerivedLists(`{/* prose-list: */}\n\n${table}`, facts).length, 1, 'an exemption without a reason');
});

test('completeness: an owner page that leaves out an operation, event, status, code or scope fails naming the page and the item', async () => {
  const disk = renderFromDisk(SITE_ROOT);
  // The webhooks page as it was before issue #27: a hand-written table of 9 events.
  const oldWebhooks =
    '# Webhooks\n\n| Event |\n| --- |\n| `account.created` |\n| `kyc.updated` |\n| `deposit.received` |\n\n::spec-table{operations="Webhooks"}\n\n::spec-table{schema="WebhookEndpointStatus"}\n';
  const missing = await checkCompleteness(facts, (page) => (page === EVENT_OWNER ? renderPage(SITE_ROOT, page, oldWebhooks) : disk(page)));
  const lines = missing.map((m) => `${m.page}: ${m.message}`);
  const event = facts.events.find((e) => e.type === 'withdrawal.returned')!;
  assert.ok(
    lines.includes(
      `docs/api/webhooks.md: does not mention the event withdrawal.returned, which it owns (openapi/events/withdrawal.returned.yaml:${event.line})`,
    ),
    lines.join('\n'),
  );
  // The line is the event's operation in its file.
  assert.match(fs.readFileSync(path.join(SITE_ROOT, 'openapi/events/withdrawal.returned.yaml'), 'utf8').split('\n')[event.line - 1], /^post:/);
  assert.equal(missing.length, facts.events.length - 3, 'every event but the three written');
  // A terminology page that retypes its operations misses the one added since.
  const account = OPERATION_OWNERS.Accounts;
  const oldAccount = '# Account\n\n- [Create an account](/docs/api/account/create-account)\n\n::spec-table{schema="AccountStatus"}\n';
  const accountMissing = (await checkCompleteness(facts, (page) => (page === account ? renderPage(SITE_ROOT, page, oldAccount) : disk(page)))).map(
    (m) => m.message,
  );
  assert.ok(
    accountMissing.some((m) =>
      /^does not mention the operation updateAccount \(PATCH \/accounts\/\{account_id\}\), which it owns \(openapi\/paths\/accounts_\{account_id\}\.yaml:\d+\)$/.test(
        m,
      ),
    ),
    accountMissing.join('\n'),
  );
  assert.ok(!accountMissing.some((m) => m.includes('createAccount')));
  // Statuses: a status page without its table.
  const kyc = STATUS_OWNERS.KycStatus[0];
  const kycMissing = await checkCompleteness(facts, (page) =>
    page === kyc ? renderPage(SITE_ROOT, page, '# KYC\n\n`approved` unlocks funds.\n') : disk(page),
  );
  assert.deepEqual(kycMissing.map((m) => m.message).filter((m) => m.includes('KycStatus')).length, facts.statuses.get('KycStatus')!.length - 1);
});

test('steps: a request sending an id or deposit reference nothing earlier returned or explained fails with its line', () => {
  const curl = (method: string, p: string, body?: string) =>
    `\`\`\`bash\ncurl -X ${method} https://api.sandbox.novaramp.example/v1${p} \\\n  -H "Authorization: Bearer $NOVARAMP_API_KEY"${body ? ` \\\n  -H "Idempotency-Key: $(uuidgen)" \\\n  -d '${body}'` : ''}\n\`\`\``;
  // The sandbox walkthrough before issue #27: it sent a deposit reference no step had fetched.
  const page = [
    '# Flow',
    '',
    curl('POST', '/accounts', '{"type": "individual"}'), // request on line 4
    '',
    '```json title="201 Created"\n{"id": "acc_7Hq2LmX9pR4sT8vW"}\n```',
    '',
    curl('POST', '/sandbox/accounts/acc_7Hq2LmX9pR4sT8vW/bank-transfers', '{"rail": "ach", "reference": "DEP7HQ2LMX9"}'), // request on line 15
    '```json title="201 Created"\n{"id": "txn_9Dk4Fs7Ja2Mv6Qe8"}\n```',
    '',
    curl('GET', '/accounts/acc_7Hq2LmX9pR4sT8vW/wallets/wal_5Kp9Qz2Lm7Xr3Tb8'), // request on line 25
  ].join('\n');
  const problems = checkSteps('docs/api/flow.md', page).map((p) => `${p.line}: ${p.message}`);
  assert.deepEqual(
    problems.map((p) => p.split(', which')[0]),
    [
      '15: POST /sandbox/accounts/acc_7Hq2LmX9pR4sT8vW/bank-transfers sends DEP7HQ2LMX9 in "reference" of its body',
      '25: GET /accounts/acc_7Hq2LmX9pR4sT8vW/wallets/wal_5Kp9Qz2Lm7Xr3Tb8 sends wal_5Kp9Qz2Lm7Xr3Tb8 in its path',
    ],
  );
  // Said where it comes from (in code, with a link, before the request): connected.
  const explained = page.replace('# Flow', '# Flow\n\nThe wallet `wal_5Kp9Qz2Lm7Xr3Tb8` of the [wallets guide](/docs/guides/wallets-guide).');
  assert.deepEqual(
    checkSteps('docs/api/flow.md', explained).map((p) => p.message.split(' sends ')[1].split(' ')[0]),
    ['DEP7HQ2LMX9'],
  );
  // A payout's own reference is text the caller chooses, not an identifier.
  assert.deepEqual(
    checkSteps('docs/api/flow.md', curl('POST', '/accounts/acc_7Hq2LmX9pR4sT8vW/fiat-withdrawals', '{"reference": "Invoice 42"}').replace('# ', '')).map(
      (p) => p.message.split(' sends ')[1].split(' in')[0],
    ),
    ['acc_7Hq2LmX9pR4sT8vW'],
  );
});
