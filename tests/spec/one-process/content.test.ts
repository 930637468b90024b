/** The written pages agree with the spec (scripts/check-content.ts), and the checker really catches drift. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {buildVocabulary, checkContent, checkPage} from '../../../tools/content/content-check';
import {SITE_ROOT} from '../../../tools/cli';
import {linkableRoutes} from '../../../tools/site/routes-contract';

const routes = linkableRoutes();
const vocab = buildVocabulary(SITE_ROOT, routes);

test('every page agrees with the spec, links existing pages and has no placeholder text', async () => {
  const report = await checkContent(SITE_ROOT, routes);
  assert.deepEqual(report.problems, []);
  assert.ok(report.files >= 33, `${report.files} pages checked`);
  assert.ok(report.references >= 400, `${report.references} references checked`);
});

test('every operation is linked from at least one guide or API docs page', async () => {
  const report = await checkContent(SITE_ROOT, routes);
  assert.deepEqual(
    report.problems.filter((p) => p.includes('no guide or API docs page links')),
    [],
  );
  // The check must have run over every operation: at least the 37 seed operations and the 19 of issue #11, each
  // pinned in the routes contract (tests/routes.txt, tests/routes-extra.txt).
  assert.ok(vocab.operationRoutes.length >= 37 + 19, `only ${vocab.operationRoutes.length} operations checked`);
  assert.deepEqual(
    vocab.operationRoutes.filter((r) => !routes.includes(r)),
    [],
  );
});

const guide = 'docs/guides/create-account-guide.md';
const original = fs.readFileSync(path.join(SITE_ROOT, guide), 'utf8');
const problemsWith = (text: string) => checkPage(guide, text, vocab).problems.map((p) => `${p.line}: ${p.message}`);

test('breaking a documented path in a guide fails, naming the line', () => {
  assert.deepEqual(problemsWith(original), []);
  const documented = /`(GET|POST|PATCH|DELETE) (\/[^`\s]+)`/.exec(original);
  assert.ok(documented, `${guide} documents an endpoint`);
  const [token, method, apiPath] = documented;
  const broken = original.replace(token, `\`${method} ${apiPath}-typo\``);
  const line = broken.slice(0, broken.indexOf(`${apiPath}-typo`)).split('\n').length;
  assert.ok(problemsWith(broken).includes(`${line}: unknown API path ${apiPath}-typo`), problemsWith(broken).join('\n'));
  const otherVerb = ['GET', 'POST', 'PATCH', 'DELETE'].find((m) => !vocab.endpoints.some((e) => e.method === m && e.template === apiPath))!;
  const wrongVerb = original.replace(token, `\`${otherVerb} ${apiPath}\``);
  assert.match(problemsWith(wrongVerb).join('\n'), new RegExp(`${otherVerb} \\S+ is not an operation of the spec`));
});

test('an unknown status, event type, error code, header, API URL or link fails', () => {
  const cases: [string, RegExp][] = [
    ['The status becomes `pending_approval`.', /`pending_approval` is not a field, parameter, enum value or error code/],
    ['Listen for `deposit.settled`.', /`deposit\.settled` is not an event type/],
    ['Handle `funds_insufficient`.', /`funds_insufficient` is not a field/],
    ['Send `Idempotency-Token`.', /`Idempotency-Token` is not a header of the spec/],
    ['curl https://api.sandbox.novaramp.example/v1/accounts/acc_7Hq2LmX9pR4sT8vW/kyc-status', /unknown API path \/accounts\/acc_7Hq2LmX9pR4sT8vW\/kyc-status/],
    ['See [the page](/docs/api/account/remove-account).', /link to \/docs\/api\/account\/remove-account, which is not a page/],
    ['This section is TBD.', /placeholder text/],
    ['-H "Authorization: Bearer sk_sandbox_9fK2mQ7xLp3RtV8wZq"', /literal API key sk_sandbox_9fK2mQ7xLp3RtV8wZq/],
    ['```json\n{"acount_id": "acc_7Hq2LmX9pR4sT8vW"}\n```', /JSON example uses "acount_id"/],
  ];
  for (const [text, expected] of cases) assert.match(problemsWith(text).join('\n'), expected, text);
  // …while the real names pass.
  const fine = 'Status `pending_review`, event `kyc.updated`, code `insufficient_funds`, header `Idempotency-Key`, [KYC](/docs/guides/terminology/kyc).';
  assert.deepEqual(problemsWith(fine), []);
});
