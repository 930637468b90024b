/**
 * The sandbox engine (src/plugins/sandbox/engine/) behaves like NovaRamp, through `handle()` in process: the seeded
 * test account answers with the docs' ids, KYC starts `not_started`, the ACH hold lasts until the clock passes
 * `funds_available_at`, quotes expire after 30 s, trades and withdrawals move the derived balances, idempotency
 * replays and refuses as documented, invalid requests get the operation's documented problem naming the field, lists
 * page and filter as docs/api/pagination.md says, each cause records its event, and a snapshot restores. Every test
 * ends by checking that no response broke the spec (the conformance hook).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import type {Sandbox} from '../../src/plugins/sandbox/engine';
import {SITE_ROOT} from '../../tools/cli';
import {
  DOCS_ACCOUNT,
  DOCS_BANK_ACCOUNT,
  DOCS_CRYPTO_BENEFICIARY,
  DOCS_FIAT_BENEFICIARY,
  DOCS_WALLET,
  call,
  combinedSpec,
  newKey,
  testSandbox,
} from '../helpers/sandbox';

type Json = Record<string, unknown>;
type Balance = {currency: string; available: string; pending: string; reserved: string; total: string};

/** The POST /accounts body of a business named `name`. */
function businessAccountBody(name: string): Json {
  const address = {line1: '1 High St', city: 'London', postal_code: 'EC1A 1BB', country: 'GB'};
  const business = {legal_name: `${name} Ltd`, registration_number: '12345678', incorporation_country: 'GB', address};
  return {type: 'business', email: `ops@${name}.example`, country: 'GB', external_reference: name, business};
}

/** A sandbox, a fresh key, and a way to call it; `done()` asserts that every response conformed. */
async function session() {
  const sandbox: Sandbox = await testSandbox();
  const key = newKey();
  const send = async (method: string, path: string, options: Parameters<typeof call>[4] = {}) => {
    const response = await call(sandbox, key, method, path, options);
    return {...response, json: response.body as Json};
  };
  const balance = async (currency: string): Promise<Balance> => {
    const page = (await send('GET', `/accounts/${DOCS_ACCOUNT}/balances`)).json.data as Balance[];
    return page.find((b) => b.currency === currency) ?? {currency, available: '0', pending: '0', reserved: '0', total: '0'};
  };
  const eventTypes = async () => ((await send('GET', '/events', {query: {limit: '100', sort: 'created_at'}})).json.data as Json[]).map((e) => e.type);
  const done = () => assert.deepEqual(sandbox.conformance().violations, [], 'every response conforms to its operation in the spec');
  /** Creates a new business account (zero balances, KYC not_started) named `name`. */
  const businessAccount = (name: string) => send('POST', '/accounts', {body: businessAccountBody(name)});
  return {sandbox, key, send, balance, eventTypes, done, businessAccount};
}

test('a new key is seeded with the docs’ account, wallet, bank account, beneficiaries and non-zero balances', async () => {
  const {send, balance, done} = await session();
  const account = await send('GET', `/accounts/${DOCS_ACCOUNT}`);
  assert.equal(account.status, 200);
  assert.equal(account.json.kyc_status, 'approved');
  for (const path of [
    `/accounts/${DOCS_ACCOUNT}/wallets/${DOCS_WALLET}`,
    `/accounts/${DOCS_ACCOUNT}/bank-accounts/${DOCS_BANK_ACCOUNT}`,
    `/accounts/${DOCS_ACCOUNT}/fiat-beneficiaries/${DOCS_FIAT_BENEFICIARY}`,
    `/accounts/${DOCS_ACCOUNT}/crypto-beneficiaries/${DOCS_CRYPTO_BENEFICIARY}`,
  ]) {
    const response = await send('GET', path);
    assert.equal(response.status, 200, path);
    if ('status' in response.json) assert.equal(response.json.status, 'verified', path);
  }
  assert.equal((await balance('USD')).available, '5000.00');
  assert.equal((await balance('USDC')).available, '2500.000000');
  assert.equal((await send('GET', '/accounts/acc_9Zx4Wv7Tn2Qm5Lp8')).status, 404);
  done();
});

test('a missing or production key gets 401 unauthenticated; answers carry Request-Id and the RateLimit headers', async () => {
  const {sandbox, send, done} = await session();
  const none = await sandbox.handle({method: 'GET', path: '/coins', headers: {}});
  assert.equal(none.status, 401);
  assert.equal((none.body as Json).code, 'unauthenticated');
  const live = await sandbox.handle({method: 'GET', path: '/coins', headers: {authorization: 'Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc'}});
  assert.equal(live.status, 401);
  assert.match(String((live.body as Json).detail), /sk_live_/);
  const ok = await send('GET', '/coins');
  assert.match(ok.headers['Request-Id'], /^req_[A-Za-z0-9]{16,32}$/);
  assert.equal(ok.headers['RateLimit-Limit'], '100');
  assert.equal(ok.headers['RateLimit-Remaining'], '99');
  done();
});

test('the 101st request in a 10-second window is 429 rate_limited with Retry-After', async () => {
  const {send, done} = await session();
  for (let i = 0; i < 100; i++) assert.equal((await send('GET', '/coins')).status, 200);
  const limited = await send('GET', '/coins');
  assert.equal(limited.status, 429);
  assert.equal(limited.json.code, 'rate_limited');
  assert.ok(Number(limited.headers['Retry-After']) >= 1);
  done();
});

test('a new account’s KYC is not_started until the simulation approves it; the account follows', async () => {
  const {send, eventTypes, done} = await session();
  const individual = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    date_of_birth: '1990-12-10',
    address: {line1: '1 Main St', city: 'Austin', postal_code: '73301', country: 'US'},
  };
  const created = await send('POST', '/accounts', {
    body: {type: 'individual', email: 'ada@example.com', country: 'US', external_reference: 'user_ada', individual},
  });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const id = String(created.json.id);
  assert.equal(created.json.kyc_status, 'not_started');
  assert.equal((await send('GET', `/accounts/${id}/kyc`)).json.status, 'not_started');
  const blocked = await send('GET', `/accounts/${id}/deposit-instructions`, {query: {currency: 'USD'}});
  assert.equal(blocked.status, 403);
  assert.equal(blocked.json.code, 'kyc_required');
  const approved = await send('POST', `/sandbox/accounts/${id}/kyc`, {body: {outcome: 'approved'}});
  assert.equal(approved.status, 200);
  assert.equal((await send('GET', `/accounts/${id}/kyc`)).json.status, 'approved');
  assert.equal((await send('GET', `/accounts/${id}`)).json.kyc_status, 'approved');
  assert.equal((await send('POST', `/sandbox/accounts/${id}/kyc`, {body: {outcome: 'rejected'}})).json.code, 'resource_conflict');
  const duplicate = await send('POST', '/accounts', {
    body: {type: 'individual', email: 'x@example.com', country: 'US', external_reference: 'user_ada', individual},
  });
  assert.equal(duplicate.json.code, 'duplicate_resource');
  // Events of the same second are ordered by id (docs/api/sorting.md), not by cause: compare them as sets.
  assert.deepEqual((await eventTypes()).sort(), ['account.created', 'kyc.updated']);
  done();
});

