/**
 * Route prefetching at idle time (src/plugins/idle-prefetch/client.ts), in a DOM (happy-dom, which has no
 * `requestIdleCallback`: stubbed, its idle periods run by the test): what `window.docusaurus.prefetch` prefetches
 * and when (each route once, in order, only while an idle period has time left), `preload` untouched, whichever of
 * the module and Docusaurus sets `window.docusaurus` first, and the timer used where the browser has no idle callbacks.
 */
import '../helpers/dom';
import assert from 'node:assert/strict';
import {before, mock, test} from 'node:test';

interface DocusaurusGlobal {
  prefetch: (routePath: string) => unknown;
  preload: (routePath: string) => unknown;
}
const w = window as unknown as {docusaurus?: DocusaurusGlobal; requestIdleCallback?: unknown};

/** The idle callbacks asked for, each run by the test with an idle period of its own. */
const idle: ((deadline: IdleDeadline) => void)[] = [];
/** Runs the next idle callback with an idle period whose time left is each of `remaining` in turn (the last one after). */
function idlePeriod(...remaining: number[]): void {
  const callback = idle.shift();
  assert.ok(callback, 'an idle callback was asked for');
  callback({didTimeout: false, timeRemaining: () => (remaining.length > 1 ? remaining.shift()! : remaining[0])});
}

/** A `window.docusaurus` as Docusaurus makes it, recording the routes it prefetches and preloads. */
function docusaurus() {
  const prefetched: string[] = [];
  const preloaded: string[] = [];
  const value = Object.freeze({prefetch: (route: string) => prefetched.push(route), preload: (route: string) => preloaded.push(route)});
  return {value, prefetched, preloaded};
}

const early = docusaurus();
before(async () => {
  w.requestIdleCallback = (callback: (deadline: IdleDeadline) => void) => idle.push(callback);
  // Set before the module runs: it wraps what is there as well as what Docusaurus sets later.
  w.docusaurus = early.value;
  await import('../../src/plugins/idle-prefetch/client');
});

// First: the other tests replace `early`.
// relies on: global-docusaurus-object
test('a window.docusaurus set before the module ran is wrapped too', () => {
  assert.notEqual(w.docusaurus?.prefetch, early.value.prefetch);
  w.docusaurus!.prefetch('/docs/early');
  assert.deepEqual(early.prefetched, []);
  idlePeriod(50);
  assert.deepEqual(early.prefetched, ['/docs/early']);
});

test('prefetches wait for an idle period, then run in the order asked, each route once', () => {
  const d = docusaurus();
  w.docusaurus = d.value;
  const {prefetch} = w.docusaurus;
  assert.notEqual(prefetch, d.value.prefetch, 'prefetch is wrapped');
  assert.equal(prefetch('/docs/a'), true);
  prefetch('/docs/b');
  prefetch('/docs/a');
  assert.deepEqual(d.prefetched, [], 'nothing before the page is idle');
  assert.equal(idle.length, 1, 'one idle callback for the queue');
  idlePeriod(49);
  assert.deepEqual(d.prefetched, ['/docs/a', '/docs/b']);
  assert.equal(idle.length, 0, 'no idle callback once the queue is empty');
  prefetch('/docs/a');
  idlePeriod(49);
  assert.deepEqual(d.prefetched, ['/docs/a', '/docs/b', '/docs/a'], 'asked again after it ran: prefetched again');
});

test('an idle period with 40 ms or less left prefetches nothing more; the rest waits for the next one', () => {
  const d = docusaurus();
  w.docusaurus = d.value;
  for (const route of ['/docs/1', '/docs/2', '/docs/3', '/docs/4']) w.docusaurus.prefetch(route);
  idlePeriod(45, 41, 40);
  assert.deepEqual(d.prefetched, ['/docs/1', '/docs/2']);
  assert.equal(idle.length, 1, 'the rest waits for another idle period');
  idlePeriod(30);
  assert.deepEqual(d.prefetched, ['/docs/1', '/docs/2']);
  idlePeriod(50);
  assert.deepEqual(d.prefetched, ['/docs/1', '/docs/2', '/docs/3', '/docs/4']);
});

test('preload (a hovered or focused link) is left as Docusaurus made it; the object stays frozen', () => {
  const d = docusaurus();
  w.docusaurus = d.value;
  w.docusaurus.preload('/docs/hovered');
  assert.deepEqual(d.preloaded, ['/docs/hovered']);
  assert.equal(w.docusaurus.preload, d.value.preload);
  assert.ok(Object.isFrozen(w.docusaurus));
  assert.equal(idle.length, 0);
});

test('without requestIdleCallback, the queue runs 200 ms later', () => {
  const stub = w.requestIdleCallback;
  delete w.requestIdleCallback;
  mock.timers.enable({apis: ['setTimeout']});
  try {
    const d = docusaurus();
    w.docusaurus = d.value;
    w.docusaurus.prefetch('/docs/x');
    w.docusaurus.prefetch('/docs/y');
    mock.timers.tick(199);
    assert.deepEqual(d.prefetched, []);
    mock.timers.tick(1);
    assert.deepEqual(d.prefetched, ['/docs/x', '/docs/y']);
    assert.equal(idle.length, 0);
  } finally {
    mock.timers.reset();
    w.requestIdleCallback = stub;
  }
});
