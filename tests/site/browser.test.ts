/** Behaviours a visitor sees, checked in Chromium against the production build on 127.0.0.1. */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {useSiteInBrowser, withPage} from '../helpers/site';

const site = useSiteInBrowser();

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

describe('colour mode', () => {
  test('light by default even when the browser prefers dark; the toggle stores `theme` and survives a reload', async () => {
    await withPage(
      site,
      '/docs/guides/welcome-guide',
      async (page) => {
        assert.equal(await theme(page), 'light');
        await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
        await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
        assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
        await page.reload();
        assert.equal(await theme(page), 'dark');
      },
      {colorScheme: 'dark'},
    );
  });

  test('mermaid diagrams are images drawn at build time: the default theme in light mode, the dark theme in dark mode', async () => {
    await withPage(site, '/docs/guides/flow-of-fund-guide', async (page) => {
      const requests: {type: string; url: string}[] = [];
      page.on('request', (r) => requests.push({type: r.resourceType(), url: r.url()}));
      const diagram = page.locator('.novaramp-mermaid').first();
      await diagram.scrollIntoViewIfNeeded();
      // Mean lightness of the opaque pixels of the diagram image visible in the current colour mode.
      const lightness = () =>
        page.evaluate(`(async () => {
          const img = [...document.querySelectorAll('.novaramp-mermaid img')].find((i) => i.getBoundingClientRect().width > 0);
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const ctx = canvas.getContext('2d');
          ctx.drawImage(img, 0, 0);
          const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
          let sum = 0, n = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200) { sum += (data[i] + data[i + 1] + data[i + 2]) / 3; n++; }
          return n > 1000 ? sum / n : -1;
        })()`) as Promise<number>;
      assert.ok((await page.locator('.novaramp-mermaid').count()) >= 2, 'the guide has its diagrams');
      assert.ok(await diagram.locator('.novaramp-mermaid__light img').isVisible());
      assert.ok(await diagram.locator('.novaramp-mermaid__dark img').isHidden());
      assert.match((await diagram.locator('.novaramp-mermaid__light img').getAttribute('alt')) ?? '', /^Sequence diagram between Client, NovaRamp API/);
      const light = await lightness();
      const darkSrc = (await diagram.locator('.novaramp-mermaid__dark img').getAttribute('src')) ?? '';
      assert.ok(!requests.some((r) => r.url.endsWith(darkSrc)), 'the dark image is not downloaded in light mode');
      await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      assert.ok(await diagram.locator('.novaramp-mermaid__dark img').isVisible());
      assert.ok(await diagram.locator('.novaramp-mermaid__light img').isHidden());
      const dark = await lightness();
      // mermaid's default theme fills actors light (#ECECFF); its dark theme fills them dark.
      assert.ok(light > 180, `light-mode diagram lightness ${light}`);
      assert.ok(dark >= 0 && dark < 120, `dark-mode diagram lightness ${dark}`);
      // Nothing draws them in the browser: no script of the page holds mermaid's code.
      const scripts = requests.filter((r) => r.type === 'script').map((r) => r.url);
      const bodies = await Promise.all(scripts.map(async (url) => (await (await fetch(url)).text()).includes('securityLevel')));
      assert.ok(!bodies.includes(true), 'no mermaid renderer loaded');
    });
  });
});

describe('announcement bar', () => {
  test('visible on the first visit, hidden by its close button, still hidden after a reload', async () => {
    await withPage(site, '/', async (page) => {
      const bar = page.locator('.theme-announcement-bar');
      assert.ok(await bar.isVisible());
      await bar.getByRole('button', {name: 'Close'}).click();
      assert.ok(await bar.isHidden());
      // relies on: announcement-storage-key
      assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss')), 'true');
      await page.reload();
      await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
      assert.ok(await page.locator('.theme-announcement-bar').isHidden());
    });
  });
});

