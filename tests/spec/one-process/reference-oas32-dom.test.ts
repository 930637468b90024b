/**
 * Every OpenAPI 3.2 fixture (tests/fixtures/reference/oas32-*.yaml) and the nested-array one, in Chromium as a reader
 * sees them on the site (tests/helpers/reference-browser.ts: the site's stylesheets, the endpoint line, the sidebar
 * item, the reference made interactive by the page's own module): each feature's text is rendered and visible (not
 * hidden by CSS), its tabs and expanders open on it, and axe finds no serious or critical violation in light and dark
 * mode. The same fixtures in the page's HTML, the Markdown copy and the MCP model, with the nothing-lost check:
 * reference-oas32.test.ts.
 */
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import type {Browser, Locator, Page} from 'playwright-core';
import {launchChromium} from '../../../tools/cli/chromium';
import {axeProblems, colourTransitionsEnded} from '../../helpers/axe';
import {ENDPOINT_BADGE, ENDPOINT_PATH, fixtureOperation, withReference} from '../../helpers/reference-browser';

let browser: Browser;
before(async () => {
  browser = await launchChromium('the OpenAPI 3.2 reference tests');
});
after(async () => {
  await browser?.close();
});

/** Opens `operationId` of a fixture in light mode; `use` gets the page. */
async function open<T>(file: string, operationId: string, use: (page: Page) => Promise<T>): Promise<T> {
  return withReference(browser, await fixtureOperation(file, operationId), use);
}

/** The text a reader sees in `locator` (innerText: none of what CSS hides), which must be on screen. */
async function seen(locator: Locator, what: string): Promise<string> {
  assert.ok(await locator.isVisible(), `${what} is visible`);
  const box = await locator.boundingBox();
  assert.ok(box && box.width > 0 && box.height > 0, `${what} takes room on the page`);
  const style = await locator.evaluate((el) => {
    const s = getComputedStyle(el);
    return {opacity: s.opacity, visibility: s.visibility, color: s.color};
  });
  assert.notEqual(style.opacity, '0', `${what} is not transparent`);
  assert.equal(style.visibility, 'visible', `${what} is not hidden`);
  return (await locator.innerText()).trim();
}

/** Selects the tab named `name` (within `scope`) and returns its panel once it is filled. */
async function selectTab(page: Page, scope: Locator, name: string | RegExp): Promise<Locator> {
  const tab = scope.getByRole('tab', {name, exact: typeof name === 'string'}).first();
  await tab.click();
  assert.equal(await tab.getAttribute('aria-selected'), 'true', `${String(name)} is selected`);
  const panel = page.locator(`[id="${await tab.getAttribute('aria-controls')}"]`);
  await page.locator(`[id="${await tab.getAttribute('aria-controls')}"]:not([aria-busy])`).waitFor();
  return panel;
}

/** A computed style of an element's pseudo-element. */
const pseudo = (locator: Locator, which: '::before' | '::after', property: string) =>
  locator.evaluate((el, [w, p]) => getComputedStyle(el, w).getPropertyValue(p), [which, property] as const);

test('hierarchical tags: the trail above the reference names each tag by its summary, as the sidebar does', async () => {
  await open('oas32-tags.yaml', 'getChargeback', async (page) => {
    assert.equal(await seen(page.locator('.novaramp-ref-tags'), 'the tag trail'), 'In Payments › Disputes › Chargebacks');
  });
  await open('oas32-tags.yaml', 'createRefund', async (page) => {
    assert.equal(await seen(page.locator('.novaramp-ref-tags'), 'the tag trails'), 'In Payments › Refunds, Beta');
  });
});

