/**
 * A fresh API key's sandbox, seeded like a test account so that a reader's first request with the ids copied from
 * the docs works: the account acc_7Hq2LmX9pR4sT8vW (KYC approved), its USDC wallet wal_5Kp9Qz2Lm7Xr3Tb8, its verified
 * bank account bnk_2Fh8Kq4Wz7Lp9Rx3, its verified fiat beneficiary fbn_6Tm3Yd8Qc1Vn5Hs2 and crypto beneficiary
 * cbn_2Rf8Wm4Kx9Lq7Zt3, and completed deposits (each with its ledger entry) that fund it. Each resource is the spec's own example of it (the 200 of
 * its retrieve operation), so the seed follows the examples when they change.
 */
import {assetOf} from './catalog';
import {timestamp} from './context';
import {newId, seedState} from './ids';
import {writeEntry} from './ledger';
import {fromUnits} from './money';
import type {SpecIndex} from './spec';
import type {KeyState, Resource, TransactionRecord} from './state';

/** The seeded deposits: what the account holds at first. */
const SEED_DEPOSITS = [
  {type: 'fiat_deposit', value: '5000.00', currency: 'USD', rail: 'wire'},
  {type: 'fiat_deposit', value: '1000.00', currency: 'EUR', rail: 'sepa'},
  {type: 'crypto_deposit', value: '2500.000000', currency: 'USDC', rail: null},
] as const;

export function emptyState(seed: string): KeyState {
  return {
    clockOffsetMs: 0,
    randomState: seedState(seed),
    accounts: {},
    kyc: {},
    wallets: {},
    bankAccounts: {},
    fiatBeneficiaries: {},
    cryptoBeneficiaries: {},
    transactions: {},
    ledger: [],
    withdrawals: {},
    quotes: {},
    events: [],
    webhooks: {},
    webhookSecrets: {},
    deposits: [],
    deliveries: [],
    idempotency: {},
    rateWindows: {},
  };
}

/** The seeded state of a new key at sandbox time `now`. */
export function seededState(spec: SpecIndex, seed: string, now: number): KeyState {
  const state = emptyState(seed);
  const example = (operationId: string) => spec.example(operationId, 200) as Resource;
  // Another external_reference than the docs' createAccount example, so that the reader's first POST /accounts works.
  const account = {...example('getAccount'), status: 'active', kyc_status: 'approved', external_reference: 'sandbox_seeded_account'};
  state.accounts[account.id] = account;
  const kyc = example('getKycStatus');
  state.kyc[account.id] = {...kyc, status: 'approved', account_id: account.id};
  const wallet = example('getCryptoWallet');
  state.wallets[wallet.id] = wallet;
  const bankAccount = example('getBankAccount');
  state.bankAccounts[bankAccount.id] = {...bankAccount, status: 'verified'};
  const fiatBeneficiary = example('getFiatBeneficiary');
  state.fiatBeneficiaries[fiatBeneficiary.id] = {...fiatBeneficiary, status: 'verified'};
  const cryptoBeneficiary = example('getCryptoBeneficiary');
  state.cryptoBeneficiaries[cryptoBeneficiary.id] = {...cryptoBeneficiary, status: 'verified'};
  // A day before the key's first request, one second apart, so that the list order is stable.
  SEED_DEPOSITS.forEach((deposit, i) => {
    const settledAt = now - 24 * 3600_000 + i * 1000;
    const at = timestamp(settledAt);
    const txn: TransactionRecord = {
      id: newId(state, 'txn'),
      account_id: account.id,
      type: deposit.type,
      status: 'completed',
      direction: 'credit',
      amount: {value: deposit.value, currency: deposit.currency},
      fee: {value: fromUnits(0n, assetOf(deposit.currency, 'currency').decimals), currency: deposit.currency},
      trade: null,
      crypto:
        deposit.type === 'crypto_deposit'
          ? {network: wallet.network, address: '0x1C4e8D2b6A9f3E7c5B0d2F4a6C8e0B1d3F5a7C92', tx_hash: `0x${'5'.repeat(64)}`, confirmations: 12}
          : null,
      fiat: deposit.rail ? {funds_available_at: null, rail: deposit.rail, reference: 'DEP7HQ2LMX9', counterparty_name: 'Jane Doe'} : null,
      wallet_id: deposit.type === 'crypto_deposit' ? wallet.id : null,
      withdrawal_id: null,
      client_reference: null,
      status_reason: null,
      created_at: at,
      updated_at: at,
      completed_at: at,
      metadata: {},
    };
    state.transactions[txn.id] = txn;
    writeEntry(state, txn, {kind: 'deposit', money: txn.amount, sign: 1n, at: settledAt});
  });
  return state;
}