test('an ACH transfer stays pending until the clock passes funds_available_at, then available grows by the amount', async () => {
  const {send, balance, eventTypes, done} = await session();
  const before = await balance('USD');
  const transfer = await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
    body: {amount: {value: '1000.00', currency: 'USD'}, rail: 'ach', reference: 'DEP7HQ2LMX9'},
  });
  assert.equal(transfer.status, 201);
  assert.equal(transfer.json.status, 'pending');
  const availableAt = Date.parse(String((transfer.json.fiat as Json).funds_available_at));
  const txnPath = `/accounts/${DOCS_ACCOUNT}/transactions/${String(transfer.json.id)}`;
  // One second before the hold ends: still pending, counted in `pending`, not spendable.
  const almost = (availableAt - Date.parse('2025-03-14T09:26:53Z')) / 1000 - 1;
  assert.equal((await send('POST', '/sandbox/clock/advance', {body: {seconds: almost}})).status, 200);
  assert.equal((await send('GET', txnPath)).json.status, 'pending');
  assert.equal((await balance('USD')).pending, '1000.00');
  assert.equal((await balance('USD')).available, before.available);
  const advanced = await send('POST', '/sandbox/clock/advance', {body: {seconds: 1}});
  assert.equal(advanced.json.now, new Date(availableAt).toISOString().replace('.000Z', 'Z'));
  assert.equal((await send('GET', txnPath)).json.status, 'completed');
  const after = await balance('USD');
  assert.equal(after.available, '6000.00');
  assert.equal(after.pending, '0.00');
  assert.deepEqual(
    (await eventTypes()).filter((t) => String(t).startsWith('deposit.')),
    ['deposit.received', 'deposit.completed'],
  );
  done();
});

test('a returned ACH transfer comes back inside the hold and is never available; a wire completes a few seconds later', async () => {
  const {send, sandbox, key, balance, eventTypes, done} = await session();
  const ach = await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
    body: {amount: {value: '50.00', currency: 'USD'}, rail: 'ach', reference: 'DEP7HQ2LMX9', outcome: 'returned'},
  });
  await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
    body: {amount: {value: '200.00', currency: 'USD'}, rail: 'wire', reference: 'DEP7HQ2LMX9'},
  });
  sandbox.advanceClock(5_000, key);
  // Settled: the ACH entry is written, held until funds_available_at.
  assert.equal((await balance('USD')).available, '5200.00');
  assert.equal((await balance('USD')).pending, '50.00');
  sandbox.advanceClock(24 * 3600_000, key);
  // Returned a day later, inside the hold: the return is held until the same time, so the two cancel out in pending.
  assert.equal((await send('GET', `/accounts/${DOCS_ACCOUNT}/transactions/${String(ach.json.id)}`)).json.status, 'returned');
  assert.equal((await balance('USD')).available, '5200.00');
  assert.equal((await balance('USD')).pending, '0.00');
  assert.deepEqual((await eventTypes()).filter((t) => String(t).startsWith('deposit.')).sort(), [
    'deposit.completed',
    'deposit.received',
    'deposit.received',
    'deposit.returned',
  ]);
  done();
});

