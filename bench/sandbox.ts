/**
 * What the sandbox costs a reader (issue #47), two numbers `npm run bench` prints:
 * - its request latency in Node: 1,000 requests over HTTP to `npm run sandbox` (src/plugins/sandbox/node/server.ts),
 *   a mix of reads, a list, a quote preview and a quote read, each timed from send to the end of its body; p50 and p95
 *   per kind and overall. A new key every 50 requests (its state is seeded on its first request, as a reader's is), so
 *   no request meets the rate limit;
 * - the time from the first Send to the answer in the reader's browser on a phone profile: the try-it panel of an
 *   operation page of the production build, in Chromium at 390 px with Lighthouse's mobile throttling (4× CPU, slow
 *   4G as DevTools applies it), a fresh profile: the first Send registers the service worker and downloads the engine
 *   and the spec (src/plugins/sandbox/client.ts); the second Send is the warm answer, for comparison.
 */
import type {Browser} from 'playwright-core';
import {SITE_ROOT} from '../tools/cli';
import {start} from '../tools/site/mock-server';

const ACCOUNT = 'acc_7Hq2LmX9pR4sT8vW';
const REQUESTS = 1000;
const REQUESTS_PER_KEY = 50;

interface Timed {
  kind: string;
  ms: number;
  status: number;
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (n: number): string => n.toFixed(2);

export interface SandboxLatency {
  requests: number;
  byKind: {kind: string; count: number; p50: number; p95: number; statuses: string}[];
  overall: {p50: number; p95: number};
}

/** 1,000 requests to `npm run sandbox`, one after the other. */
export async function sandboxLatency(): Promise<SandboxLatency> {
  // Without --log: a line per request is not what a reader's sandbox spends its time on.
  const server = await start(SITE_ROOT, {log: false});
  const timed: Timed[] = [];
  let quoteId = '';
  try {
    for (let i = 0; i < REQUESTS; i++) {
      const key = `sk_sandbox_bench_${Math.floor(i / REQUESTS_PER_KEY)}`;
      const step = i % 5;
      const [kind, method, path, body] =
        step === 0
          ? ['GET account', 'GET', `/v1/accounts/${ACCOUNT}`]
          : step === 1
            ? ['GET balances', 'GET', `/v1/accounts/${ACCOUNT}/balances`]
            : step === 2
              ? ['GET transactions (list)', 'GET', `/v1/accounts/${ACCOUNT}/transactions?limit=25`]
              : step === 3
                ? ['POST quote', 'POST', `/v1/accounts/${ACCOUNT}/quotes`, {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '10.00'}]
                : ['GET quote', 'GET', `/v1/accounts/${ACCOUNT}/quotes/${quoteId}`];
      const headers: Record<string, string> = {Authorization: `Bearer ${key}`};
      if (body) Object.assign(headers, {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()});
      const sentAt = performance.now();
      const response = await fetch(`${server.origin}${path}`, {method, headers, body: body ? JSON.stringify(body) : undefined});
      const text = await response.text();
      timed.push({kind: kind as string, ms: performance.now() - sentAt, status: response.status});
      if (step === 3 && response.ok) quoteId = (JSON.parse(text) as {id: string}).id;
    }
  } finally {
    await server.stop();
  }
  const summary = (rows: Timed[]) => {
    const sorted = rows.map((r) => r.ms).sort((a, b) => a - b);
    return {p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95)};
  };
  const kinds = [...new Set(timed.map((t) => t.kind))];
  return {
    requests: timed.length,
    byKind: kinds.map((kind) => {
      const rows = timed.filter((t) => t.kind === kind);
      const counts = new Map<number, number>();
      for (const r of rows) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
      const statuses = [...counts].map(([status, n]) => `${n}× ${status}`).join(', ');
      return {kind, count: rows.length, ...summary(rows), statuses};
    }),
    overall: summary(timed),
  };
}

export function latencyTable(latency: SandboxLatency): string[][] {
  return [
    ...latency.byKind.map((k) => [k.kind, String(k.count), ms(k.p50), ms(k.p95), k.statuses]),
    ['all', String(latency.requests), ms(latency.overall.p50), ms(latency.overall.p95), ''],
  ];
}

/** The operation page whose try-it is sent: a GET that needs nothing filled in. */
export const FIRST_SEND_PAGE = '/docs/api/coin/list-coins';
/** Lighthouse's mobile profile as DevTools throttling applies it (lighthouse/core/config/constants.js, mobileSlow4G). */
const MOBILE = {cpuSlowdown: 4, latencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675};

export interface FirstSend {
  route: string;
  firstMs: number;
  secondMs: number;
  /** The status of each answer: a bench of a 4xx would time the wrong thing. */
  statuses: number[];
}

/** Sends the try-it request of FIRST_SEND_PAGE twice on a fresh phone profile; the time of each, send to answer. */
export async function firstSendOnMobile(browser: Browser, origin: string): Promise<FirstSend> {
  const context = await browser.newContext({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true, deviceScaleFactor: 2});
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${FIRST_SEND_PAGE}`);
    await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
    await page.getByRole('button', {name: 'Try it'}).click();
    const sendButton = page.getByRole('button', {name: 'Send API Request'});
    await sendButton.waitFor({timeout: 30_000});
    // Throttled from here: what is measured is the Send, not the page load.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: MOBILE.cpuSlowdown});
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: (MOBILE.downloadKbps * 1024) / 8,
      uploadThroughput: (MOBILE.uploadKbps * 1024) / 8,
    });
    // The answer is in when the response panel, having shown its loading ring, shows a JSON body
    // (the theme's markup). A MutationObserver sees the short fetching state that polling could miss.
    const sendOnce = async (): Promise<number> => {
      await page.evaluate(() => {
        const w = window as {__novarampSend?: string};
        w.__novarampSend = 'sent';
        const observer = new MutationObserver(() => {
          // relies on: openapi-try-it-markup
          const text = document.querySelector('.openapi-explorer__response-container')?.textContent ?? '';
          // relies on: openapi-try-it-markup
          if (document.querySelector('.openapi-explorer__loading-container')) w.__novarampSend = 'fetching';
          else if (w.__novarampSend === 'fetching' && /[{[]/.test(text)) {
            w.__novarampSend = 'answered';
            observer.disconnect();
          }
        });
        observer.observe(document.body, {subtree: true, childList: true, characterData: true});
      });
      await sendButton.focus();
      const sentAt = Date.now();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => (window as {__novarampSend?: string}).__novarampSend === 'answered', undefined, {timeout: 180_000, polling: 50});
      return Date.now() - sentAt;
    };
    const statuses: number[] = [];
    page.on('response', (r) => r.url().startsWith('https://api.sandbox.') && statuses.push(r.status()));
    const firstMs = await sendOnce();
    const secondMs = await sendOnce();
    return {route: FIRST_SEND_PAGE, firstMs, secondMs, statuses};
  } finally {
    await context.close();
  }
}
