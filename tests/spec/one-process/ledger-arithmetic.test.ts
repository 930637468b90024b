/**
 * No example contradicts the ledger arithmetic (issue #48, item 1). The rule is stated once, in
 * openapi/components/schemas/LedgerEntry.yaml and Balance.yaml; for one account and currency, at time t:
 *
 *   total     = Σ amount of the entries with available_at ≤ t
 *   pending   = Σ amount of the entries with available_at > t (holds) + deposits not settled yet (no entry yet)
 *   available = total − reserved
 *
 * Every balance in an example of the bundled spec (an object with `total`, `available`, `reserved` and `pending`)
 * is checked at its `updated_at` against the ledger entries shown in the examples for its account and currency:
 * `total` exactly, `available` + `reserved` = `total`, and `pending` at least the held entries (the rest is deposits
 * that have no entry yet). Every entry is checked on its own as well: the sign its kind gives, exactly the asset's
 * decimals, a source whose identifier fits its type, `reverses` pointing to an entry of the same account and currency
 * with the opposite amount, and `available_at` as the schema states it (an ACH deposit's is its transaction's
 * `fiat.funds_available_at`). An entry shown in several examples is the same object in each: entries never change.
 * Each problem names the file:line of the example.
 */
import assert from 'node:assert/strict';
import {before, test} from 'node:test';
import {API_SPECS, specPath} from '../../../src/data/api-table';
import {SITE_ROOT} from '../../../tools/cli';
import type {ApiDocument} from '../../../tools/openapi/document';
import {isObject, type Json} from '../../../tools/openapi/json';
import {loadApi} from '../../../tools/openapi/load';
import {exampleObjects} from '../../helpers/example-objects';

type Obj = Record<string, Json>;
interface Found {
  where: string;
  value: Obj;
}

/** Fiat decimals (openapi/README.md: "USD, EUR and GBP 2"); crypto decimals are read from the `GET /coins` examples. */
const FIAT_DECIMALS: Record<string, number> = {USD: 2, EUR: 2, GBP: 2};
/** The kinds that credit a balance (LedgerEntryKind.yaml); every other kind debits it. */
const CREDITS = new Set(['deposit', 'withdrawal_return', 'trade_buy']);
/** The kinds that offset another entry, and the kind of the entry each offsets. */
const REVERSES: Record<string, string> = {deposit_return: 'deposit', withdrawal_return: 'withdrawal'};
/** The identifier prefix of each `source.type`. */
const SOURCE_PREFIX: Record<string, string> = {
  crypto_deposit: 'txn_',
  fiat_deposit: 'txn_',
  crypto_withdrawal: 'wdr_',
  fiat_withdrawal: 'wdr_',
  quote: 'quo_',
};

/** Every object inside an example value of the document, with where it is written. */
const examplesOf = (doc: ApiDocument): Found[] => exampleObjects(doc).map(({pointer, value}) => ({where: doc.where(pointer), value}));

const isEntry = (o: Obj) => typeof o.id === 'string' && o.id.startsWith('led_') && typeof o.amount === 'string';
const isBalance = (o: Obj) => ['total', 'available', 'reserved', 'pending'].every((k) => typeof o[k] === 'string') && typeof o.currency === 'string';
const isTransaction = (o: Obj) => typeof o.id === 'string' && o.id.startsWith('txn_') && typeof o.type === 'string' && typeof o.status === 'string';

/** A decimal string as an integer number of 10^-18 units: exact, whatever the asset's decimals. */
function units(decimal: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,18}))?$/.exec(decimal);
  if (!m) throw new Error(`not a decimal string: ${decimal}`);
  const value = BigInt(m[2] + (m[3] ?? '').padEnd(18, '0'));
  return m[1] ? -value : value;
}
/** Back to a decimal string with `decimals` fractional digits (for messages). */
function decimalString(value: bigint, decimals: number): string {
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(19, '0');
  const whole = digits.slice(0, -18).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(-18, -18 + decimals);
  return decimals > 0 ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}
const fractionDigits = (decimal: string) => decimal.split('.')[1]?.length ?? 0;
const time = (t: Json) => Date.parse(String(t));

interface Ledger {
  entries: Found[];
  balances: Found[];
  transactions: Found[];
  decimals: Record<string, number>;
}

function readLedger(docs: ApiDocument[]): Ledger {
  const objects = docs.flatMap(examplesOf);
  const decimals: Record<string, number> = {...FIAT_DECIMALS};
  for (const {value} of objects) if (typeof value.code === 'string' && typeof value.decimals === 'number') decimals[value.code] = value.decimals;
  return {
    entries: objects.filter((o) => isEntry(o.value)),
    balances: objects.filter((o) => isBalance(o.value)),
    transactions: objects.filter((o) => isTransaction(o.value)),
    decimals,
  };
}