test('a crypto deposit gains confirmations, then completes and credits the wallet’s asset', async () => {
  const {send, sandbox, key, balance, done} = await session();
  const deposit = await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/wallets/${DOCS_WALLET}/deposits`, {
    body: {amount: {value: '500.000000', currency: 'USDC'}},
  });
  assert.equal(deposit.status, 201);
  const path = `/accounts/${DOCS_ACCOUNT}/transactions/${String(deposit.json.id)}`;
  sandbox.advanceClock(2_500, key);
  const halfway = (await send('GET', path)).json;
  assert.equal(halfway.status, 'pending');
  assert.equal((halfway.crypto as Json).confirmations, 6);
  sandbox.advanceClock(2_500, key);
  assert.equal((await send('GET', path)).json.status, 'completed');
  assert.equal((await balance('USDC')).available, '3000.000000');
  done();
});

test('a quote expires after 30 s of clock; an open one executes once and moves both balances', async () => {
  const {send, sandbox, key, balance, eventTypes, done} = await session();
  const quotes = `/accounts/${DOCS_ACCOUNT}/quotes`;
  const stale = await send('POST', quotes, {body: {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '1000.00'}});
  assert.equal(stale.status, 201);
  assert.deepEqual([stale.json.buy, stale.json.fee, stale.json.rate], [{value: '997.400250', currency: 'USDC'}, {value: '2.50', currency: 'USD'}, '0.9999']);
  sandbox.advanceClock(30_000, key);
  assert.equal((await send('GET', `${quotes}/${String(stale.json.id)}`)).json.status, 'expired');
  const expired = await send('POST', `${quotes}/${String(stale.json.id)}/execute`, {body: {}});
  assert.equal(expired.status, 409);
  assert.equal(expired.json.code, 'quote_expired');
  const fresh = await send('POST', quotes, {body: {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '1000.00'}});
  sandbox.advanceClock(29_000, key);
  const trade = await send('POST', `${quotes}/${String(fresh.json.id)}/execute`, {body: {client_reference: 'ord_1'}});
  assert.equal(trade.status, 201, JSON.stringify(trade.json));
  assert.equal(trade.json.type, 'trade');
  assert.equal((await balance('USD')).available, '4000.00');
  assert.equal((await balance('USDC')).available, '3497.400250');
  assert.equal((await send('POST', `${quotes}/${String(fresh.json.id)}/execute`, {body: {}})).json.code, 'quote_already_executed');
  const tooMuch = await send('POST', quotes, {body: {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '999999.00'}});
  assert.equal(tooMuch.status, 422);
  assert.equal(tooMuch.json.code, 'insufficient_funds');
  const types = await eventTypes();
  assert.ok(types.includes('quote.expired') && types.includes('trade.executed'), types.join());
  done();
});

test('a crypto withdrawal reserves amount + fee; cancelling it releases them; a final one cannot be cancelled', async () => {
  const {send, balance, eventTypes, done} = await session();
  const withdrawals = `/accounts/${DOCS_ACCOUNT}/wallets/${DOCS_WALLET}/withdrawals`;
  const created = await send('POST', withdrawals, {body: {beneficiary_id: DOCS_CRYPTO_BENEFICIARY, amount: {value: '250.000000', currency: 'USDC'}}});
  assert.equal(created.status, 201, JSON.stringify(created.json));
  assert.equal(created.json.status, 'pending');
  assert.deepEqual(await balance('USDC'), {...(await balance('USDC')), available: '2247.500000', reserved: '252.500000', total: '2500.000000'});
  const cancelled = await send('POST', `${withdrawals}/${String(created.json.id)}/cancel`);
  assert.equal(cancelled.status, 200);
  assert.equal(cancelled.json.status, 'cancelled');
  const released = await balance('USDC');
  assert.deepEqual([released.available, released.reserved], ['2500.000000', '0.000000']);
  assert.equal((await send('POST', `${withdrawals}/${String(created.json.id)}/cancel`)).json.status, 'cancelled', 'cancelling again answers it unchanged');
  const second = await send('POST', withdrawals, {body: {beneficiary_id: DOCS_CRYPTO_BENEFICIARY, amount: {value: '100.000000', currency: 'USDC'}}});
  const outcome = `/sandbox/accounts/${DOCS_ACCOUNT}/wallets/${DOCS_WALLET}/withdrawals/${String(second.json.id)}/outcome`;
  assert.equal((await send('POST', outcome, {body: {outcome: 'completed'}})).json.status, 'completed');
  assert.equal((await balance('USDC')).available, '2397.500000');
  assert.equal((await send('POST', `${withdrawals}/${String(second.json.id)}/cancel`)).json.code, 'resource_conflict');
  const big = await send('POST', withdrawals, {body: {beneficiary_id: DOCS_CRYPTO_BENEFICIARY, amount: {value: '2397.000000', currency: 'USDC'}}});
  assert.deepEqual([big.status, big.json.code], [422, 'insufficient_funds']);
  assert.deepEqual((await eventTypes()).filter((t) => String(t).startsWith('withdrawal.')).sort(), [
    'withdrawal.cancelled',
    'withdrawal.completed',
    'withdrawal.submitted',
  ]);
  done();
});

test('a fiat payout to the verified bank account completes, then is returned: the amount comes back, the fee does not', async () => {
  const {send, balance, eventTypes, done} = await session();
  const payout = await send('POST', `/accounts/${DOCS_ACCOUNT}/fiat-withdrawals`, {
    body: {bank_account_id: DOCS_BANK_ACCOUNT, amount: {value: '100.00', currency: 'USD'}, rail: 'ach'},
  });
  assert.equal(payout.status, 201, JSON.stringify(payout.json));
  assert.equal((await balance('USD')).reserved, '100.50');
  const returned = await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/fiat-withdrawals/${String(payout.json.id)}/outcome`, {body: {outcome: 'returned'}});
  assert.equal(returned.json.status, 'returned');
  assert.equal((await balance('USD')).available, '4999.50');
  const bankAccount = await send('GET', `/accounts/${DOCS_ACCOUNT}/bank-accounts/${DOCS_BANK_ACCOUNT}`);
  assert.equal(bankAccount.json.status, 'disabled', 'a returned payout disables its destination');
  assert.ok((await eventTypes()).includes('bank_account.disabled'));
  done();
});

test('idempotency: the same key and body replays the stored 2xx or 4xx; another body is 409 idempotency_key_reused', async () => {
  const {send, done} = await session();
  const body = {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '100.00'};
  const first = await send('POST', `/accounts/${DOCS_ACCOUNT}/quotes`, {body, idempotencyKey: 'quote-key-0001'});
  const replay = await send('POST', `/accounts/${DOCS_ACCOUNT}/quotes`, {body, idempotencyKey: 'quote-key-0001'});
  assert.deepEqual([replay.status, replay.json.id], [201, first.json.id]);
  const reused = await send('POST', `/accounts/${DOCS_ACCOUNT}/quotes`, {body: {...body, sell_amount: '200.00'}, idempotencyKey: 'quote-key-0001'});
  assert.deepEqual([reused.status, reused.json.code], [409, 'idempotency_key_reused']);
  // A business error is stored: after a top-up the same key still answers 422; a new key succeeds.
  const payout = {bank_account_id: DOCS_BANK_ACCOUNT, amount: {value: '6000.00', currency: 'USD'}, rail: 'ach'};
  const poor = await send('POST', `/accounts/${DOCS_ACCOUNT}/fiat-withdrawals`, {body: payout, idempotencyKey: 'payout-key-0001'});
  assert.deepEqual([poor.status, poor.json.code], [422, 'insufficient_funds']);
  await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
    body: {amount: {value: '2000.00', currency: 'USD'}, rail: 'wire', reference: 'DEP7HQ2LMX9'},
  });
  await send('POST', '/sandbox/clock/advance', {body: {seconds: 5}});
  const replayed = await send('POST', `/accounts/${DOCS_ACCOUNT}/fiat-withdrawals`, {body: payout, idempotencyKey: 'payout-key-0001'});
  assert.deepEqual([replayed.status, replayed.json.request_id, replayed.headers['Request-Id']], [422, poor.json.request_id, poor.headers['Request-Id']]);
  assert.equal((await send('POST', `/accounts/${DOCS_ACCOUNT}/fiat-withdrawals`, {body: payout, idempotencyKey: 'payout-key-0002'})).status, 201);
  // Stored for 24 hours of the key's clock: then the key is free again, whatever the body.
  await send('POST', '/sandbox/clock/advance', {body: {seconds: 86400}});
  const later = await send('POST', `/accounts/${DOCS_ACCOUNT}/quotes`, {body: {...body, sell_amount: '200.00'}, idempotencyKey: 'quote-key-0001'});
  assert.equal(later.status, 201);
  // A 400 is not stored: the same key with the body fixed creates the account.
  const invalid = await send('POST', '/accounts', {body: {type: 'business'}, idempotencyKey: 'account-key-0001'});
  assert.equal(invalid.status, 400);
  const fixed = businessAccountBody('fixed');
  assert.equal((await send('POST', '/accounts', {body: fixed, idempotencyKey: 'account-key-0001'})).status, 201);
  done();
});