describe('navigation', () => {
  test('Guides and API Reference lead to the welcome guide and the overview, and the sidebar follows', async () => {
    await withPage(site, '/', async (page) => {
      const left = page.locator('.navbar__items:not(.navbar__items--right)');
      assert.deepEqual(await left.locator('a.navbar__link').allInnerTexts(), ['Guides', 'API Reference'], 'both sections on the left');
      await page.locator('.navbar').getByRole('link', {name: 'API Reference'}).click();
      await page.waitForURL(/\/docs\/api\/overview$/);
      await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Error handling'}).waitFor({timeout: 5000});
      await page.locator('.navbar').getByRole('link', {name: 'Guides'}).click();
      await page.waitForURL(/\/docs\/guides\/welcome-guide$/);
      await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Terminology'}).waitFor({timeout: 5000});
      assert.equal(await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Error handling'}).count(), 0);
    });
  });

  test('at 996 px the mobile menu opens and closes and lists both sections; at 1280 px it is absent', async () => {
    await withPage(
      site,
      '/',
      async (page) => {
        const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
        assert.ok(await toggle.isVisible());
        await toggle.click();
        const sidebar = page.locator('.navbar-sidebar');
        await sidebar.getByRole('link', {name: 'Guides'}).waitFor();
        assert.ok(await sidebar.getByRole('link', {name: 'API Reference'}).isVisible());
        await page.getByRole('button', {name: 'Close navigation bar'}).click();
        await page.waitForFunction(() => !document.querySelector('.navbar-sidebar--show'));
      },
      {viewport: {width: 996, height: 800}},
    );
    await withPage(site, '/', async (page) => assert.ok(await page.getByRole('button', {name: 'Toggle navigation bar'}).isHidden()), {
      viewport: {width: 1280, height: 800},
    });
  });

  test("the phone docs sidebar: the page's sidebar in the menu, a link closes it", async () => {
    await withPage(
      site,
      '/docs/guides/banking-guide',
      async (page) => {
        await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
        const menu = page.locator('.navbar-sidebar .theme-doc-sidebar-menu');
        assert.equal(await menu.locator('.menu__link--active').getAttribute('href'), '/docs/guides/banking-guide');
        await menu.getByRole('link', {name: 'Quotes', exact: true}).click();
        await page.waitForURL(/\/docs\/guides\/quotes-guide$/);
        await page.waitForFunction(() => !document.querySelector('.navbar-sidebar--show'));
      },
      {viewport: {width: 412, height: 823}},
    );
  });

  test('the docs sidebar has no hide button and opening a category leaves the others as they were', async () => {
    await withPage(site, '/docs/api/overview', async (page) => {
      assert.equal(await page.getByRole('button', {name: /Collapse sidebar/i}).count(), 0);
      const menu = page.locator('.theme-doc-sidebar-menu');
      const toggle = (label: string) => menu.locator('.menu__list-item-collapsible', {hasText: label}).first().locator('[aria-expanded]').first();
      const opened = (label: string) => toggle(label).and(page.locator('[aria-expanded="true"]')).waitFor({timeout: 5000});
      await menu
        .getByRole('button', {name: /Account/})
        .first()
        .click();
      await opened('Account');
      await menu
        .getByRole('button', {name: /Balance/})
        .first()
        .click();
      await opened('Balance');
      assert.equal(await toggle('Account').getAttribute('aria-expanded'), 'true', 'Account stays open');
    });
  });
});

describe('search', () => {
  test('Ctrl-K focuses the navbar search; "withdraw" finds the crypto and fiat withdrawal pages', async () => {
    await withPage(site, '/docs/guides/welcome-guide', async (page) => {
      const input = page.getByRole('combobox', {name: 'Search'}).or(page.locator('.navbar__search-input')).first();
      assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('navbar__search-input')), false);
      await page.keyboard.press('Control+k');
      await page.waitForFunction(() => document.activeElement?.classList.contains('navbar__search-input'));
      await input.pressSequentially('withdraw');
      const suggestion = (title: string, where: string) =>
        page.getByRole('listbox').locator('[class*="suggestion_"]', {hasText: title}).filter({hasText: where}).first();
      await suggestion('Withdraw crypto', 'API Reference › Crypto › Wallet').waitFor({timeout: 15000});
      await suggestion('Withdraw fiat', 'API Reference › Fiat').waitFor({timeout: 15000});
      await suggestion('Withdraw crypto', 'API Reference › Crypto › Wallet').click();
      await page.waitForURL(/\/docs\/api\/crypto\/wallet\/whitdraw-crypto$/);
    });
  });
});

