/**
 * A guide run in the page with its Run buttons (issue #47, "Guides you run in the page"), in Chromium on the
 * production build, at a phone's and a desktop's width, each in a fresh browser (a new key, an empty sandbox): the
 * create-account guide, top to bottom. Nothing of the run or the sandbox loads before the first Run; a step whose
 * earlier step has not run says which one and sends nothing; each Run answers 2xx, and the later steps send the
 * account the first one created. The Run blocks are axe-clean in light and dark mode; nothing leaves the machine.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Locator, Page} from 'playwright-core';
import {axeProblems} from '../helpers/axe';
import {loaded, openHydrated, sealedContext, VIEWPORTS} from '../helpers/browser-sandbox';
import {colourModeScript, useSiteInBrowser} from '../helpers/site';

const site = useSiteInBrowser();

const GUIDE = '/docs/guides/create-account-guide';
const WORKFLOW = 'onboard-account';
/** A string of the run chunk (src/plugins/workflow-steps/client-run.tsx), and one of the sandbox's engine chunk. */
const MARKERS = {run: 'which has no documented value to run with', engine: 'does not deliver webhooks'};
/** A step's Run block. */
const block = (page: Page, step: string): Locator => page.locator(`#run-${WORKFLOW}-${step}`);

/** Presses a step's Run button from the keyboard and returns what shows below it once it is there. */
async function run(page: Page, step: string, expect: RegExp = /^\d{3} from /m): Promise<string> {
  const button = page.getByRole('button', {name: `Run step ${step} in the sandbox`});
  await button.scrollIntoViewIfNeeded();
  await button.focus();
  await page.keyboard.press('Enter');
  const output = block(page, step).locator('[aria-live="polite"]');
  await output.getByText(expect).first().waitFor({timeout: 60000});
  return output.innerText();
}

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
}