test('a missing required field answers the operation’s documented 400 validation_failed naming the field', async () => {
  const {send, done} = await session();
  const noEmail = await send('POST', '/accounts', {body: {type: 'business', country: 'US', external_reference: 'biz_1'}});
  assert.equal(noEmail.status, 400);
  assert.equal(noEmail.json.code, 'validation_failed');
  assert.deepEqual(noEmail.json.errors, [{field: 'email', code: 'required', message: 'email is required.'}]);
  const noKey = await send('POST', `/accounts/${DOCS_ACCOUNT}/quotes`, {
    body: {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '1.00'},
    idempotencyKey: null,
  });
  assert.deepEqual(
    (noKey.json.errors as Json[]).map((e) => e.field),
    ['Idempotency-Key'],
  );
  const unknownField = await send('POST', `/accounts/${DOCS_ACCOUNT}/quotes`, {
    body: {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '10.00', colour: 'red'},
  });
  assert.deepEqual(
    (unknownField.json.errors as Json[]).map((e) => [e.field, e.code]),
    [['colour', 'unsupported_value']],
  );
  const both = await send('POST', `/accounts/${DOCS_ACCOUNT}/quotes`, {
    body: {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '10.00', buy_amount: '10.000000'},
  });
  assert.deepEqual([both.status, (both.json.errors as Json[])[0].field], [400, 'buy_amount']);
  const unknownQuery = await send('GET', '/coins', {query: {colour: 'red'}});
  assert.deepEqual([unknownQuery.status, unknownQuery.json.code], [400, 'invalid_request']);
  const badLimit = await send('GET', '/coins', {query: {limit: '500'}});
  assert.deepEqual([badLimit.status, (badLimit.json.errors as Json[])[0].field], [400, 'limit']);
  done();
});

test('transactions page with a cursor that keeps its sort and filters, and filter by type, status and period', async () => {
  const {send, sandbox, key, done} = await session();
  for (let i = 1; i <= 5; i++) {
    await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
      body: {amount: {value: `${i}0.00`, currency: 'USD'}, rail: 'wire', reference: 'DEP7HQ2LMX9'},
    });
    sandbox.advanceClock(1_000, key);
  }
  const path = `/accounts/${DOCS_ACCOUNT}/transactions`;
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pageNumber = 0; pageNumber < 10; pageNumber++) {
    const page = await send('GET', path, {query: {limit: '3', sort: 'created_at', type: 'fiat_deposit', ...(cursor ? {cursor} : {})}});
    assert.equal(page.status, 200);
    seen.push(...(page.json.data as Json[]).map((t) => String(t.id)));
    if (!page.json.has_more) {
      assert.equal(page.json.next_cursor, null);
      break;
    }
    cursor = String(page.json.next_cursor);
  }
  assert.equal(seen.length, 7, 'two seeded fiat deposits and five transfers');
  assert.equal(new Set(seen).size, 7, 'no transaction twice');
  const first = await send('GET', path, {query: {limit: '1', type: 'fiat_deposit'}});
  const otherQuery = await send('GET', path, {query: {limit: '1', type: 'trade', cursor: String(first.json.next_cursor)}});
  assert.deepEqual([otherQuery.status, (otherQuery.json.errors as Json[])[0].field], [400, 'cursor']);
  const amounts = (q: Record<string, string>) =>
    send('GET', path, {query: q}).then((r) => (r.json.data as {amount: {value: string}}[]).map((t) => t.amount.value));
  assert.deepEqual(await amounts({currency: 'USDC'}), ['2500.000000']);
  assert.deepEqual(await amounts({created_after: '2025-03-14T09:26:54Z', created_before: '2025-03-14T09:26:56Z', sort: 'created_at'}), ['20.00', '30.00']);
  assert.equal((await amounts({status: 'pending'})).length, 4, 'a wire settles 5 s after it is received: the last four still settle');
  done();
});

test('snapshot and restore give back the same state, and reset seeds the key again', async () => {
  const {sandbox, send, balance, done} = await session();
  await send('POST', `/accounts/${DOCS_ACCOUNT}/fiat-withdrawals`, {
    body: {bank_account_id: DOCS_BANK_ACCOUNT, amount: {value: '100.00', currency: 'USD'}, rail: 'ach'},
  });
  const saved = JSON.parse(JSON.stringify(sandbox.snapshot())) as unknown;
  const reserved = (await balance('USD')).reserved;
  sandbox.reset();
  assert.equal((await balance('USD')).reserved, '0.00');
  sandbox.restore(saved);
  assert.deepEqual(sandbox.snapshot(), saved);
  assert.equal((await balance('USD')).reserved, reserved);
  assert.throws(() => sandbox.restore({keys: {}}), /version 2/);
  done();
});