describe('pages', () => {
  test('the table of contents lists h2 and h3 headings, not h4', async () => {
    await withPage(site, '/docs/api/error-handling', async (page) => {
      const levels = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.table-of-contents a')).map((a) => {
          const id = decodeURIComponent((a.getAttribute('href') ?? '').slice(1));
          return document.getElementById(id)?.tagName ?? 'missing';
        }),
      );
      assert.ok(levels.includes('H2') && levels.includes('H3'), levels.join(','));
      assert.deepEqual(
        levels.filter((l) => l !== 'H2' && l !== 'H3'),
        [],
      );
      const h4 = await page.locator('.theme-doc-markdown h4').allInnerTexts();
      assert.ok(
        h4.some((t) => t.includes('FieldError')),
        'the page has h4 headings, which the TOC leaves out',
      );
    });
  });

  test('a table wider than its column is reachable by keyboard (tabindex 0) exactly while it scrolls, across a resize', async () => {
    await withPage(
      site,
      '/docs/guides/banking-guide',
      async (page) => {
        // Every table: does it scroll, and has it tabindex 0? They agree once the page has settled.
        const tablesAgree = () =>
          page.waitForFunction(() =>
            Array.from(document.querySelectorAll('table')).every((t) => t.scrollWidth > t.clientWidth + 1 === (t.getAttribute('tabindex') === '0')),
          );
        const scrolling = () => page.evaluate(() => document.querySelectorAll('table[tabindex="0"]').length);
        await tablesAgree();
        const narrow = await scrolling();
        assert.ok(narrow > 0, 'at 360 px some tables scroll');
        await page.setViewportSize({width: 1800, height: 900});
        await tablesAgree();
        assert.ok((await scrolling()) < narrow, 'wider, fewer tables scroll and they lose their tabindex');
        await page.setViewportSize({width: 360, height: 800});
        await tablesAgree();
        assert.equal(await scrolling(), narrow);
      },
      {viewport: {width: 360, height: 800}},
    );
  });

  test('footer: logo, four social links with accessible names, the 2025 copyright', async () => {
    await withPage(site, '/', async (page) => {
      const footer = page.locator('footer');
      assert.ok(
        await footer
          .getByRole('img', {name: /NovaRamp logo/})
          .first()
          .isVisible(),
      );
      for (const name of ['Instagram', 'X', 'Facebook', 'LinkedIn']) {
        assert.equal(await footer.getByRole('link', {name: `NovaRamp on ${name}`, exact: true}).count(), 1, name);
      }
      assert.match(await footer.innerText(), /Copyright © 2025 NovaRamp/);
    });
  });

  test('alias routes land on their targets; titles end with "| NovaRamp"', async () => {
    const context = await site.browser.newContext({viewport: {width: 1280, height: 900}});
    try {
      const page = await context.newPage();
      await page.goto(`${site.server.origin}/docs/guides/banking`);
      await page.waitForURL(/\/docs\/guides\/banking-guide$/);
      await page.waitForFunction(() => / \| NovaRamp$/.test(document.title));
      assert.match(await page.title(), /^Banking.* \| NovaRamp$/);
      await page.goto(`${site.server.origin}/docs`);
      await page.waitForURL(/\/docs\/guides\/welcome-guide$/);
    } finally {
      await context.close();
    }
  });

  test('blog: year groups in the sidebar, reading time, RSS and Atom in the head', async () => {
    await withPage(site, '/blog', async (page) => {
      // relies on: blog-sidebar-year-heading
      const years = await page.locator('[class*="yearGroupHeading"]').allInnerTexts();
      assert.ok(new Set(years).size >= 2, years.join(','));
      // A post under 1.5 minutes reads "One min read" (Docusaurus' wording), a longer one "3 min read".
      assert.match(await page.locator('article').first().innerText(), /(\d+|One) min read/);
      assert.equal(await page.locator('head link[type="application/rss+xml"][href="/blog/rss.xml"]').count(), 1);
      assert.equal(await page.locator('head link[type="application/atom+xml"][href="/blog/atom.xml"]').count(), 1);
    });
  });

  test('an API page shows method, path, parameters and response schema, and code samples switch language', async () => {
    await withPage(site, '/docs/api/crypto/wallet/whitdraw-crypto', async (page) => {
      // relies on: openapi-endpoint-markup
      assert.equal(await page.locator('.openapi__method-endpoint .badge').innerText(), 'POST');
      // relies on: openapi-endpoint-markup
      assert.match(await page.locator('.openapi__method-endpoint-path').innerText(), /\/accounts\/:account_id\/wallets\/:wallet_id\/withdrawals/);
      await page.getByText('Idempotency-Key').first().waitFor();
      await page.getByText('Responses', {exact: true}).first().waitFor();
      // relies on: openapi-code-tabs
      const languages = await page.locator('.openapi-tabs__code-item:not(.openapi-tabs__code-item--variant)').allInnerTexts();
      assert.deepEqual(
        languages.map((l) => l.toLowerCase()),
        ['curl', 'nodejs', 'typescript', 'python', 'go', 'java', 'php', 'ruby', 'csharp'],
      );
      // Every language is server-rendered; only the selected panel is visible.
      const visible = "document.querySelector('.novaramp-code-samples [role=tabpanel]:not([hidden]) pre')?.textContent ?? ''";
      const sample = () => page.locator('.novaramp-code-samples [role=tabpanel]:not([hidden]) pre').first().innerText();
      assert.match(await sample(), /^\s*curl -L/);
      // relies on: openapi-code-tabs
      await page.locator('.openapi-tabs__code-item--python').click();
      await page.waitForFunction(`/import http\\.client|import requests/.test(${visible})`);
      // relies on: openapi-code-tabs
      await page.locator('.openapi-tabs__code-item--go').click();
      await page.waitForFunction(`/package main/.test(${visible})`);
      assert.doesNotMatch(await sample(), /sk_sandbox_[A-Za-z0-9]{8}/, 'no credential in the snippet');
      // The typed sample: openapi-fetch with the published types, which its note links (and the build serves).
      await page.locator('.openapi-tabs__code-item--typescript').click();
      await page.waitForFunction(`/createClient<paths>/.test(${visible})`);
      assert.match(await sample(), /client\.POST\("\/accounts\/\{account_id\}\/wallets\/\{wallet_id\}\/withdrawals"/);
      const types = page.locator('#code-sample-typescript .novaramp-code-samples__note a[download]');
      assert.equal(await types.getAttribute('href'), '/openapi/novaramp.d.ts');
      const served = await page.evaluate(async (href) => (await fetch(href as string)).text(), await types.getAttribute('href'));
      assert.match(served, /^export interface paths \{/m);
      // The Java, PHP, Ruby and C# grammars come with the API chunk (src/plugins/operation-page/components/prism-languages.ts):
      // after hydration the visible samples are still highlighted by them (TypeScript's is prism-react-renderer's own).
      for (const [lang, token] of [
        ['typescript', 'builtin'],
        ['java', 'class-name'],
        ['php', 'delimiter'],
        ['ruby', 'double-colon'],
        ['csharp', 'constructor-invocation'],
      ]) {
        await page.locator(`.openapi-tabs__code-item--${lang}`).click();
        const panel = page.locator(`#code-sample-${lang}:not([hidden])`);
        await panel.waitFor();
        assert.ok((await panel.locator(`.token.${token}`).count()) > 0, `${lang} sample highlighted (.token.${token})`);
      }
    });
  });
});

