/**
 * Guides run in the page with their Run buttons (issue #47, "Guides you run in the page"), in Chromium on the
 * production build, at a phone's and a desktop's width, each in a fresh browser (a new key, an empty sandbox):
 * - the create-account guide, top to bottom. Nothing of the run or the sandbox loads before the first Run; a step
 *   whose earlier step has not run says which one and sends nothing; each Run answers 2xx, and the later steps send
 *   the account the first one created;
 * - the reconciliation guide, top to bottom: its day is the reader's yesterday (UTC), in fields the Run fills from
 *   the workflow's inputs (`x-default-midnight-utc`) and sends; the list holds the seed's deposits of yesterday, and
 *   a day typed in the field is the day the next Run lists;
 * - the webhook guide through resend-event: the endpoint is verified by the browser sandbox's simulated receiver,
 *   which the answers say, and the resend is accepted.
 * The Run blocks (fields, answers, the receiver's note) are axe-clean in light and dark mode; nothing leaves the machine.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Locator, Page} from 'playwright-core';
import {axeProblems} from '../helpers/axe';
import {loaded, openHydrated, sealedContext, VIEWPORTS} from '../helpers/browser-sandbox';
import {colourModeScript, useSiteInBrowser} from '../helpers/site';
import {midnightUtc} from '../helpers/utc-days';

const site = useSiteInBrowser();

const GUIDE = '/docs/guides/create-account-guide';
const WORKFLOW = 'onboard-account';
const RECONCILIATION = '/docs/guides/reconciliation-guide';
const WEBHOOKS = '/docs/guides/webhook-guide';
const SERVER = 'https://api.sandbox.novaramp.example/v1';
/** A string of the run chunk (src/plugins/workflow-steps/client-run.tsx), and one of the sandbox's engine chunk (client-engine.ts). */
const MARKERS = {run: 'which has no value: fill it in above', engine: 'The sandbox serves the API under'};
/** A step's Run block. */
const block = (page: Page, step: string, workflow = WORKFLOW): Locator => page.locator(`#run-${workflow}-${step}`);

/** Presses a step's Run button from the keyboard and returns what shows below it once it is there. */
async function run(page: Page, step: string, expect: RegExp = /^\d{3} from /m, workflow = WORKFLOW): Promise<string> {
  const button = block(page, step, workflow).getByRole('button', {name: `Run step ${step} in the sandbox`});
  await button.scrollIntoViewIfNeeded();
  await button.focus();
  await page.keyboard.press('Enter');
  const output = block(page, step, workflow).locator('[aria-live="polite"]');
  await output.getByText(expect).first().waitFor({timeout: 60000});
  // The answer of this Run, not the last one still shown: the button is busy until it is there.
  await block(page, step, workflow).locator('button:not([aria-busy])').waitFor({timeout: 60000});
  return output.innerText();
}