test('QUERY: the endpoint line and the sidebar show a coloured QUERY badge; the body it sends is listed', async () => {
  await open('oas32-query.yaml', 'searchTransactions', async (page) => {
    const badge = page.locator(ENDPOINT_BADGE);
    assert.equal(await seen(badge, 'the method badge'), 'QUERY');
    assert.deepEqual(
      await badge.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]),
      ['rgb(14, 110, 126)', 'rgb(255, 255, 255)'],
      'the QUERY colour, white text',
    );
    assert.match(await seen(page.locator(ENDPOINT_PATH), 'the path'), /\/transactions\/search$/);
    // The sidebar's badge is the link's ::before, its label and colour from the item's method class.
    const link = page.getByRole('link', {name: 'Search transactions'});
    assert.equal(await pseudo(link, '::before', 'content'), '"query"');
    assert.equal(await pseudo(link, '::before', 'text-transform'), 'uppercase');
    assert.equal(await pseudo(link, '::before', 'background-color'), 'rgb(14, 110, 126)');
    const body = page.locator('.novaramp-ref-details--request-body');
    assert.match(
      await seen(body, 'the request body'),
      /^REQUEST BODY \(APPLICATION\/JSON\)\s+REQUIRED\s+status\s+string\s+REQUIRED\s+Possible values: \[pending, settled\]\s+min_amount\s+integer\s+In minor units\.$/,
    );
  });
});

test('an additional method (PURGE) has a readable badge of its own on the endpoint line', async () => {
  await open('oas32-query.yaml', 'purgeCacheEntry', async (page) => {
    const badge = page.locator(ENDPOINT_BADGE);
    assert.equal(await seen(badge, 'the method badge'), 'PURGE');
    // White text on the page's background was unreadable (1.07:1): the neutral badge is dark text on grey.
    assert.deepEqual(await axeProblems(page, 'PURGE badge', {include: ENDPOINT_BADGE, rules: ['color-contrast']}), []);
    assert.notEqual(await badge.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgba(0, 0, 0, 0)');
  });
});

/** The contrast ratio of two `rgb(…)` colours (WCAG 2.1). */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const theme of ['light', 'dark'] as const) {
  test(`an additional method (PURGE) has its badge in the sidebar too, on the endpoint line's neutral colours (${theme} mode)`, async () => {
    await withReference(
      browser,
      await fixtureOperation('oas32-query.yaml', 'purgeCacheEntry'),
      async (page) => {
        const endpoint = page.locator(ENDPOINT_BADGE);
        const link = page.locator('.menu__link');
        // Its name, from the link's data-method, in capitals as every badge, and part of the link's accessible name.
        assert.equal(await link.getAttribute('data-method'), 'purge');
        assert.equal(await pseudo(link, '::before', 'content'), '"purge"');
        assert.equal(await pseudo(link, '::before', 'text-transform'), 'uppercase');
        assert.equal(await pseudo(link, '::before', 'display'), 'block');
        assert.ok(Number.parseFloat(await pseudo(link, '::before', 'width')) > 0, 'the badge takes room');
        assert.equal(await page.getByRole('link', {name: /^purge\s+Purge a cached entry$/i}).count(), 1, 'the badge is part of the link name');
        // The endpoint line's neutral badge: its background and its text colour, readable (at least 4.5:1).
        const [background, colour] = [await pseudo(link, '::before', 'background-color'), await pseudo(link, '::before', 'color')];
        assert.deepEqual([background, colour], await endpoint.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]));
        assert.ok(contrast(background, colour) >= 4.5, `${colour} on ${background}: ${contrast(background, colour).toFixed(2)}:1`);
        // The methods with a row of their own look as they did: their label, their colour, white text.
        const badges = await page.evaluate(() => {
          const list = document.querySelector('.menu__list') as HTMLElement;
          return ['get', 'post', 'patch', 'put', 'delete', 'event', 'query'].map((method) => {
            const li = document.createElement('li');
            li.className = `menu__list-item api-method ${method}`;
            li.innerHTML = `<a class="menu__link" href="/x" data-method="${method}">X</a>`;
            list.append(li);
            const s = getComputedStyle(li.firstElementChild as Element, '::before');
            return `${method}: ${s.content} ${s.backgroundColor} ${s.color}`;
          });
        });
        assert.deepEqual(badges, [
          'get: "get" rgb(31, 111, 67) rgb(255, 255, 255)',
          'post: "post" rgb(29, 78, 216) rgb(255, 255, 255)',
          'patch: "patch" rgb(138, 75, 8) rgb(255, 255, 255)',
          'put: "put" rgb(109, 76, 11) rgb(255, 255, 255)',
          'delete: "del" rgb(180, 35, 24) rgb(255, 255, 255)',
          'event: "event" rgb(91, 33, 182) rgb(255, 255, 255)',
          'query: "query" rgb(14, 110, 126) rgb(255, 255, 255)',
        ]);
      },
      {theme},
    );
  });
}

