/**
 * The sandbox engine's ledger (LedgerEntry.yaml, GET /accounts/{account_id}/ledger-entries): each movement writes its
 * entries when it happens, a return is a new entry linked to the one it offsets (which never changes), and the
 * balances the engine reports are the documented arithmetic over the listed entries. Also the list's filters, sorts
 * and cursor, the 404s of the retrieve operation, and the ACH hold counted in banking days.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {addBankingDays} from '../../src/plugins/sandbox/engine/catalog';
import {DOCS_ACCOUNT, DOCS_BANK_ACCOUNT, DOCS_CRYPTO_BENEFICIARY, DOCS_WALLET, call, newKey, testSandbox} from '../helpers/sandbox';

type Json = Record<string, unknown>;
type Entry = {
  id: string;
  currency: string;
  amount: string;
  kind: string;
  source: {type: string; id: string};
  transaction_id: string;
  reverses: string | null;
  available_at: string;
  created_at: string;
};

const DECIMALS: Record<string, number> = {USD: 2, EUR: 2, USDC: 6};
const LEDGER = `/accounts/${DOCS_ACCOUNT}/ledger-entries`;

/** A decimal string in minor units (exact, like the engine). */
function units(value: string, currency: string): bigint {
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const n = BigInt(whole + fraction.padEnd(DECIMALS[currency], '0'));
  return value.startsWith('-') ? -n : n;
}

async function session() {
  const sandbox = await testSandbox();
  const key = newKey();
  const send = async (method: string, path: string, options: Parameters<typeof call>[4] = {}) => {
    const response = await call(sandbox, key, method, path, options);
    return {...response, json: response.body as Json};
  };
  /** Every entry of the account, oldest first, read page by page (limit 2) to exercise the cursor. */
  const allEntries = async (query: Record<string, string> = {}): Promise<Entry[]> => {
    const entries: Entry[] = [];
    let cursor: string | undefined;
    do {
      const page = await send('GET', LEDGER, {query: {sort: 'created_at', limit: '2', ...query, ...(cursor ? {cursor} : {})}});
      assert.equal(page.status, 200, JSON.stringify(page.json));
      entries.push(...(page.json.data as Entry[]));
      cursor = page.json.has_more ? String(page.json.next_cursor) : undefined;
    } while (cursor);
    return entries;
  };
  const balances = async () => (await send('GET', `/accounts/${DOCS_ACCOUNT}/balances`)).json.data as Json[];
  /** The sandbox clock now (advancing by 0 is not allowed; one second is harmless). */
  let now = Date.parse('2025-03-14T09:26:53Z');
  const advance = async (seconds: number) => {
    const moved = await send('POST', '/sandbox/clock/advance', {body: {seconds}});
    assert.equal(moved.status, 200);
    now = Date.parse(String(moved.json.now));
  };
  const done = () => assert.deepEqual(sandbox.conformance().violations, [], 'every response conforms to its operation in the spec');
  return {send, allEntries, balances, advance, now: () => now, done};
}

/**
 * The balances the ledger's arithmetic gives at `now`: total = Σ entries available; pending = Σ held entries + the
 * unsettled deposits; reserved = the withdrawals in flight; available = total − reserved.
 */
function expectedBalances(entries: Entry[], now: number, unsettled: Record<string, bigint>, reserved: Record<string, bigint>) {
  const sums: Record<string, {total: bigint; pending: bigint}> = {};
  for (const entry of entries) {
    const sum = (sums[entry.currency] ??= {total: 0n, pending: 0n});
    if (Date.parse(entry.available_at) <= now) sum.total += units(entry.amount, entry.currency);
    else sum.pending += units(entry.amount, entry.currency);
  }
  return Object.fromEntries(
    Object.entries(sums).map(([currency, {total, pending}]) => {
      const held = reserved[currency] ?? 0n;
      return [currency, {total, pending: pending + (unsettled[currency] ?? 0n), reserved: held, available: total - held}];
    }),
  );
}