test('bank accounts and beneficiaries are created pending_verification, verified by the simulation, and deleted', async () => {
  const {send, eventTypes, done} = await session();
  const base = `/accounts/${DOCS_ACCOUNT}/bank-accounts`;
  const created = await send('POST', base, {
    body: {currency: 'EUR', account_holder_name: 'Jane Doe', bank_details: {scheme: 'iban', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX'}},
  });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  assert.equal(created.json.status, 'pending_verification');
  assert.equal((created.json.bank_details as Json).masked_iban, 'FR14*******************2606');
  const verified = await send('POST', `/sandbox${base}/${String(created.json.id)}/verification`, {body: {outcome: 'verified'}});
  assert.equal(verified.json.status, 'verified');
  assert.equal((await send('DELETE', `${base}/${String(created.json.id)}`)).status, 204);
  assert.equal((await send('GET', `${base}/${String(created.json.id)}`)).status, 404);
  assert.ok((await eventTypes()).includes('bank_account.verified'));
  done();
});

test('a simulated event of every type is answered, and read back, typed by its type (TypedEvent)', async () => {
  const {send, done} = await session();
  const types = fs
    .readdirSync(path.join(SITE_ROOT, 'openapi', 'events'))
    .map((f) => f.replace(/\.yaml$/, ''))
    .filter((type) => type !== 'webhook.verification');
  assert.equal(types.length, 22);
  for (const type of types) {
    const simulated = await send('POST', '/sandbox/events', {body: {type}});
    assert.equal(simulated.status, 201, `${type}: ${JSON.stringify(simulated.json)}`);
    const read = await send('GET', `/events/${String(simulated.json.id)}`);
    assert.deepEqual([read.status, read.json.type, read.json.data], [200, type, simulated.json.data]);
  }
  // Each answer was checked against its operation's schema, TypedEvent: the variant its `type` maps to.
  done();
});

test('events: list, read, simulate, and a closed account announces account.closed', async () => {
  const {send, businessAccount, done} = await session();
  const simulated = await send('POST', '/sandbox/events', {body: {type: 'withdrawal.returned'}});
  assert.equal(simulated.status, 201, JSON.stringify(simulated.json));
  assert.equal((await send('GET', `/events/${String(simulated.json.id)}`)).json.type, 'withdrawal.returned');
  assert.equal(simulated.json.simulated, true, 'an event POST /sandbox/events made up says so');
  const verification = await send('POST', '/sandbox/events', {body: {type: 'webhook.verification'}});
  assert.deepEqual([verification.status, (verification.json.errors as Json[])[0].field], [400, 'type']);
  const notEmpty = await send('POST', `/accounts/${DOCS_ACCOUNT}/close`, {body: {}});
  assert.deepEqual([notEmpty.status, notEmpty.json.code], [409, 'balance_not_zero']);
  const empty = await businessAccount('acme');
  assert.equal(empty.status, 201, JSON.stringify(empty.json));
  const closed = await send('POST', `/accounts/${String(empty.json.id)}/close`, {body: {reason: 'Left the platform.'}});
  assert.deepEqual([closed.status, closed.json.status, closed.json.status_reason], [200, 'closed', 'Left the platform.']);
  const listed = (await send('GET', '/events', {query: {type: 'account.closed'}})).json.data as Json[];
  assert.ok(
    listed.every((e) => !('simulated' in e)),
    'an event of a real change has no simulated field',
  );
  assert.deepEqual(
    listed.map((e) => (e.data as {object: Json}).object.id),
    [empty.json.id],
  );
  done();
});

test('on a closed account, an operation without a documented 409 refuses with its 403 forbidden', async () => {
  const {send, businessAccount, done} = await session();
  const created = await businessAccount('shut');
  const id = String(created.json.id);
  await send('POST', `/sandbox/accounts/${id}/kyc`, {body: {outcome: 'approved'}});
  assert.equal((await send('POST', `/accounts/${id}/close`, {body: {}})).status, 200);
  const instructions = await send('GET', `/accounts/${id}/deposit-instructions`, {query: {currency: 'GBP'}});
  assert.deepEqual([instructions.status, instructions.json.code], [403, 'forbidden']);
  const transfer = await send('POST', `/sandbox/accounts/${id}/bank-transfers`, {
    body: {amount: {value: '5.00', currency: 'GBP'}, rail: 'faster_payments', reference: 'X'},
  });
  assert.deepEqual([transfer.status, transfer.json.code], [409, 'resource_conflict']);
  assert.equal((await send('GET', `/accounts/${id}`)).json.status, 'closed', 'a closed account can still be read');
  done();
});

test('a suspended account keeps its balances but moves no funds (403 account_suspended) until the suspension is lifted', async () => {
  const {send, businessAccount, done} = await session();
  const account = `/accounts/${DOCS_ACCOUNT}`;
  const suspension = `/sandbox/accounts/${DOCS_ACCOUNT}/suspension`;
  const reason = 'Unusual activity under review by our compliance team.';
  const suspended = await send('POST', suspension, {body: {suspended: true, reason}});
  assert.deepEqual([suspended.status, suspended.json.status, suspended.json.status_reason], [200, 'suspended', reason]);
  assert.equal((await send('GET', account)).json.status, 'suspended');
  assert.equal((await send('GET', `${account}/balances`)).status, 200, 'balances stay readable');
  const quote = {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '100.00'};
  const payout = {bank_account_id: DOCS_BANK_ACCOUNT, amount: {value: '10.00', currency: 'USD'}, rail: 'ach'};
  for (const [method, path, options] of [
    ['POST', `${account}/quotes`, {body: quote}],
    ['POST', `${account}/fiat-withdrawals`, {body: payout}],
    ['GET', `${account}/deposit-instructions`, {query: {currency: 'USD'}}],
    ['POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {body: {amount: {value: '5.00', currency: 'USD'}, rail: 'wire', reference: 'DEP7HQ2LMX9'}}],
    ['POST', `${account}/close`, {body: {}}],
  ] as const) {
    const refused = await send(method, path, options);
    assert.deepEqual([refused.status, refused.json.code], [403, 'account_suspended'], `${method} ${path}`);
  }
  // The status it already has: no change, no second event.
  assert.equal((await send('POST', suspension, {body: {suspended: true}})).json.status_reason, reason);
  const events = (await send('GET', '/events', {query: {type: 'account.updated', sort: 'created_at'}})).json.data as Json[];
  assert.deepEqual(
    events.map((e) => e.previous_attributes),
    [{status: 'active', status_reason: null}],
  );
  const lifted = await send('POST', suspension, {body: {suspended: false}});
  assert.deepEqual([lifted.status, lifted.json.status, lifted.json.status_reason], [200, 'active', null]);
  assert.equal((await send('POST', `${account}/quotes`, {body: quote})).status, 201, 'funds move again');
  const closed = await businessAccount('suspended-after-close');
  assert.equal((await send('POST', `/accounts/${String(closed.json.id)}/close`, {body: {}})).status, 200);
  const conflict = await send('POST', `/sandbox/accounts/${String(closed.json.id)}/suspension`, {body: {suspended: true}});
  assert.deepEqual([conflict.status, conflict.json.code], [409, 'resource_conflict']);
  done();
});

test('a webhook delivery that keeps failing is retried on the documented schedule, then the endpoint is disabled', async () => {
  const attempts: {at: number; headers: Record<string, string>; body: string}[] = [];
  const clock = {now: Date.parse('2025-03-14T09:26:53Z')};
  const sandbox = await testSandbox({
    now: () => clock.now,
    transport: async ({url, headers, body}) => {
      // The verification succeeds; every later delivery fails.
      attempts.push({at: clock.now, headers, body});
      return {status: url.endsWith('/hook') && attempts.length === 1 ? 204 : 503};
    },
  });
  const key = newKey();
  const created = await call(sandbox, key, 'POST', '/webhooks', {body: {url: 'https://hooks.example/hook', enabled_events: ['deposit.received']}});
  const webhookId = String((created.body as Json).id);
  await call(sandbox, key, 'POST', `/webhooks/${webhookId}/verify`);
  await call(sandbox, key, 'POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
    body: {amount: {value: '10.00', currency: 'USD'}, rail: 'wire', reference: 'DEP7HQ2LMX9'},
  });
  // Every 5 minutes of clock for 4 days: each due retry is attempted when the clock passes it.
  for (let minutes = 0; minutes <= 4 * 24 * 60; minutes += 5) {
    await sandbox.deliverDue();
    clock.now += 5 * 60_000;
  }
  // The verification delivery carries a challenge of the form WebhookVerificationChallenge.yaml states.
  assert.match(String((JSON.parse(attempts[0].body) as {data: {object: {challenge: unknown}}}).data.object.challenge), /^chl_[A-Za-z0-9]{32}$/);
  const delays = attempts.slice(1).map((a, i, all) => (i === 0 ? 0 : Math.round((a.at - all[i - 1].at) / 60_000)));
  assert.deepEqual(delays.slice(0, 8), [0, 5, 5, 30, 120, 300, 600, 600], 'minutes between attempts (5 s rounds up to the next 5-minute step)');
  assert.ok(new Set(attempts.slice(1).map((a) => a.headers['webhook-id'])).size === 1, 'every retry carries the same event id');
  const disabled = (await call(sandbox, key, 'GET', `/webhooks/${webhookId}`)).body as Json;
  assert.equal(disabled.status, 'disabled');
  assert.match(String(disabled.status_reason), /failed for 3 days.*non_2xx_status \(The endpoint answered 503\.\)/);
  assert.deepEqual(sandbox.conformance().violations, []);
});

test('a retry while the first request with its Idempotency-Key is still running is 409 idempotency_key_in_use', async () => {
  // The endpoint answers the verification only when the test says so; the test learns when it was called.
  let answerEndpoint: (status: number) => void = () => {};
  let endpointCalled: () => void = () => {};
  const called = new Promise<void>((resolve) => (endpointCalled = resolve));
  const transport = () =>
    new Promise<{status: number}>((resolve) => {
      answerEndpoint = (status) => resolve({status});
      endpointCalled();
    });
  const sandbox = await testSandbox({transport});
  const key = newKey();
  const created = await call(sandbox, key, 'POST', '/webhooks', {body: {url: 'https://hooks.example/slow', enabled_events: ['trade.executed']}});
  const verify = `/webhooks/${String((created.body as Json).id)}/verify`;
  const first = call(sandbox, key, 'POST', verify, {idempotencyKey: 'verify-key-0001'});
  await called;
  const retry = await call(sandbox, key, 'POST', verify, {idempotencyKey: 'verify-key-0001'});
  assert.deepEqual([retry.status, (retry.body as Json).code], [409, 'idempotency_key_in_use']);
  answerEndpoint(200);
  assert.equal(((await first).body as Json).outcome, 'verified');
  const replay = await call(sandbox, key, 'POST', verify, {idempotencyKey: 'verify-key-0001'});
  assert.deepEqual([replay.status, (replay.body as Json).outcome], [200, 'verified'], 'once done, the retry gets the stored response');
  assert.deepEqual(sandbox.conformance().violations, []);
});

test('each of the event types of openapi/events/ is recorded when its cause happens (quote.cancelled has none in the sandbox)', async () => {
  const {sandbox, key, send, businessAccount, done} = await session();
  const account = `/accounts/${DOCS_ACCOUNT}`;
  const sandboxAccount = `/sandbox${account}`;
  const ok = async (method: string, path: string, body?: unknown) => {
    const response = await send(method, path, {body});
    assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${JSON.stringify(response.json)}`);
    return response.json;
  };
  // Accounts: created, KYC, updated, closed.
  const created = await businessAccount('events');
  await ok('POST', `/sandbox/accounts/${String(created.json.id)}/kyc`, {outcome: 'approved'});
  await ok('PATCH', `/accounts/${String(created.json.id)}`, {display_name: 'Events Ltd'});
  await ok('POST', `/accounts/${String(created.json.id)}/close`, {});
  // Deposits: received and completed (wire), failed (crypto), returned (ACH inside the hold).
  await ok('POST', `${sandboxAccount}/bank-transfers`, {amount: {value: '100.00', currency: 'USD'}, rail: 'wire', reference: 'DEP7HQ2LMX9'});
  await ok('POST', `${sandboxAccount}/wallets/${DOCS_WALLET}/deposits`, {amount: {value: '1.000000', currency: 'USDC'}, outcome: 'failed'});
  await ok('POST', `${sandboxAccount}/bank-transfers`, {amount: {value: '5.00', currency: 'USD'}, rail: 'ach', reference: 'DEP7HQ2LMX9', outcome: 'returned'});
  sandbox.advanceClock(24 * 3600_000, key);
  // Trades: executed, and an expired quote.
  const quote = await ok('POST', `${account}/quotes`, {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '10.00'});
  await ok('POST', `${account}/quotes/${String(quote.id)}/execute`, {});
  await ok('POST', `${account}/quotes`, {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '10.00'});
  sandbox.advanceClock(30_000, key);
  // Withdrawals: cancelled; submitted and completed (crypto); failed and returned (fiat, which disables the payee).
  const crypto = `${account}/wallets/${DOCS_WALLET}/withdrawals`;
  const cancelled = await ok('POST', crypto, {beneficiary_id: DOCS_CRYPTO_BENEFICIARY, amount: {value: '10.000000', currency: 'USDC'}});
  await ok('POST', `${crypto}/${String(cancelled.id)}/cancel`);
  const sent = await ok('POST', crypto, {beneficiary_id: DOCS_CRYPTO_BENEFICIARY, amount: {value: '10.000000', currency: 'USDC'}});
  await ok('POST', `${sandboxAccount}/wallets/${DOCS_WALLET}/withdrawals/${String(sent.id)}/outcome`, {outcome: 'completed'});
  /** A 10.00 payout to `destination` that ends with `outcome`. */
  const payout = async (destination: Json, outcome: string) => {
    const withdrawal = await ok('POST', `${account}/fiat-withdrawals`, {
      ...destination,
      amount: {value: '10.00', currency: destination.bank_account_id ? 'USD' : 'EUR'},
      rail: destination.bank_account_id ? 'ach' : 'sepa',
    });
    await ok('POST', `${sandboxAccount}/fiat-withdrawals/${String(withdrawal.id)}/outcome`, {outcome});
  };
  await payout({bank_account_id: DOCS_BANK_ACCOUNT}, 'failed');
  await payout({beneficiary_id: DOCS_FIAT_BENEFICIARY}, 'returned');
  // Payees: verified and rejected; a returned payout to the bank account disables it.
  const uk = {scheme: 'uk_domestic', account_number: '55779911', sort_code: '200000'};
  const bank = await ok('POST', `${account}/bank-accounts`, {currency: 'GBP', account_holder_name: 'Jane Doe', bank_details: uk});
  await ok('POST', `${sandboxAccount}/bank-accounts/${String(bank.id)}/verification`, {outcome: 'rejected'});
  await payout({bank_account_id: DOCS_BANK_ACCOUNT}, 'returned');
  const address = {line1: '10 Downing Mews', city: 'London', postal_code: 'SW1A 2AB', country: 'GB'};
  const payee = await ok('POST', `${account}/fiat-beneficiaries`, {
    entity_type: 'individual',
    name: 'Oliver Smith',
    currency: 'GBP',
    address,
    bank_details: uk,
  });
  await ok('POST', `${sandboxAccount}/fiat-beneficiaries/${String(payee.id)}/verification`, {outcome: 'verified'});
  const otherBank = await ok('POST', `${account}/bank-accounts`, {
    currency: 'EUR',
    account_holder_name: 'Jane Doe',
    bank_details: {scheme: 'iban', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX'},
  });
  await ok('POST', `${sandboxAccount}/bank-accounts/${String(otherBank.id)}/verification`, {outcome: 'verified'});
  const wallet = {
    asset: 'USDC',
    network: 'ethereum',
    owner: {type: 'individual', name: 'Jane Doe', country: 'FR', is_account_holder: true, wallet_type: 'self_hosted'},
  };
  const rejected = await ok('POST', `${account}/crypto-beneficiaries`, {...wallet, address: '0x52908400098527886E0F7030069857D2E4169EE7'});
  await ok('POST', `${sandboxAccount}/crypto-beneficiaries/${String(rejected.id)}/verification`, {outcome: 'rejected'});
  // Webhooks: the verification event, whatever the endpoint answers.
  const endpoint = await ok('POST', '/webhooks', {url: 'https://hooks.example/novaramp', enabled_events: ['trade.executed']});
  await ok('POST', `/webhooks/${String(endpoint.id)}/verify`);

  const recorded = new Set<string>();
  for (let cursor: string | undefined, page = 0; page < 20; page++) {
    const list = await send('GET', '/events', {query: {limit: '100', ...(cursor ? {cursor} : {})}});
    (list.json.data as Json[]).forEach((e) => recorded.add(String(e.type)));
    if (!list.json.has_more) break;
    cursor = String(list.json.next_cursor);
  }
  const documented = fs.readdirSync(path.join(SITE_ROOT, 'openapi', 'events')).map((f) => f.replace(/\.yaml$/, ''));
  assert.deepEqual([...recorded].sort(), documented.filter((t) => t !== 'quote.cancelled').sort());
  done();
});

test('a failure of the engine itself answers the documented 500 internal_error, and the conformance report names it', async () => {
  const sandbox = await testSandbox();
  const key = newKey();
  // A state without its fields: what a hand-edited snapshot could hold.
  sandbox.restore({version: 2, keys: {[key]: {}}});
  const broken = await call(sandbox, key, 'GET', '/coins');
  assert.deepEqual([broken.status, (broken.body as Json).code], [500, 'internal_error']);
  assert.deepEqual(
    sandbox.conformance().violations.map((v) => [v.status, v.problems.length > 0]),
    [[500, true]],
  );
});

test('transactions filter by created_gte/created_lt; the deprecated created_after/created_before still work, never both', async () => {
  const {send, sandbox, key, done} = await session();
  sandbox.advanceClock(3600_000, key);
  await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
    body: {amount: {value: '10.00', currency: 'USD'}, rail: 'wire', reference: 'DEP7HQ2LMX9'},
  });
  const path = `/accounts/${DOCS_ACCOUNT}/transactions`;
  const ids = async (query: Record<string, string>) => ((await send('GET', path, {query})).json.data as Json[]).map((t) => t.id);
  const boundary = '2025-03-14T09:56:53Z';
  const later = await ids({created_gte: boundary});
  const earlier = await ids({created_lt: boundary});
  assert.equal(later.length, 1, 'the transfer');
  assert.equal(earlier.length, 3, 'the seeded deposits');
  assert.deepEqual(await ids({created_after: boundary}), later);
  assert.deepEqual(await ids({created_before: boundary}), earlier);
  const both = await send('GET', path, {query: {created_gte: boundary, created_after: boundary}});
  assert.deepEqual([both.status, both.json.code, (both.json.errors as Json[])[0].field], [400, 'validation_failed', 'created_after']);
  done();
});

test('spec details the engine follows: the payout reference, the endpoint status_reason, the coins order, the KYC and clock examples', async () => {
  const {send, businessAccount, done} = await session();
  const spec = combinedSpec();
  // A payout without reference: NR- and the first 8 characters of its transaction id in capitals.
  const payout = await send('POST', `/accounts/${DOCS_ACCOUNT}/fiat-withdrawals`, {
    body: {bank_account_id: DOCS_BANK_ACCOUNT, amount: {value: '20.00', currency: 'USD'}, rail: 'ach'},
  });
  assert.equal(payout.status, 201, JSON.stringify(payout.json));
  assert.equal(payout.json.reference, `NR-${String(payout.json.transaction_id).slice(4, 12).toUpperCase()}`);
  // A webhook endpoint says why it is disabled, and only then.
  const endpoint = await send('POST', '/webhooks', {body: {url: 'https://hooks.example/a', enabled_events: ['deposit.completed']}});
  assert.equal(endpoint.json.status_reason, null);
  const paused = await send('PATCH', `/webhooks/${String(endpoint.json.id)}`, {body: {enabled: false}});
  assert.deepEqual([paused.json.status, paused.json.status_reason], ['disabled', 'Paused by request (enabled: false).']);
  // The coins list's default order is its sort parameter's default.
  const document = (await spec) as Json;
  const resolve = (node: Json): Json =>
    typeof node.$ref === 'string'
      ? resolve(
          node.$ref
            .slice(2)
            .split('/')
            .reduce<Json>((at, part) => at[part] as Json, document),
        )
      : node;
  const coinsParameters = ((document.paths as Json)['/coins'] as {get: {parameters: Json[]}}).get.parameters.map(resolve);
  const coinsSort = (coinsParameters.find((p) => p.name === 'sort')?.schema as Json | undefined)?.default;
  const coins = async (query: Record<string, string>) => ((await send('GET', '/coins', {query})).json.data as Json[]).map((c) => c.code);
  assert.ok(coinsSort, 'the coins list declares its default sort');
  assert.deepEqual(await coins({}), await coins({sort: String(coinsSort)}));
  // A new account's verification has the shape of the notStarted example.
  const account = await businessAccount('kycshape');
  const kyc = (await send('GET', `/accounts/${String(account.json.id)}/kyc`)).json;
  const example = ((await spec).paths as Json)['/accounts/{account_id}/kyc'] as {
    get: {responses: {200: {content: {'application/json': {examples: {notStarted: {value: Json}}}}}}};
  };
  const notStarted = example.get.responses[200].content['application/json'].examples.notStarted.value;
  assert.deepEqual(Object.keys(kyc).sort(), Object.keys(notStarted).sort());
  assert.deepEqual([kyc.status, kyc.required_actions, kyc.submitted_at], [notStarted.status, notStarted.required_actions, notStarted.submitted_at]);
  // The clock operation's achHold example moves past the hold of an ACH deposit made now.
  const clockExamples = (
    ((await spec).paths as Json)['/sandbox/clock/advance'] as {
      post: {requestBody: {content: {'application/json': {examples: Record<string, {value: {seconds: number}}>}}}};
    }
  ).post.requestBody.content['application/json'].examples;
  const ach = await send('POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
    body: {amount: {value: '10.00', currency: 'USD'}, rail: 'ach', reference: 'DEP7HQ2LMX9'},
  });
  await send('POST', '/sandbox/clock/advance', {body: clockExamples.achHold.value});
  assert.equal((await send('GET', `/accounts/${DOCS_ACCOUNT}/transactions/${String(ach.json.id)}`)).json.status, 'completed');
  done();
});

test('every change gives an object its next version; account.updated names what changed; events say whose and where', async () => {
  const {send, done} = await session();
  const before = (await send('GET', `/accounts/${DOCS_ACCOUNT}`)).json;
  assert.equal(typeof before.version, 'number');
  const updated = (await send('PATCH', `/accounts/${DOCS_ACCOUNT}`, {body: {display_name: 'Jane Q. Doe'}})).json;
  assert.equal(updated.version, Number(before.version) + 1, 'one more on the change');
  assert.equal((await send('GET', `/accounts/${DOCS_ACCOUNT}`)).json.version, updated.version, 'reading does not change it');
  const events = (await send('GET', '/events', {query: {type: 'account.updated', limit: '100'}})).json.data as Json[];
  const event = events.find((e) => (e.data as {object: Json}).object.display_name === 'Jane Q. Doe')!;
  assert.deepEqual(event.previous_attributes, {display_name: before.display_name});
  assert.equal((event.data as {object: Json}).object.version, updated.version);
  assert.deepEqual([event.account_id, event.environment], [DOCS_ACCOUNT, 'sandbox']);
  assert.match(String(event.created_at), /\.\d{3}Z$/, 'milliseconds');
  const created = (await send('POST', '/accounts', {body: businessAccountBody('versions')})).json;
  assert.equal(created.version, 1, 'a new object starts at 1');
  done();
});

test('the delivery log records each attempt, its retry time and status, per endpoint and per event; a resend adds one', async () => {
  const clock = {now: Date.parse('2025-03-14T09:26:53Z')};
  let calls = 0;
  const sandbox = await testSandbox({
    now: () => clock.now,
    // The verification succeeds, the first delivery fails, every later one succeeds.
    transport: async () => ({status: ++calls === 2 ? 503 : 200}),
  });
  const key = newKey();
  const created = await call(sandbox, key, 'POST', '/webhooks', {body: {url: 'https://hooks.example/log', enabled_events: ['deposit.received']}});
  const webhookId = String((created.body as Json).id);
  const verification = (await call(sandbox, key, 'POST', `/webhooks/${webhookId}/verify`)).body as Json;
  await call(sandbox, key, 'POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
    body: {amount: {value: '10.00', currency: 'USD'}, rail: 'wire', reference: 'DEP7HQ2LMX9'},
  });
  await sandbox.deliverDue();
  clock.now += 6_000;
  await sandbox.deliverDue();
  const log = (await call(sandbox, key, 'GET', `/webhooks/${webhookId}/deliveries`, {query: {sort: 'created_at'}})).body as {data: Json[]};
  // The verification's attempt is logged too; the deposit event's are the others, in order.
  const received = log.data.filter((e) => e.event_id !== verification.event_id).sort((a, b) => Number(a.attempt) - Number(b.attempt));
  const [failed, retried] = received;
  assert.deepEqual([failed.attempt, failed.status, failed.http_status], [1, 'failed', 503]);
  assert.equal(typeof failed.next_retry_at, 'string');
  assert.deepEqual([retried.attempt, retried.status, retried.http_status, retried.next_retry_at], [2, 'succeeded', 200, null]);
  const eventId = String(failed.event_id);
  const perEvent = (await call(sandbox, key, 'GET', `/events/${eventId}/deliveries`)).body as {data: Json[]};
  assert.equal(perEvent.data.length, 2);
  const resend = (await call(sandbox, key, 'POST', `/events/${eventId}/resend`, {body: {webhook_id: webhookId}})).body as Json;
  assert.deepEqual([resend.attempt, resend.status], [1, 'scheduled']);
  const failedOnly = (await call(sandbox, key, 'GET', `/webhooks/${webhookId}/deliveries`, {query: {status: 'failed'}})).body as {data: Json[]};
  assert.deepEqual(
    failedOnly.data.map((e) => e.id),
    [failed.id],
  );
  assert.equal(((await call(sandbox, key, 'GET', `/events/${eventId}/deliveries`)).body as {data: Json[]}).data.length, 3);
  assert.deepEqual(sandbox.conformance().violations, []);
});

test('a simulated outage answers 503 service_unavailable with Retry-After, does nothing, and the retry with the same key works', async () => {
  const {send, balance, done} = await session();
  const payouts = `/accounts/${DOCS_ACCOUNT}/fiat-withdrawals`;
  const body = {bank_account_id: DOCS_BANK_ACCOUNT, amount: {value: '10.00', currency: 'USD'}, rail: 'ach'};
  const outage = await send('POST', '/sandbox/outages', {body: {operation_id: 'withdrawFiat', requests: 2}});
  assert.deepEqual([outage.status, outage.json], [200, {operation_id: 'withdrawFiat', failing_requests: 2}]);
  for (let i = 0; i < 2; i++) {
    const down = await send('POST', payouts, {body, idempotencyKey: 'outage-payout-0001'});
    assert.deepEqual([down.status, down.json.code], [503, 'service_unavailable']);
    assert.ok(Number(down.headers['Retry-After']) >= 1, 'Retry-After');
  }
  assert.equal(((await send('GET', payouts)).json.data as Json[]).length, 0, 'no payout was made during the outage');
  assert.equal((await balance('USD')).reserved, '0.00', 'nothing was reserved');
  const retried = await send('POST', payouts, {body, idempotencyKey: 'outage-payout-0001'});
  assert.equal(retried.status, 201, 'the 503 was not stored under the Idempotency-Key');
  // A replay of a stored success, and other operations, are not affected; the next new request is.
  await send('POST', '/sandbox/outages', {body: {operation_id: 'withdrawFiat'}});
  assert.equal((await send('POST', payouts, {body, idempotencyKey: 'outage-payout-0001'})).json.id, retried.json.id);
  assert.equal((await send('GET', `/accounts/${DOCS_ACCOUNT}/balances`)).status, 200);
  assert.equal((await send('POST', payouts, {body})).status, 503, 'the outage waited for the next new request');
  assert.equal((await send('POST', payouts, {body})).status, 201);
  assert.equal(((await send('GET', payouts)).json.data as Json[]).length, 2);
  const notDocumented = await send('POST', '/sandbox/outages', {body: {operation_id: 'listCoins'}});
  assert.deepEqual([notDocumented.status, (notDocumented.json.errors as Json[])[0].field], [400, 'operation_id']);
  done();
});