test('a querystring parameter: one parameter, the whole query string, its properties listed under it, its example as sent', async () => {
  await open('oas32-querystring.yaml', 'listPayments', async (page) => {
    assert.ok(await page.getByRole('heading', {name: 'Query String'}).isVisible());
    const param = page.locator('.novaramp-ref-param');
    assert.equal(await param.count(), 1, 'one parameter');
    const names = param.locator('.novaramp-ref-row__name');
    assert.deepEqual(await names.allInnerTexts(), ['filter', 'status', 'limit']);
    for (const name of await names.all()) await seen(name, 'a row of the query string');
    const text = await seen(param, 'the query string parameter');
    assert.match(text, /^filter\s+object\s+The whole query string is this one value, serialised as application\/x-www-form-urlencoded\./);
    assert.match(text, /status\s+string\s+Possible values: \[pending, settled\]\s+limit\s+integer\s+Possible values: <= 100/);
    assert.match(text, /Example, as sent: status=settled&limit=10\n/);
  });
});

test('a Server-Sent Events response: the item fields (the event data opening on its schema) and an example stream', async () => {
  await open('oas32-stream.yaml', 'streamEvents', async (page) => {
    const stream = page.locator('.novaramp-ref-stream').first();
    assert.match(
      await seen(stream, 'the stream'),
      /^A stream of items \(Server-Sent Events: one event per item, events separated by a blank line\), each one object:/,
    );
    const rows = stream.locator(':scope > ul > li .novaramp-ref-row__name:visible');
    assert.deepEqual(await rows.allInnerTexts(), ['event', 'data', 'id']);
    // The event's data is JSON of a schema: its row opens on that schema's fields.
    await stream.locator(':scope > ul > li > details > summary').first().click();
    assert.deepEqual(await rows.allInnerTexts(), ['event', 'data', 'type', 'created_at', 'id']);
    const responses = page.locator('.novaramp-ref-responses');
    const panel = await selectTab(page, responses, 'Example stream (auto)');
    // One event after another, a blank line between them (the code block's empty line reads as more than one \n).
    assert.match(await seen(panel, 'the example stream'), /^event: string\ndata: \{"type":"payment\.settled"[^\n]*\nid: string\n\n+event: string/);
  });
});

test('a JSON Lines response and a JSON text sequence request: their items and example streams in their own framing', async () => {
  await open('oas32-stream.yaml', 'streamEvents', async (page) => {
    const responses = page.locator('.novaramp-ref-responses');
    const media = await selectTab(page, responses, 'application/jsonl');
    const stream = media.locator('.novaramp-ref-stream');
    assert.match(await seen(stream, 'the JSON Lines stream'), /^A stream of items \(JSON Lines[^\n]*\), each one object \(Event\):\s+type\s+string\s+REQUIRED/);
    const example = await selectTab(page, media, 'Example stream (auto)');
    assert.match(
      await seen(example, 'the JSON Lines example'),
      /^\{"type":"payment\.settled","created_at":"2024-01-01T00:00:00Z"\}\n\{"type":"payment\.settled"/,
    );
  });
  await open('oas32-stream.yaml', 'exportEvents', async (page) => {
    const body = page.locator('.novaramp-ref-details--request-body');
    assert.match(
      await seen(body.locator('.novaramp-ref-stream'), 'the request stream'),
      /^A stream of items \(JSON text sequence: [^\n]*␞\)\), each one object \(Event\):/,
    );
    const example = await selectTab(page, page.locator('.novaramp-reference'), 'Example stream (auto)');
    assert.match(await seen(example, 'the JSON text sequence example'), /^␞\{"type":"payment\.settled"/);
    const parts = await selectTab(page, page.locator('.novaramp-ref-responses'), 'Example stream (auto)');
    assert.match(await seen(parts, 'the multipart example'), /--item-boundary\nContent-Type: application\/json/);
  });
});

test('the OAuth device flow: the security section shows its device authorization URL, and closes and opens', async () => {
  await open('oas32-device-flow.yaml', 'listBalances', async (page) => {
    const heading = page.getByRole('heading', {name: 'Authorization'});
    assert.ok(await heading.isVisible());
    const section = page.locator('details', {has: heading});
    const flow = section.locator('.novaramp-ref-flow').first();
    assert.equal(
      await seen(flow, 'the device flow'),
      [
        'Device authorization (RFC 8628: the user approves on another device)',
        'Device authorization URL: https://auth.fixture.example/device/code',
        'Token URL: https://auth.fixture.example/token',
        'Scopes: payments:read: Read payments and balances.',
      ].join('\n'),
    );
    assert.match(
      await seen(section, 'the security section'),
      /Authorization server metadata: https:\/\/auth\.fixture\.example\/\.well-known\/oauth-authorization-server/,
    );
    await heading.click();
    assert.equal(await flow.isVisible(), false, 'the section closes');
    await heading.click();
    await seen(flow, 'the device flow, opened again');
  });
});

test('named servers and $self: each server by its name, and the description the page is from', async () => {
  await open('oas32-servers-self.yaml', 'ping', async (page) => {
    assert.ok(await page.getByRole('heading', {name: 'Servers'}).isVisible());
    const servers = page.locator('.novaramp-ref-server');
    assert.deepEqual(await servers.allInnerTexts(), [
      'production: https://api.fixture.example/v1 (Live money.)',
      'sandbox: https://api.sandbox.fixture.example/v1 (Test money.)',
    ]);
    for (const s of await servers.all()) await seen(s, 'a server');
    assert.equal(await seen(page.locator('.novaramp-ref-self'), '$self'), 'From the API description https://api.fixture.example/openapi/servers.yaml');
  });
});

test("response summaries: each status's summary above its description, shown when its tab is selected", async () => {
  await open('oas32-response-summary.yaml', 'getPayout', async (page) => {
    const responses = page.locator('.novaramp-ref-responses');
    const first = page.locator(`[id="${await responses.getByRole('tab', {name: '200'}).getAttribute('aria-controls')}"]`);
    const summary = first.locator('.novaramp-ref-response-summary');
    assert.equal(await seen(summary, 'the 200 summary'), 'The payout');
    const description = first.getByText('The payout, with its current status.');
    assert.ok(((await summary.boundingBox())?.y ?? Infinity) < ((await description.boundingBox())?.y ?? -Infinity), 'the summary is above the description');
    const tab = responses.getByRole('tab', {name: '404'});
    assert.equal(await tab.getAttribute('title'), 'No such payout');
    const panel = await selectTab(page, responses, '404');
    assert.match(await seen(panel, 'the 404 response'), /^No such payout\s+No payout has this id, or it belongs to another account\.$/);
    assert.equal(await summary.isVisible(), false, "the 200 response's summary is hidden");
  });
});

test('example dataValue and serializedValue: the value as data, then as sent, in the example tab', async () => {
  await open('oas32-examples.yaml', 'createToken', async (page) => {
    const request = page.locator('.novaramp-reference');
    const panel = await selectTab(page, request, 'clientCredentials');
    const text = await seen(panel, 'the request example');
    assert.match(text, /^Client credentials\n/);
    assert.match(text, /\{\s*"grant_type": "client_credentials",\s*"scope": "payments:read payments:write"\s*\}/);
    assert.match(text, /As sent \(application\/x-www-form-urlencoded\):\s+grant_type=client_credentials&scope=payments%3Aread%20payments%3Awrite$/);
    const response = await selectTab(page, page.locator('.novaramp-ref-responses'), 'issued');
    assert.match(await seen(response, 'the response example'), /\{\s*"access_token": "tok_123"\s*\}/);
  });
});

test('a discriminator defaultMapping: the variant a payload without a listed value is, named above the variants', async () => {
  await open('oas32-default-mapping.yaml', 'getDestination', async (page) => {
    const variants = page.locator('.novaramp-variants');
    assert.match(
      await seen(variants.locator('p').first(), 'the discriminator'),
      /^Chosen by kind: exactly one of these\. Without kind, or with a value not listed: OtherDestination\.$/,
    );
    const other = await selectTab(page, variants, 'OtherDestination');
    assert.match(await seen(other, 'the default variant'), /^kind\s+string\s+label\s+string$/);
    const bank = await selectTab(page, variants, 'bank');
    assert.match(await seen(bank, 'the bank variant'), /^kind\s+string\s+REQUIRED\s+iban\s+string\s+REQUIRED$/);
  });
});

test('a cookie parameter with style: cookie: the cookie, its example, and the example as the Cookie header sends it', async () => {
  await open('oas32-cookie-style.yaml', 'getSession', async (page) => {
    assert.ok(await page.getByRole('heading', {name: 'Cookie Parameters'}).isVisible());
    assert.match(
      await seen(page.locator('.novaramp-ref-param'), 'the cookie'),
      /^session_id\s+string\s+REQUIRED\s+Example: s:abc\/123\s+Sent as: Cookie: session_id=s:abc\/123$/,
    );
  });
});

test("nested arrays: opening an array of arrays of objects shows every inner object's fields, in the request and the response", async () => {
  await open('nested-arrays.yaml', 'createGrid', async (page) => {
    const rows = page.locator('.novaramp-ref-details--request-body details').first();
    assert.equal(await rows.locator('.novaramp-ref-row__name').first().innerText(), 'rows');
    assert.equal(await rows.getByText("The column's key.").isVisible(), false, 'closed at first');
    await rows.locator('> summary').click();
    const names = rows.locator('.novaramp-ref-row__name');
    assert.deepEqual(await names.allInnerTexts(), ['rows', 'column', 'value']);
    for (const name of await names.all()) await seen(name, 'a grid field');
    await seen(rows.getByText("The column's key."), "the column's description");
    const batches = page.locator(`[id="${await page.locator('.novaramp-ref-responses details:not([open])').first().getAttribute('id')}"]`);
    await batches.locator('> summary').click();
    const inner = batches.locator('.novaramp-ref-row__name');
    assert.deepEqual(await inner.allInnerTexts(), ['batches', 'id', 'amount', 'settled_at']);
    for (const name of await inner.all()) await seen(name, 'a line field');
    await seen(batches.getByText('In minor units.'), "the amount's description");
  });
});

/** The axe rules whose outcome depends on the colour mode (as tests/site/a11y.test.ts runs them in dark mode). */
const DARK_MODE_RULES = ['color-contrast', 'link-in-text-block', 'image-alt', 'svg-img-alt', 'role-img-alt', 'link-name', 'button-name'];

const FIXTURE_OPERATIONS: [string, string][] = [
  ['oas32-tags.yaml', 'getChargeback'],
  ['oas32-query.yaml', 'searchTransactions'],
  ['oas32-query.yaml', 'purgeCacheEntry'],
  ['oas32-querystring.yaml', 'listPayments'],
  ['oas32-stream.yaml', 'streamEvents'],
  ['oas32-stream.yaml', 'exportEvents'],
  ['oas32-device-flow.yaml', 'listBalances'],
  ['oas32-servers-self.yaml', 'ping'],
  ['oas32-response-summary.yaml', 'getPayout'],
  ['oas32-examples.yaml', 'createToken'],
  ['oas32-default-mapping.yaml', 'getDestination'],
  ['oas32-cookie-style.yaml', 'getSession'],
  ['nested-arrays.yaml', 'createGrid'],
];

describe('axe on every fixture, every row opened', () => {
  for (const [file, operationId] of FIXTURE_OPERATIONS) {
    test(`${file} ${operationId}: no serious or critical violation, light and dark`, async () => {
      const problems = await open(file, operationId, async (page) => {
        // Every closed row opened (outermost first: a row's body may hold rows of its own).
        for (let i = 0; i < 20 && (await page.locator('.novaramp-reference details:not([open])').count()); i++) {
          await page.locator('.novaramp-reference details:not([open]) > summary').first().click();
        }
        const found = await axeProblems(page, 'light');
        // Dark mode changes colours only: the rules colours can fail, once the colour transitions have ended.
        await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
        await colourTransitionsEnded(page);
        return [...found, ...(await axeProblems(page, 'dark', {rules: DARK_MODE_RULES}))];
      });
      assert.deepEqual(problems, []);
    });
  }
});