/** The entries of the ledger, one per id; problems where two examples show one id differently. */
function distinctEntries(ledger: Ledger): {byId: Map<string, Found>; problems: string[]} {
  const byId = new Map<string, Found>();
  const problems: string[] = [];
  for (const e of ledger.entries) {
    const seen = byId.get(String(e.value.id));
    if (!seen) byId.set(String(e.value.id), e);
    else if (JSON.stringify(seen.value) !== JSON.stringify(e.value))
      problems.push(`${e.where}: entry ${String(e.value.id)} differs from the same entry at ${seen.where} (entries never change)`);
  }
  return {byId, problems};
}

/** What each entry gets wrong on its own or against the entry it reverses. */
function entryProblems(ledger: Ledger): string[] {
  const {byId, problems} = distinctEntries(ledger);
  const achHolds = new Map<string, string>();
  for (const {value: t} of ledger.transactions) {
    const fiat = t.fiat;
    if (isObject(fiat) && fiat.rail === 'ach' && typeof fiat.funds_available_at === 'string') achHolds.set(String(t.id), fiat.funds_available_at);
  }
  for (const {where, value: e} of byId.values()) {
    const amount = units(String(e.amount));
    const kind = String(e.kind);
    const decimals = ledger.decimals[String(e.currency)];
    if (decimals === undefined) problems.push(`${where}: ${String(e.id)}: no decimals known for ${String(e.currency)}`);
    else if (fractionDigits(String(e.amount)) !== decimals)
      problems.push(`${where}: ${String(e.id)}: amount ${String(e.amount)} is not written with ${decimals} decimals`);
    if (amount === 0n) problems.push(`${where}: ${String(e.id)}: a zero amount`);
    else if (CREDITS.has(kind) !== amount > 0n)
      problems.push(
        `${where}: ${String(e.id)}: a ${kind} entry must be a ${CREDITS.has(kind) ? 'credit (positive)' : 'debit (negative)'}, not ${String(e.amount)}`,
      );
    const source = isObject(e.source) ? e.source : {};
    const prefix = SOURCE_PREFIX[String(source.type)];
    if (!prefix || !String(source.id).startsWith(prefix))
      problems.push(`${where}: ${String(e.id)}: source ${String(source.type)} ${String(source.id)} does not fit`);
    if ((source.type === 'crypto_deposit' || source.type === 'fiat_deposit') && source.id !== e.transaction_id)
      problems.push(`${where}: ${String(e.id)}: a deposit's source is its transaction, ${String(e.transaction_id)}`);
    if (time(e.available_at) < time(e.created_at)) problems.push(`${where}: ${String(e.id)}: available_at before created_at`);

    let expectedAvailable = String(e.created_at);
    const reversed = typeof e.reverses === 'string' ? byId.get(e.reverses) : undefined;
    if (REVERSES[kind] !== undefined) {
      if (!reversed) problems.push(`${where}: ${String(e.id)}: a ${kind} whose reverses (${String(e.reverses)}) is no entry of the examples`);
      else {
        const r = reversed.value;
        if (r.kind !== REVERSES[kind]) problems.push(`${where}: ${String(e.id)}: a ${kind} reverses a ${String(r.kind)} entry, not a ${REVERSES[kind]}`);
        if (r.account_id !== e.account_id || r.currency !== e.currency)
          problems.push(`${where}: ${String(e.id)}: reverses ${String(r.id)} of another account or currency (${String(r.account_id)} ${String(r.currency)})`);
        if (units(String(r.amount)) !== -amount)
          problems.push(`${where}: ${String(e.id)}: amount ${String(e.amount)} is not the opposite of ${String(r.id)}'s ${String(r.amount)}`);
        if (r.transaction_id !== e.transaction_id)
          problems.push(`${where}: ${String(e.id)}: not the transaction of the entry it reverses (${String(r.transaction_id)})`);
        if (time(r.created_at) > time(e.created_at)) problems.push(`${where}: ${String(e.id)}: written before the entry it reverses`);
        // A return of a held entry is held until the same time.
        if (time(r.available_at) > time(e.created_at)) expectedAvailable = String(r.available_at);
      }
    } else if (e.reverses !== null) problems.push(`${where}: ${String(e.id)}: a ${kind} entry reverses nothing, so reverses is null`);
    if (kind === 'deposit' && achHolds.has(String(e.transaction_id))) expectedAvailable = achHolds.get(String(e.transaction_id))!;
    if (time(e.available_at) !== time(expectedAvailable))
      problems.push(`${where}: ${String(e.id)}: available_at ${String(e.available_at)}, but the rule gives ${expectedAvailable}`);
  }
  // Every ACH deposit transaction with an entry has it held until its funds_available_at (checked above); and the
  // transactions the entries name are of the entry's account.
  for (const {where, value: t} of ledger.transactions) {
    for (const {value: e} of byId.values()) {
      if (e.transaction_id === t.id && e.account_id !== t.account_id)
        problems.push(`${where}: ${String(t.id)} is of ${String(t.account_id)}, but entry ${String(e.id)} of ${String(e.account_id)} names it`);
    }
  }
  return problems;
}