describe('loading behaviour', () => {
  /** Records (in page time) when a link is clicked and when the progress bar first appears. */
  async function watchProgressBar(page: Page) {
    await page.evaluate(() => {
      const w = window as unknown as {__bar?: number; __click?: number};
      new MutationObserver(() => {
        if (w.__bar === undefined && document.getElementById('nprogress')) w.__bar = performance.now();
      }).observe(document.body, {childList: true, subtree: true});
      document.addEventListener('click', () => (w.__click ??= performance.now()), true);
    });
  }

  test('the progress bar appears when a navigation takes longer than 200 ms, not before', async () => {
    await withPage(site, '/docs/guides/welcome-guide', async (page) => {
      await watchProgressBar(page);
      // Hold every chunk request for 1.5 s so that the next route is slow to load.
      await page.route('**/assets/js/*.js', async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      await page.locator('.navbar').getByRole('link', {name: 'Blog'}).click();
      await page.waitForSelector('#nprogress', {state: 'attached', timeout: 5000});
      const {bar, click} = await page.evaluate(() => {
        const w = window as unknown as {__bar: number; __click: number};
        return {bar: w.__bar, click: w.__click};
      });
      assert.ok(bar - click >= 190, `progress bar appeared ${Math.round(bar - click)} ms after the click`);
      await page.waitForURL(/\/blog$/);
    });
  });

  test('a fast navigation shows no progress bar', async () => {
    await withPage(site, '/docs/guides/welcome-guide', async (page) => {
      await watchProgressBar(page);
      const link = page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Banking'});
      await link.hover(); // prefetch the route first
      await page.waitForLoadState('networkidle');
      await link.click();
      await page.waitForURL(/banking-guide$/);
      await page.waitForTimeout(400);
      assert.equal(await page.evaluate(() => (window as unknown as {__bar?: number}).__bar), undefined);
    });
  });

  /** Counts the chunk requests a hover over a not-yet-visited sidebar link causes. */
  async function prefetchRequests(connection: {effectiveType: string; saveData: boolean} | null): Promise<number> {
    const context = await site.browser.newContext({viewport: {width: 1280, height: 900}});
    try {
      const page = await context.newPage();
      if (connection) {
        // A string, not a function: tsx would wrap a named arrow function in a helper the page does not have.
        await page.addInitScript({
          content: `Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get() { return ${JSON.stringify(connection)}; }});`,
        });
      }
      await page.goto(`${site.server.origin}/docs/guides/welcome-guide`);
      await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
      await page.waitForLoadState('networkidle');
      let requests = 0;
      page.on('request', (r) => {
        if (/\/assets\/js\/.+\.js$/.test(r.url())) requests++;
      });
      await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Flow of funds'}).hover();
      await page.waitForTimeout(800);
      return requests;
    } finally {
      await context.close();
    }
  }

  test('links are prefetched on a normal connection but not on 2g or with save-data', async () => {
    assert.ok((await prefetchRequests(null)) > 0, 'prefetched on a normal connection');
    assert.ok((await prefetchRequests({effectiveType: '4g', saveData: false})) > 0, 'prefetched on 4g');
    assert.equal(await prefetchRequests({effectiveType: '2g', saveData: false}), 0, 'no prefetch on 2g');
    assert.equal(await prefetchRequests({effectiveType: 'slow-2g', saveData: false}), 0, 'no prefetch on slow-2g');
    assert.equal(await prefetchRequests({effectiveType: '4g', saveData: true}), 0, 'no prefetch with save-data');
  });

  test('a client navigation whose next route fails to load reloads the page', async () => {
    await withPage(site, '/docs/guides/welcome-guide', async (page) => {
      await page.evaluate(() => ((window as unknown as {__marker: boolean}).__marker = true));
      // Chunks fail until the page starts loading a new document (the reload); then everything loads again.
      let failing = true;
      page.on('request', (r) => {
        if (r.isNavigationRequest() && r.frame() === page.mainFrame()) failing = false;
      });
      await page.route('**/assets/js/*.js', (route) => (failing ? route.abort() : route.continue()));
      const reloaded = page.waitForEvent('load');
      await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Quotes'}).click();
      await reloaded;
      await page.waitForURL(/quotes-guide$/);
      await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
      assert.equal(await page.evaluate(() => (window as unknown as {__marker?: boolean}).__marker), undefined, 'a full reload happened');
      await page.getByRole('heading', {level: 1}).waitFor();
    });
  });
});
