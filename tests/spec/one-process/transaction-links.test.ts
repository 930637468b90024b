/**
 * A transaction links to what it records (Transaction.yaml, `withdrawal_id` and `wallet_id`): every transaction in
 * every example of the spec (operations, webhook events, simulations) follows the rule its schema states, so that
 * a reader can go from a `withdrawal.*` event or a transaction to its withdrawal. Each problem names the file:line of
 * the example.
 */
import assert from 'node:assert/strict';
import {before, test} from 'node:test';
import {API_SPECS, specPath} from '../../../src/data/api-table';
import {SITE_ROOT} from '../../../tools/cli';
import type {ApiDocument} from '../../../tools/openapi/document';
import type {Json} from '../../../tools/openapi/json';
import {loadApi} from '../../../tools/openapi/load';
import {exampleObjects} from '../../helpers/example-objects';

/** The links each transaction type carries (Transaction.yaml's descriptions of `withdrawal_id` and `wallet_id`). */
const LINKS: Record<string, {withdrawal_id: boolean; wallet_id: boolean}> = {
  crypto_withdrawal: {withdrawal_id: true, wallet_id: true},
  fiat_withdrawal: {withdrawal_id: true, wallet_id: false},
  crypto_deposit: {withdrawal_id: false, wallet_id: true},
  fiat_deposit: {withdrawal_id: false, wallet_id: false},
  trade: {withdrawal_id: false, wallet_id: false},
};
const PATTERN = {withdrawal_id: /^wdr_[A-Za-z0-9]{16}$/, wallet_id: /^wal_[A-Za-z0-9]{16}$/};

/**
 * Every transaction (an object whose `id` starts `txn_`, with a `type` and a `status`) inside an example value of the
 * document, with its pointer. A ledger entry's `source` ({type, id: txn_…}) names a transaction but is not one.
 */
function exampleTransactions(doc: ApiDocument): {pointer: string; txn: Record<string, Json>}[] {
  return exampleObjects(doc)
    .filter(({value}) => typeof value.id === 'string' && value.id.startsWith('txn_') && typeof value.type === 'string' && typeof value.status === 'string')
    .map(({pointer, value}) => ({pointer, txn: value}));
}

function linkProblems(doc: ApiDocument): string[] {
  return exampleTransactions(doc).flatMap(({pointer, txn}) => {
    const wanted = LINKS[String(txn.type)];
    if (!wanted) return [`${doc.where(pointer)}: a transaction of unknown type ${String(txn.type)}`];
    return (['withdrawal_id', 'wallet_id'] as const).flatMap((field) => {
      const value = txn[field];
      if (wanted[field] && !(typeof value === 'string' && PATTERN[field].test(value)))
        return [`${doc.where(pointer)}: a ${String(txn.type)} transaction without its ${field}`];
      if (!wanted[field] && value !== undefined && value !== null)
        return [
          `${doc.where(pointer)}: a ${String(txn.type)} transaction with a ${field} (${String(value)}): only ${Object.keys(LINKS)
            .filter((t) => LINKS[t][field])
            .join(' and ')} have one`,
        ];
      return [];
    });
  });
}

const docs = new Map<string, ApiDocument>();
before(async () => {
  for (const api of API_SPECS) docs.set(api, await loadApi(specPath(api), {siteDir: SITE_ROOT}));
});

test('every transaction in the examples links its withdrawal and wallet as its type says', () => {
  const all = [...docs.values()].flatMap(exampleTransactions);
  // The examples the rule is about are there: the withdrawal events and the transaction reads.
  assert.ok(all.filter(({txn}) => LINKS[String(txn.type)]?.withdrawal_id).length >= 9, `${all.length} transactions in examples`);
  assert.deepEqual([...docs.values()].flatMap(linkProblems), []);
});

test('an example transaction that loses its withdrawal_id, or a deposit that gains one, fails with its file:line', () => {
  const webhooks = docs.get('webhooks') as ApiDocument;
  const [withdrawal] = exampleTransactions(webhooks).filter(({txn}) => txn.type === 'fiat_withdrawal');
  const [deposit] = exampleTransactions(webhooks).filter(({txn}) => txn.type === 'fiat_deposit');
  const saved = {withdrawal: withdrawal.txn.withdrawal_id, deposit: deposit.txn.withdrawal_id};
  try {
    delete withdrawal.txn.withdrawal_id;
    deposit.txn.withdrawal_id = 'wdr_3Kv7Qp2Zn8Ld5Wx4';
    const problems = linkProblems(webhooks);
    assert.equal(problems.length, 2, problems.join('\n'));
    for (const p of problems) assert.match(p, /^openapi\/[\w/{}.]+\.yaml:\d+: a fiat_(withdrawal|deposit) transaction /);
    assert.ok(problems.some((p) => p.endsWith('a fiat_withdrawal transaction without its withdrawal_id')));
    assert.ok(
      problems.some((p) =>
        p.includes('a fiat_deposit transaction with a withdrawal_id (wdr_3Kv7Qp2Zn8Ld5Wx4): only crypto_withdrawal and fiat_withdrawal have one'),
      ),
    );
  } finally {
    withdrawal.txn.withdrawal_id = saved.withdrawal;
    if (saved.deposit === undefined) delete deposit.txn.withdrawal_id;
    else deposit.txn.withdrawal_id = saved.deposit;
  }
});