/** What each balance example claims that the ledger entries of its account and currency do not add up to. */
function balanceProblems(ledger: Ledger): string[] {
  const {byId} = distinctEntries(ledger);
  const problems: string[] = [];
  for (const {where, value: b} of ledger.balances) {
    const decimals = ledger.decimals[String(b.currency)] ?? 18;
    const at = time(b.updated_at);
    const entries = [...byId.values()]
      .map((e) => e.value)
      .filter((e) => e.account_id === b.account_id && e.currency === b.currency && time(e.created_at) <= at);
    const sum = (list: Obj[]) => list.reduce((s, e) => s + units(String(e.amount)), 0n);
    const available = entries.filter((e) => time(e.available_at) <= at);
    const total = sum(available);
    const held = sum(entries.filter((e) => time(e.available_at) > at));
    const name = `${String(b.account_id)} ${String(b.currency)} at ${String(b.updated_at)}`;
    if (units(String(b.total)) !== total)
      problems.push(`${where}: ${name}: total ${String(b.total)}, but its ${available.length} available entries sum to ${decimalString(total, decimals)}`);
    if (units(String(b.available)) + units(String(b.reserved)) !== units(String(b.total)))
      problems.push(`${where}: ${name}: available ${String(b.available)} + reserved ${String(b.reserved)} is not total ${String(b.total)}`);
    if (units(String(b.pending)) < held)
      problems.push(`${where}: ${name}: pending ${String(b.pending)} is less than its held entries, ${decimalString(held, decimals)}`);
    for (const k of ['total', 'available', 'reserved', 'pending'])
      if (fractionDigits(String(b[k])) !== decimals) problems.push(`${where}: ${name}: ${k} ${String(b[k])} is not written with ${decimals} decimals`);
  }
  return problems;
}

let ledger: Ledger;
before(async () => {
  const docs: ApiDocument[] = [];
  for (const api of API_SPECS) docs.push(await loadApi(specPath(api), {siteDir: SITE_ROOT}));
  ledger = readLedger(docs);
});

test('the examples show a ledger: entries, and the balances they sum to', () => {
  const {byId} = distinctEntries(ledger);
  assert.ok(byId.size >= 8, `${byId.size} ledger entries in the examples`);
  assert.ok(ledger.balances.length >= 2, `${ledger.balances.length} balances in the examples`);
  const values = [...byId.values()].map((e) => e.value);
  // The story the issue asks for: an ACH deposit held, a withdrawal with its fee, a return linked to the original.
  assert.ok(
    values.some((e) => e.kind === 'deposit' && time(e.available_at) > time(e.created_at)),
    'a held (ACH) deposit',
  );
  assert.ok(
    values.some((e) => e.kind === 'withdrawal_fee'),
    'a withdrawal fee',
  );
  assert.ok(
    values.some((e) => typeof e.reverses === 'string'),
    'a return',
  );
});

test('every ledger entry in the examples follows its schema’s rules', () => {
  assert.deepEqual(entryProblems(ledger), []);
});

test('every balance in the examples is the sum of its ledger entries', () => {
  assert.deepEqual(balanceProblems(ledger), []);
});

test('changing one entry’s amount breaks the sum and its return, with the file:line', () => {
  const entry = ledger.entries.find((e) => e.value.kind === 'withdrawal' && e.value.currency === 'USD');
  assert.ok(entry, 'a USD withdrawal entry');
  const copies = ledger.entries.filter((e) => e.value.id === entry.value.id);
  const saved = entry.value.amount;
  try {
    for (const c of copies) c.value.amount = '-800.01';
    const balance = balanceProblems(ledger);
    assert.ok(balance.length >= 1, 'the USD balance no longer adds up');
    assert.match(balance[0], /^openapi\/[\w/{}.-]+\.yaml:\d+: acc_\w+ USD at .*: total 3200\.00, but its \d+ available entries sum to 3199\.99$/);
    assert.ok(
      entryProblems(ledger).some((p) => /is not the opposite of led_\w+'s -800\.01$/.test(p)),
      'the return no longer offsets the withdrawal',
    );
  } finally {
    for (const c of copies) c.value.amount = saved;
  }
  assert.deepEqual(balanceProblems(ledger), []);
});

test('the decimal sums are exact', () => {
  assert.equal(decimalString(units('0.1') + units('0.2'), 1), '0.3');
  assert.equal(decimalString(units('-0.50') + units('0.25'), 2), '-0.25');
  assert.equal(decimalString(units('1173.000000') - units('152.500000'), 6), '1020.500000');
});
