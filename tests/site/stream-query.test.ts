/**
 * The OpenAPI 3.2 operations of issue #50 in the try-it panel, on the production build in Chromium, answered by the
 * browser sandbox (nothing leaves the machine): the transaction search sends a `QUERY` with its JSON body and shows
 * the sandbox's `200`; the event stream shows each Server-Sent Event as it is recorded, the first one while the
 * stream is still open, and Stop ends it.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {Page} from 'playwright-core';
import {openHydrated, openTryIt, sealedContext, setBody, VIEWPORTS} from '../helpers/browser-sandbox';
import {useSiteInBrowser} from '../helpers/site';

const site = useSiteInBrowser();

const SEARCH = '/docs/api/transaction/search-transactions';
const STREAM = '/docs/api/webhook/stream-events';
const RESPONSE = '.openapi-explorer__response-container'; // relies on: openapi-try-it-markup

/** Shows the optional parameters and sets each named one (an empty value clears the spec's example). */
async function setParameters(page: Page, values: Record<string, string>): Promise<void> {
  // relies on: openapi-try-it-markup
  const form = page.locator('form.openapi-explorer__request-form'); // relies on: openapi-try-it-markup
  const optional = form.getByRole('button', {name: 'Show optional parameters'});
  if (await optional.isVisible()) await optional.click();
  for (const [name, value] of Object.entries(values)) await form.getByLabel(name, {exact: true}).fill(value);
}

const sendFromKeyboard = async (page: Page) => {
  await page.getByRole('button', {name: 'Send API Request'}).focus();
  await page.keyboard.press('Enter');
};

const responseText = (page: Page) => page.locator(RESPONSE).innerText();

test('the QUERY search in try-it gets its 200 from the browser sandbox, with the body it sent', async () => {
  const {context, leaked} = await sealedContext(site, VIEWPORTS.desktop);
  try {
    const page = await context.newPage();
    const sent: {method: string; body: string | null}[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/transactions/search')) sent.push({method: request.method(), body: request.postData()});
    });
    await openHydrated(site, page, SEARCH);
    await openTryIt(page);
    await setParameters(page, {limit: '50', cursor: ''});
    await setBody(page, {currencies: ['USDC'], statuses: ['completed']});
    await sendFromKeyboard(page);
    await page.waitForFunction((selector) => /"data"/.test(document.querySelector(selector)?.textContent ?? ''), RESPONSE, {timeout: 60000});
    const answer = await responseText(page);
    assert.match(answer, /\b200\b/);
    assert.match(answer, /"currency":\s*"USDC"/, answer.slice(0, 600));
    assert.match(answer, /txn_[A-Za-z0-9]{16}/);
    assert.ok(!/"currency":\s*"(USD|EUR)"/.test(answer), 'only the USDC deposit of the seed matches');
    assert.ok(
      sent.some((r) => r.method === 'QUERY' && JSON.parse(r.body ?? '{}').currencies?.[0] === 'USDC'),
      JSON.stringify(sent),
    );
    assert.deepEqual(leaked, [], 'no request left for another host');
  } finally {
    await context.close();
  }
});

test('the event stream in try-it shows each event as it is recorded, before the stream ends, and Stop ends it', async () => {
  const {context, leaked} = await sealedContext(site, VIEWPORTS.desktop);
  try {
    const page = await context.newPage();
    await openHydrated(site, page, STREAM);
    await openTryIt(page);
    // The example Last-Event-ID is an event of the docs, not of this sandbox: connect without it.
    await setParameters(page, {'Last-Event-ID': ''});
    await sendFromKeyboard(page);
    const stop = page.getByRole('button', {name: 'Stop the stream'});
    await stop.waitFor({timeout: 60000});

    // Events recorded in this tab's sandbox (a simulation, as another page's try-it would send it) reach the stream.
    const simulate = (type: string) =>
      page.evaluate(async (eventType) => {
        const response = await fetch('https://api.sandbox.novaramp.example/v1/sandbox/events', {
          method: 'POST',
          headers: {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},
          body: JSON.stringify({type: eventType}),
        });
        return ((await response.json()) as {id: string}).id;
      }, type);
    const first = await simulate('deposit.completed');
    assert.match(first, /^evt_/);
    await page.waitForFunction(([selector, id]) => (document.querySelector(selector)?.textContent ?? '').includes(`id: ${id}`), [RESPONSE, first] as const, {
      timeout: 10000,
    });
    assert.ok(await stop.isVisible(), 'the first event shows while the stream is still open');
    assert.match(await responseText(page), /event: deposit\.completed/);

    const second = await simulate('withdrawal.returned');
    await page.waitForFunction(([selector, id]) => (document.querySelector(selector)?.textContent ?? '').includes(`id: ${id}`), [RESPONSE, second] as const, {
      timeout: 10000,
    });
    const both = await responseText(page);
    assert.ok(both.indexOf(`id: ${first}`) < both.indexOf(`id: ${second}`), 'in the order they were recorded');

    await stop.click();
    await stop.waitFor({state: 'detached', timeout: 10000});
    const kept = await responseText(page);
    assert.ok(kept.includes(first) && kept.includes(second), 'what arrived stays after Stop');
    assert.deepEqual(leaked, [], 'no request left for another host');
  } finally {
    await context.close();
  }
});
