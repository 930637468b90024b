/**
 * The reference files in the browser (src/plugins/static-reference/client-files.ts, what the operation page's reference
 * client loads through): a file fetched once however often it is asked for, tried three times (1 s, then 3 s apart)
 * before it fails, a failed one fetched anew next time, the last eight kept. `fetch` and the timers are mocked; the
 * module needs no DOM. The module keeps its files for the page's life: each test uses URLs of its own.
 */
import assert from 'node:assert/strict';
import {afterEach, beforeEach, mock, test} from 'node:test';
import type {ReferenceFile} from '../../src/data/static-reference';
import {loadedReference, loadReference} from '../../src/plugins/static-reference/client-files';

const file = (url: string): ReferenceFile => ({html: `<p>${url}</p>`, deferred: [`<p>${url} panel</p>`]});

/** The URLs fetched, in order; `answer` decides each response. */
let fetched: string[] = [];
let answer: (url: string, attempt: number) => Response | Promise<Response> = (url) => Response.json(file(url));
const originalFetch = globalThis.fetch;

beforeEach(() => {
  fetched = [];
  answer = (url) => Response.json(file(url));
  globalThis.fetch = ((input: string) => {
    fetched.push(input);
    return Promise.resolve(answer(input, fetched.filter((u) => u === input).length));
  }) as typeof fetch;
  mock.timers.enable({apis: ['setTimeout']});
});
afterEach(() => {
  mock.timers.reset();
  globalThis.fetch = originalFetch;
});

/** Lets the pending promises run (an immediate is not a mocked timer). */
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

test('a file is fetched once, however often and however soon it is asked for', async () => {
  const a = loadReference('/once/a.json');
  const b = loadReference('/once/a.json');
  assert.equal(a, b);
  assert.equal(loadedReference('/once/a.json'), undefined, 'not loaded yet');
  assert.deepEqual(await a, file('/once/a.json'));
  await flush();
  assert.deepEqual(loadedReference('/once/a.json'), file('/once/a.json'));
  assert.deepEqual(await loadReference('/once/a.json'), file('/once/a.json'));
  assert.deepEqual(fetched, ['/once/a.json']);
});

test('a failed fetch is tried again after 1 s, then after 3 s more, and succeeds', async () => {
  answer = (url, attempt) => (attempt < 3 ? new Response('busy', {status: 503}) : Response.json(file(url)));
  let result: ReferenceFile | undefined;
  void loadReference('/retry/a.json').then((f) => (result = f));
  await flush();
  assert.equal(fetched.length, 1);
  // After each wait (ms), how many fetches there have been.
  const steps: [ms: number, fetches: number, message?: string][] = [
    [999, 1, 'not before 1 s'],
    [1, 2],
    [2999, 2, 'not before 3 s more'],
    [1, 3],
  ];
  for (const [ms, fetches, message] of steps) {
    mock.timers.tick(ms);
    await flush();
    assert.equal(fetched.length, fetches, message);
  }
  assert.deepEqual(result, file('/retry/a.json'));
});

test('after three failed attempts the load fails, and the next one fetches anew', async () => {
  answer = () => Promise.reject(new TypeError('Failed to fetch'));
  const failing = loadReference('/fail/a.json');
  const outcome = failing.then(
    () => 'loaded',
    (error: Error) => error.message,
  );
  await flush();
  mock.timers.tick(1000);
  await flush();
  mock.timers.tick(3000);
  await flush();
  assert.equal(await outcome, 'Failed to fetch');
  assert.equal(fetched.length, 3);
  mock.timers.tick(60_000);
  await flush();
  assert.equal(fetched.length, 3, 'no fourth attempt');
  assert.equal(loadedReference('/fail/a.json'), undefined);

  answer = (url) => Response.json(file(url));
  assert.deepEqual(await loadReference('/fail/a.json'), file('/fail/a.json'));
  assert.equal(fetched.length, 4, 'a failed file is not kept');
});

test('the eight files used last are kept, the least recently used goes first', async () => {
  const url = (i: number) => `/lru/${i}.json`;
  for (let i = 1; i <= 8; i++) await loadReference(url(i));
  await flush();
  assert.equal(fetched.length, 8);
  // Using 1 again makes 2 the least recently used: a ninth file pushes out 2, not 1.
  await loadReference(url(1));
  await loadReference(url(9));
  await flush();
  assert.equal(fetched.length, 9);
  assert.deepEqual(loadedReference(url(1)), file(url(1)));
  assert.equal(loadedReference(url(2)), undefined);
  for (const i of [1, 3, 4, 5, 6, 7, 8, 9]) await loadReference(url(i));
  assert.equal(fetched.length, 9, 'the eight kept are not fetched again');
  await loadReference(url(2));
  assert.deepEqual(fetched.slice(9), [url(2)], 'the one pushed out is fetched again');
});