function reported(balances: Json[]) {
  return Object.fromEntries(
    balances.map((b) => {
      const currency = String(b.currency);
      const read = (field: string) => units(String(b[field]), currency);
      return [currency, {total: read('total'), pending: read('pending'), reserved: read('reserved'), available: read('available')}];
    }),
  );
}

test('after deposits, a hold, a withdrawal, a returned payout and a trade, the balances are the sums of the entries', async () => {
  const {send, allEntries, balances, advance, now, done} = await session();
  const check = async (unsettled: Record<string, bigint> = {}, reserved: Record<string, bigint> = {}) =>
    assert.deepEqual(reported(await balances()), expectedBalances(await allEntries(), now(), unsettled, reserved));

  // The seed: three settled deposits, one entry each.
  const seeded = await allEntries();
  assert.deepEqual(
    seeded.map((e) => [e.kind, e.currency, e.amount]),
    [
      ['deposit', 'USD', '5000.00'],
      ['deposit', 'EUR', '1000.00'],
      ['deposit', 'USDC', '2500.000000'],
    ],
  );
  await check();

  // An ACH deposit, recorded on Friday 2025-03-14: no entry until it settles, then one held for 5 banking days.
  const ach = await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
    body: {amount: {value: '1000.00', currency: 'USD'}, rail: 'ach', reference: 'DEP7HQ2LMX9'},
  });
  const fundsAvailableAt = String((ach.json.fiat as Json).funds_available_at);
  assert.equal(fundsAvailableAt, '2025-03-21T09:26:53Z', 'Friday + 5 banking days is the next Friday');
  await check({USD: 100000n});
  await advance(5);
  const [held] = await allEntries({transaction_id: String(ach.json.id)});
  assert.deepEqual(
    {kind: held.kind, amount: held.amount, source: held.source, available_at: Date.parse(held.available_at), reverses: held.reverses},
    {kind: 'deposit', amount: '1000.00', source: {type: 'fiat_deposit', id: ach.json.id}, available_at: Date.parse(fundsAvailableAt), reverses: null},
  );
  assert.match(held.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'created_at has milliseconds');
  await check();
  assert.equal(reported(await balances()).USD.pending, 100000n, 'the held entry is pending');

  // Past the hold: the same entry now counts in total, with no new entry; the transaction completed.
  await advance(7 * 24 * 3600);
  assert.equal((await send('GET', `/accounts/${DOCS_ACCOUNT}/transactions/${String(ach.json.id)}`)).json.status, 'completed');
  assert.equal((await allEntries({transaction_id: String(ach.json.id)})).length, 1);
  await check();
  const usd = (await balances()).find((b) => b.currency === 'USD')!;
  assert.equal(usd.updated_at, fundsAvailableAt, 'the end of the hold is the balance’s last change');

  // A crypto withdrawal: reserved (no entry) until it completes, then its amount and fee, written together.
  const withdrawal = await send('POST', `/accounts/${DOCS_ACCOUNT}/wallets/${DOCS_WALLET}/withdrawals`, {
    body: {beneficiary_id: DOCS_CRYPTO_BENEFICIARY, amount: {value: '100.000000', currency: 'USDC'}},
  });
  assert.equal(withdrawal.status, 201, JSON.stringify(withdrawal.json));
  const withdrawalTxn = String(withdrawal.json.transaction_id);
  assert.deepEqual(await allEntries({transaction_id: withdrawalTxn}), []);
  const fee = units(String((withdrawal.json.fee as Json).value), 'USDC');
  await check({}, {USDC: 100_000000n + fee});
  const completed = await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/wallets/${DOCS_WALLET}/withdrawals/${String(withdrawal.json.id)}/outcome`, {
    body: {outcome: 'completed'},
  });
  assert.equal(completed.json.status, 'completed');
  const withdrawalEntries = await allEntries({source_id: String(withdrawal.json.id)});
  assert.deepEqual(withdrawalEntries.map((e) => e.kind).sort(), ['withdrawal', 'withdrawal_fee']);
  assert.equal(withdrawalEntries[0].created_at, withdrawalEntries[1].created_at, 'written together');
  assert.ok(withdrawalEntries.every((e) => e.transaction_id === withdrawalTxn && e.source.type === 'crypto_withdrawal'));
  await check();

  // A fiat payout, completed then returned: the return is a new entry linked to the payout's; the original is unchanged.
  const payout = await send('POST', `/accounts/${DOCS_ACCOUNT}/fiat-withdrawals`, {
    body: {bank_account_id: DOCS_BANK_ACCOUNT, amount: {value: '800.00', currency: 'USD'}, rail: 'ach'},
  });
  assert.equal(payout.status, 201, JSON.stringify(payout.json));
  const outcome = `/sandbox/accounts/${DOCS_ACCOUNT}/fiat-withdrawals/${String(payout.json.id)}/outcome`;
  await send('POST', outcome, {body: {outcome: 'completed'}});
  const [original] = await allEntries({source_id: String(payout.json.id), kind: 'withdrawal'});
  const before = (await send('GET', `${LEDGER}/${original.id}`)).json;
  assert.deepEqual(before, original, 'retrieve returns what the list returned');
  await advance(3600);
  assert.equal((await send('POST', outcome, {body: {outcome: 'returned'}})).json.status, 'returned');
  assert.deepEqual((await send('GET', `${LEDGER}/${original.id}`)).json, before, 'the returned payout’s entry never changes');
  const payoutEntries = await allEntries({transaction_id: String(payout.json.transaction_id)});
  const byKindOf = (entries: Entry[]) => entries.map((e) => [e.kind, e.amount, e.reverses]).sort((x, y) => String(x[0]).localeCompare(String(y[0])));
  assert.deepEqual(byKindOf(payoutEntries), [
    ['withdrawal', '-800.00', null],
    ['withdrawal_fee', `-${String((payout.json.fee as Json).value)}`, null],
    ['withdrawal_return', '800.00', original.id],
  ]);
  const [returned] = await allEntries({kind: 'withdrawal_return'});
  assert.equal(returned.available_at, returned.created_at, 'a return after the funds became available counts at once');
  assert.ok(Date.parse(returned.created_at) > Date.parse(original.created_at));
  await check();

  // A trade: what it sold (fee excluded), the fee, and what it bought, sharing the trade's transaction.
  const quote = await send('POST', `/accounts/${DOCS_ACCOUNT}/quotes`, {body: {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '1000.00'}});
  const trade = await send('POST', `/accounts/${DOCS_ACCOUNT}/quotes/${String(quote.json.id)}/execute`, {body: {}});
  assert.equal(trade.status, 201, JSON.stringify(trade.json));
  const tradeEntries = await allEntries({source_id: String(quote.json.id)});
  const byKind = Object.fromEntries(tradeEntries.map((e) => [e.kind, e]));
  assert.deepEqual(Object.keys(byKind).sort(), ['trade_buy', 'trade_fee', 'trade_sell']);
  assert.equal(byKind.trade_fee.amount, `-${String((quote.json.fee as Json).value)}`);
  assert.equal(units(byKind.trade_sell.amount, 'USD') + units(byKind.trade_fee.amount, 'USD'), -100000n, 'sell + fee = the quote’s sell');
  assert.equal(byKind.trade_buy.amount, String((quote.json.buy as Json).value));
  assert.ok(tradeEntries.every((e) => e.transaction_id === trade.json.id && e.source.type === 'quote'));
  await check();

  // A crypto deposit still confirming: pending, with no entry until it settles.
  await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/wallets/${DOCS_WALLET}/deposits`, {body: {amount: {value: '75.000000', currency: 'USDC'}}});
  await check({USDC: 75_000000n});
  await advance(5);
  await check();
  done();
});