/** The JSON answer shown below a step's button. */
const answerOf = async (page: Page, step: string, workflow: string): Promise<unknown> =>
  JSON.parse(await block(page, step, workflow).locator('pre code').innerText());

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`a guide run with its Run buttons (${name})`, () => {
    test('runs top to bottom in a fresh sandbox, later steps sending what earlier ones set', async () => {
      const {context, leaked, marks} = await sealedContext(site, viewport, MARKERS);
      try {
        const page = await context.newPage();
        await openHydrated(site, page, GUIDE);
        await page.waitForLoadState('networkidle');
        assert.equal(marks.join(', '), '', 'a first visit carries nothing of the run or the sandbox');

        // Too early: the account does not exist yet. The reader is told which step to run, and nothing is sent.
        const early = await run(page, 'read-kyc', /Run step create-account first/);
        assert.match(early, /this step reads its account_id/);
        assert.equal(await block(page, 'read-kyc').getByRole('link', {name: 'create-account'}).getAttribute('href'), `#run-${WORKFLOW}-create-account`);
        assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null, 'the sandbox did not start');
        assert.ok((await loaded(marks, 'run')) && !marks.includes('engine'), `the run chunk loaded on the first click, not the engine (${marks.join(', ')})`);

        const created = await run(page, 'create-account');
        assert.match(created, /^201 from POST https:\/\/api\.sandbox\.novaramp\.example\/v1\/accounts$/m);
        const id = /"id": "(acc_[A-Za-z0-9]{16})"/.exec(created)?.[1];
        assert.ok(id, `an account id in: ${created.slice(0, 300)}`);
        assert.ok(await loaded(marks, 'engine'), 'the first Run that sends started the sandbox');

        const read = await run(page, 'read-kyc');
        assert.match(read, new RegExp(`^200 from GET https://api\\.sandbox\\.novaramp\\.example/v1/accounts/${id}/kyc$`, 'm'), 'the id created, in the URL');
        assert.match(read, /"status": "not_started"/);

        const approved = await run(page, 'approve-kyc');
        assert.match(approved, new RegExp(`^200 from POST https://api\\.sandbox\\.novaramp\\.example/v1/sandbox/accounts/${id}/kyc$`, 'm'));
        assert.match(approved, /"status": "approved"/, "the guide's outcome: the account is approved");

        // The answer the reader reads again later: read-kyc once more says approved.
        assert.match(await run(page, 'read-kyc', /"status": "approved"/), new RegExp(id));
        assert.deepEqual(leaked, [], 'no request left for another host');
      } finally {
        await context.close();
      }
    });

    test("runs the reconciliation guide top to bottom on the reader's yesterday, in fields the reader can change", async () => {
      const {context, leaked} = await sealedContext(site, viewport);
      try {
        const page = await context.newPage();
        await openHydrated(site, page, RECONCILIATION);
        const workflow = 'reconcile-day';
        const yesterday = midnightUtc(-1);
        const today = midnightUtc(0);
        const listed = await run(page, 'list-ledger-entries', /^\d{3} from /m, workflow);
        const query = new URLSearchParams({created_gte: yesterday, created_lt: today, sort: 'created_at', limit: '100'});
        assert.match(
          listed,
          new RegExp(`^200 from GET ${SERVER.replace(/\./g, '\\.')}/accounts/acc_7Hq2LmX9pR4sT8vW/ledger-entries\\?${query.toString()}$`, 'm'),
        );
        // The fields of the workflow's inputs, labelled from their schema, filled with what the Run sent.
        const dayStart = block(page, 'list-ledger-entries', workflow).getByLabel(/day_start \(string\)/);
        assert.equal(await dayStart.inputValue(), yesterday);
        assert.equal(
          await block(page, 'list-ledger-entries', workflow)
            .getByLabel(/day_end/)
            .inputValue(),
          today,
        );
        assert.equal(
          await block(page, 'list-ledger-entries', workflow)
            .getByLabel(/account_id/)
            .inputValue(),
          'acc_7Hq2LmX9pR4sT8vW',
        );
        assert.match(await dayStart.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).innerText()), /inclusive/);
        const entries = (await answerOf(page, 'list-ledger-entries', workflow)) as {data: {kind: string; currency: string; created_at: string}[]};
        assert.deepEqual(
          entries.data.map((e) => `${e.kind} ${e.currency}`),
          ['deposit USD', 'deposit EUR', 'deposit USDC'],
          "yesterday's ledger entries: the seed's three deposits",
        );
        for (const e of entries.data) assert.ok(e.created_at >= yesterday && e.created_at < today, `written yesterday: ${e.created_at}`);

        assert.match(await run(page, 'read-ledger-entry', /^\d{3} from /m, workflow), /^200 from GET .*\/ledger-entries\/led_/m);
        assert.match(await run(page, 'read-transaction', /^\d{3} from /m, workflow), /^200 from GET .*\/transactions\/txn_/m);
        assert.match(await run(page, 'list-balances', /^\d{3} from /m, workflow), /^200 from GET .*\/balances$/m);
        const events = await run(page, 'list-events', /^\d{3} from /m, workflow);
        assert.match(
          events,
          new RegExp(
            `^200 from GET ${SERVER.replace(/\./g, '\\.')}/events\\?created_gte=${encodeURIComponent(yesterday)}&created_lt=${encodeURIComponent(today)}$`,
            'm',
          ),
        );

        // A day typed in the field is what the next Run sends, in every step of the workflow: the day before has no entry.
        const before = midnightUtc(-2);
        await dayStart.fill(before);
        await block(page, 'list-ledger-entries', workflow)
          .getByLabel(/day_end/)
          .fill(yesterday);
        assert.equal(
          await block(page, 'list-events', workflow)
            .getByLabel(/day_start/)
            .inputValue(),
          before,
          'the steps of a workflow share its inputs',
        );
        const other = await run(page, 'list-ledger-entries', new RegExp(`created_gte=${encodeURIComponent(before)}`), workflow);
        assert.match(other, /^200 from /m);
        assert.deepEqual(((await answerOf(page, 'list-ledger-entries', workflow)) as {data: unknown[]}).data, [], 'no entry the day before yesterday');
        assert.deepEqual(leaked, [], 'no request left for another host');
      } finally {
        await context.close();
      }
    });

    test("runs the webhook guide through resend-event: the browser sandbox's simulated receiver verifies the endpoint", async () => {
      const {context, leaked} = await sealedContext(site, viewport);
      try {
        const page = await context.newPage();
        await openHydrated(site, page, WEBHOOKS);
        const workflow = 'webhook-endpoint';
        assert.match(await run(page, 'create-endpoint', /^\d{3} from /m, workflow), /^201 from POST .*\/webhooks$/m);
        const verify = await run(page, 'verify-endpoint', /^\d{3} from /m, workflow);
        assert.match(verify, /^200 from POST .*\/webhooks\/whk_[A-Za-z0-9]+\/verify$/m);
        const verified = (await answerOf(page, 'verify-endpoint', workflow)) as {outcome: string; http_status: number; endpoint_status: string};
        assert.deepEqual([verified.outcome, verified.http_status, verified.endpoint_status], ['verified', 200, 'active']);
        // Where the delivery went, said with the answer.
        assert.match(verify, /simulated receiver/);
        assert.match(verify, /your server receives nothing/);
        assert.match(verify, /webhook\.verification \(evt_[A-Za-z0-9]+\) for https:\/\/hooks\.acme-wallet\.example\/novaramp: the receiver answered 200/);
        assert.match(await run(page, 'read-endpoint', /^\d{3} from /m, workflow), /"status": "active"/);
        const sent = await run(page, 'send-test-event', /^\d{3} from /m, workflow);
        assert.match(sent, /^201 from POST .*\/sandbox\/events$/m);
        assert.match(sent, /withdrawal\.returned \(evt_[A-Za-z0-9]+\) for https:\/\/hooks\.acme-wallet\.example\/novaramp: the receiver answered 200/);
        const resent = await run(page, 'resend-event', /^\d{3} from /m, 'recover-events');
        assert.match(resent, /^202 from POST .*\/events\/evt_[A-Za-z0-9]+\/resend$/m);
        assert.match(resent, /"status": "scheduled"/, 'the answer as documented');
        assert.match(resent, /This Run delivered:\s+withdrawal\.returned/, 'and the resend was delivered to the simulated receiver');
        assert.deepEqual(leaked, [], 'no request left for another host: not even to the endpoint');
      } finally {
        await context.close();
      }
    });
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`the Run blocks, with an answer and a step to run first, have no serious or critical axe violation (${mode} mode)`, async () => {
    const {context, leaked} = await sealedContext(site, VIEWPORTS.desktop, MARKERS);
    try {
      await context.addInitScript({content: colourModeScript(mode)});
      const page = await context.newPage();
      await openHydrated(site, page, GUIDE);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
      await run(page, 'read-kyc', /Run step create-account first/);
      await run(page, 'create-account');
      assert.deepEqual(await axeProblems(page, mode, {include: '[data-run-step]'}), []);
      assert.deepEqual(leaked, []);
    } finally {
      await context.close();
    }
  });

  test(`the input fields and the simulated receiver's note have no serious or critical axe violation (${mode} mode)`, async () => {
    const {context, leaked} = await sealedContext(site, VIEWPORTS.desktop);
    try {
      await context.addInitScript({content: colourModeScript(mode)});
      const page = await context.newPage();
      await openHydrated(site, page, RECONCILIATION);
      // An emptied field: the step names the input to fill in, and sends nothing.
      await run(page, 'list-ledger-entries', /^200 from /m, 'reconcile-day');
      await block(page, 'list-ledger-entries', 'reconcile-day')
        .getByLabel(/day_end/)
        .fill('');
      await run(page, 'list-events', /day_end, which has no value: fill it in above/, 'reconcile-day');
      assert.deepEqual(await axeProblems(page, mode, {include: '[data-run-step]'}), []);
      await openHydrated(site, page, WEBHOOKS);
      await run(page, 'create-endpoint', /^201 from /m, 'webhook-endpoint');
      await run(page, 'verify-endpoint', /simulated receiver/, 'webhook-endpoint');
      assert.deepEqual(await axeProblems(page, mode, {include: '[data-run-step]'}), []);
      assert.deepEqual(leaked, []);
    } finally {
      await context.close();
    }
  });
}
