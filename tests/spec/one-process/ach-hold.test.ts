/**
 * The ACH hold is shown wherever an ACH deposit is (Transaction.yaml, `fiat.funds_available_at`): every `fiat_deposit`
 * transaction over `ach` in an example of the spec (operations, webhook events, simulations) or in a JSON block of a
 * docs page carries `funds_available_at` once the payment was received (`pending`, `completed`, `returned`: every
 * status but `failed`, a payment that never settled), after its `created_at`; a `completed` one completed then
 * (`completed_at` = `funds_available_at`); and no other transaction has one. Each problem names its file:line.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {before, test} from 'node:test';
import {API_SPECS, specPath} from '../../../src/data/api-table';
import {SITE_ROOT} from '../../../tools/cli';
import {splitFences} from '../../../tools/content/content-check';
import type {ApiDocument} from '../../../tools/openapi/document';
import {isObject, type Json} from '../../../tools/openapi/json';
import {loadApi} from '../../../tools/openapi/load';
import {childPointer} from '../../../tools/openapi/pointer';

type Txn = Record<string, Json>;

/** The statuses of a received ACH deposit: the hold has started (TransactionStatus; `failed` never settled). */
const RECEIVED = new Set(['pending', 'completed', 'returned']);

/** What is wrong with one transaction's hold, or nothing. */
function holdProblems(txn: Txn): string[] {
  const fiat = isObject(txn.fiat) ? txn.fiat : null;
  const at = fiat?.funds_available_at;
  const ach = txn.type === 'fiat_deposit' && fiat?.rail === 'ach';
  if (!ach)
    return at === undefined || at === null ? [] : [`a ${String(txn.type)} over ${String(fiat?.rail)} with a funds_available_at: only ACH deposits are held`];
  if (!RECEIVED.has(String(txn.status))) return [];
  if (typeof at !== 'string') return [`an ACH deposit in status ${String(txn.status)} without fiat.funds_available_at`];
  const problems: string[] = [];
  if (typeof txn.created_at === 'string' && Date.parse(at) <= Date.parse(txn.created_at))
    problems.push(`an ACH deposit whose funds_available_at (${at}) is not after its created_at (${txn.created_at})`);
  if (txn.status === 'completed' && txn.completed_at !== at)
    problems.push(`a completed ACH deposit whose completed_at (${String(txn.completed_at)}) is not its funds_available_at (${at})`);
  return problems;
}

/** Every transaction (an object with a `txn_` id and a type) inside a value, with its path in the value. */
function transactionsIn(value: Json, at: string, found: {at: string; txn: Txn}[] = []): {at: string; txn: Txn}[] {
  if (Array.isArray(value)) value.forEach((v, i) => transactionsIn(v, childPointer(at, i), found));
  else if (isObject(value)) {
    if (typeof value.id === 'string' && value.id.startsWith('txn_') && typeof value.type === 'string') found.push({at, txn: value});
    for (const [k, v] of Object.entries(value)) transactionsIn(v, childPointer(at, k), found);
  }
  return found;
}

/** Every transaction in an example of the document, with its pointer. */
function exampleTransactions(doc: ApiDocument): {at: string; txn: Txn}[] {
  const found: {at: string; txn: Txn}[] = [];
  const walk = (node: Json, pointer: string) => {
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, childPointer(pointer, i)));
    if (!isObject(node)) return;
    for (const [k, v] of Object.entries(node)) {
      const at = childPointer(pointer, k);
      if (k === 'example' || (k === 'examples' && Array.isArray(v))) transactionsIn(v, at, found);
      else if (k === 'examples' && isObject(v)) {
        for (const [name, e] of Object.entries(v)) {
          if (isObject(e) && e.value !== undefined) transactionsIn(e.value, childPointer(at, name, 'value'), found);
          else walk(e, childPointer(at, name));
        }
      } else walk(v, at);
    }
  };
  walk(doc.doc, '#');
  return found;
}

function specProblems(doc: ApiDocument): string[] {
  return exampleTransactions(doc).flatMap(({at, txn}) => holdProblems(txn).map((p) => `${doc.where(at)}: ${p}`));
}

/** Every Markdown page under docs/. */
function pages(dir = path.join(SITE_ROOT, 'docs')): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? pages(full) : /\.mdx?$/.test(e.name) ? [full] : [];
  });
}

/** The transactions of a page's JSON blocks (those that parse), with the line of their block. */
function pageTransactions(file: string, text = fs.readFileSync(file, 'utf8')): {where: string; txn: Txn}[] {
  const rel = path.relative(SITE_ROOT, file);
  return splitFences(text).blocks.flatMap((block) => {
    if (block.lang !== 'json') return [];
    let value: Json;
    try {
      value = JSON.parse(block.body) as Json;
    } catch {
      return [];
    }
    return transactionsIn(value, '#').map(({txn}) => ({where: `${rel}:${block.line}`, txn}));
  });
}

const docs = new Map<string, ApiDocument>();
before(async () => {
  for (const api of API_SPECS) docs.set(api, await loadApi(specPath(api), {siteDir: SITE_ROOT}));
});

test('every ACH deposit in the spec’s examples shows its hold (fiat.funds_available_at)', () => {
  const all = [...docs.values()].flatMap(exampleTransactions);
  const ach = all.filter(({txn}) => txn.type === 'fiat_deposit' && isObject(txn.fiat) && txn.fiat.rail === 'ach');
  assert.ok(ach.length >= 2, `${ach.length} ACH deposits in the examples`);
  assert.deepEqual([...docs.values()].flatMap(specProblems), []);
});

test('every ACH deposit shown on a docs page shows its hold', () => {
  const all = pages().flatMap((f) => pageTransactions(f));
  assert.ok(all.filter(({txn}) => txn.type === 'fiat_deposit').length >= 3, 'the pages show ACH deposits');
  assert.deepEqual(
    all.flatMap(({where, txn}) => holdProblems(txn).map((p) => `${where}: ${p}`)),
    [],
  );
});

test('an ACH deposit without its hold, or a completed one that completed early, fails with its place', () => {
  const pending: Txn = {id: 'txn_1', type: 'fiat_deposit', status: 'pending', created_at: '2025-03-14T09:02:40Z', fiat: {rail: 'ach', reference: 'X'}};
  assert.match(holdProblems(pending).join('\n'), /ACH deposit in status pending without fiat\.funds_available_at/);
  const early: Txn = {
    ...pending,
    status: 'completed',
    completed_at: '2025-03-14T09:02:46Z',
    fiat: {rail: 'ach', reference: 'X', funds_available_at: '2025-03-21T09:02:40Z'},
  };
  assert.match(holdProblems(early).join('\n'), /completed_at \(2025-03-14T09:02:46Z\) is not its funds_available_at/);
  const wire: Txn = {...pending, fiat: {rail: 'wire', reference: 'X', funds_available_at: '2025-03-21T09:02:40Z'}};
  assert.match(holdProblems(wire).join('\n'), /only ACH deposits are held/);
  assert.deepEqual(holdProblems({...pending, status: 'failed'}), []);
  const page = '```json title="201 Created"\n{"id": "txn_2", "type": "fiat_deposit", "status": "pending", "fiat": {"rail": "ach"}}\n```\n';
  const [found] = pageTransactions(path.join(SITE_ROOT, 'docs/api/example.md'), page);
  assert.equal(found.where, 'docs/api/example.md:2');
  assert.equal(holdProblems(found.txn).length, 1);
});