test('ledger entries filter with AND, sort (updated_at as created_at), page with a cursor tied to its query, and 404 unknown ids', async () => {
  const {send, allEntries, advance, done} = await session();
  await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
    body: {amount: {value: '200.00', currency: 'USD'}, rail: 'wire', reference: 'DEP7HQ2LMX9'},
  });
  await advance(3600);
  const periodStart = new Date(Date.parse('2025-03-14T09:26:53Z') + 1800_000).toISOString();
  const quote = await send('POST', `/accounts/${DOCS_ACCOUNT}/quotes`, {body: {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '100.00'}});
  await send('POST', `/accounts/${DOCS_ACCOUNT}/quotes/${String(quote.json.id)}/execute`, {body: {}});
  const all = await allEntries();
  assert.equal(all.length, 7);
  // Newest first by default (the sort parameter's default); updated_at sorts as created_at.
  const newestFirst = (await send('GET', LEDGER, {query: {limit: '100'}})).json.data as Entry[];
  assert.deepEqual(
    newestFirst.map((e) => e.id),
    [...all].reverse().map((e) => e.id),
  );
  assert.deepEqual(
    ((await send('GET', LEDGER, {query: {limit: '100', sort: 'updated_at'}})).json.data as Entry[]).map((e) => e.id),
    all.map((e) => e.id),
  );
  // Filters.
  assert.deepEqual(
    (await allEntries({currency: 'USD'})).map((e) => e.amount),
    all.filter((e) => e.currency === 'USD').map((e) => e.amount),
  );
  assert.deepEqual((await allEntries({kind: 'trade_buy'})).length, 1);
  assert.deepEqual((await allEntries({currency: 'USD', kind: 'trade_buy'})).length, 0, 'filters combine with AND');
  // Consecutive periods never overlap and cover every entry.
  const earlier = await allEntries({created_lt: periodStart});
  const later = await allEntries({created_gte: periodStart});
  assert.deepEqual(
    [...earlier, ...later].map((e) => e.id),
    all.map((e) => e.id),
  );
  assert.equal(later.length, 3, 'the trade’s three entries');
  // A cursor continues only its own query.
  const first = await send('GET', LEDGER, {query: {limit: '2', sort: 'created_at'}});
  const spoiled = await send('GET', LEDGER, {query: {limit: '2', sort: 'created_at', currency: 'USD', cursor: String(first.json.next_cursor)}});
  assert.equal(spoiled.status, 400);
  assert.equal(((spoiled.json.errors as Json[])[0] as Json).field, 'cursor');
  // 404s: an unknown entry, an entry of another account, an unknown account.
  assert.equal((await send('GET', `${LEDGER}/led_AAAAAAAAAAAAAAAA`)).status, 404);
  const address = {line1: '1 High St', city: 'London', postal_code: 'EC1A 1BB', country: 'GB'};
  const business = {legal_name: 'Ledger Ltd', registration_number: '12345678', incorporation_country: 'GB', address};
  const other = await send('POST', '/accounts', {body: {type: 'business', email: 'ops@ledger.example', country: 'GB', external_reference: 'ledger', business}});
  assert.equal(other.status, 201);
  assert.equal((await send('GET', `/accounts/${String(other.json.id)}/ledger-entries/${all[0].id}`)).status, 404);
  assert.equal((await send('GET', '/accounts/acc_AAAAAAAAAAAAAAAA/ledger-entries')).status, 404);
  done();
});

test('the ACH hold counts banking days: Saturday and Sunday are skipped', () => {
  const at = (iso: string) => Date.parse(iso);
  const iso = (ms: number) => new Date(ms).toISOString();
  assert.equal(iso(addBankingDays(at('2025-03-12T09:15:03Z'), 5)), '2025-03-19T09:15:03.000Z', 'Wednesday → Wednesday');
  assert.equal(iso(addBankingDays(at('2025-03-14T09:02:40Z'), 5)), '2025-03-21T09:02:40.000Z', 'Friday → Friday');
  assert.equal(iso(addBankingDays(at('2025-03-15T10:00:00Z'), 5)), '2025-03-21T10:00:00.000Z', 'Saturday → Friday');
  assert.equal(iso(addBankingDays(at('2025-03-17T10:00:00Z'), 5)), '2025-03-24T10:00:00.000Z', 'Monday → Monday');
});
