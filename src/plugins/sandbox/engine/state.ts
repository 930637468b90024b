/**
 * The state of one API key's sandbox, as plain JSON (snapshot/restore write and read it as is): the resources in the
 * shape the API returns them, the timers of the simulations (when a deposit settles, when an ACH hold ends), the
 * stored idempotent responses, the rate-limit windows, and the webhook deliveries still to attempt. Balances are not
 * stored: balances.ts sums them from the ledger entries (and the deposits and withdrawals in flight) every time they
 * are read.
 */

/** A resource as the API returns it (its schema in openapi/components/schemas/). */
export type Resource = Record<string, unknown> & {id: string};

/** A restricted key as kept (its `id` is missing in snapshots saved before keys could be listed). */
export interface RestrictedKeyRecord {
  id: string;
  scopes: string[];
  created_at: string;
}

export interface Money {
  value: string;
  currency: string;
}

/** A transaction (Transaction.yaml), with the fields the ledger reads typed. */
export interface TransactionRecord extends Resource {
  account_id: string;
  type: 'crypto_deposit' | 'crypto_withdrawal' | 'fiat_deposit' | 'fiat_withdrawal' | 'trade';
  status: 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled' | 'returned';
  direction: 'credit' | 'debit' | 'exchange';
  amount: Money;
  fee: Money;
  trade: {quote_id: string; sell: Money; buy: Money; rate: string} | null;
  created_at: string;
  updated_at: string;
}

/** A ledger entry (LedgerEntry.yaml) as the API returns it: written once by ledger.ts, never changed. */
export interface LedgerEntryRecord {
  id: string;
  account_id: string;
  currency: string;
  /** Signed, with exactly the asset's decimals. */
  amount: string;
  kind: 'deposit' | 'deposit_return' | 'withdrawal' | 'withdrawal_fee' | 'withdrawal_return' | 'trade_sell' | 'trade_fee' | 'trade_buy';
  source: {type: 'crypto_deposit' | 'fiat_deposit' | 'crypto_withdrawal' | 'fiat_withdrawal' | 'quote'; id: string};
  transaction_id: string;
  reverses: string | null;
  available_at: string;
  /** UTC with milliseconds. */
  created_at: string;
}

/** What a simulated deposit still has to do, and when (sandbox clock, ms). */
export interface DepositTimer {
  transactionId: string;
  /** When the payment settles: the deposit completes (or fails), or over ACH writes its entry held until `holdEndsAt`. */
  settlesAt: number;
  /** Over ACH, when `fiat.funds_available_at` is reached and the deposit completes; `null` on the other rails. */
  holdEndsAt: number | null;
  outcome: 'completed' | 'failed' | 'returned';
  /** When a `returned` transfer comes back. */
  returnsAt: number | null;
  /** When the deposit started, for the confirmations of a crypto deposit. */
  startedAt: number;
  confirmationsRequired: number;
}

/** A webhook delivery still to attempt (the retry schedule of openapi/webhooks.yaml). */
export interface PendingDelivery {
  eventId: string;
  webhookId: string;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due (sandbox clock, ms). */
  dueAt: number;
  /** When the first attempt was made: retries stop 3 days after it. */
  firstAttemptAt: number | null;
  /** The entry of the delivery log of the next attempt (absent in a snapshot taken before the log existed). */
  logId?: string;
}

export interface KeyState {
  /** How far this key's clock was moved forward (POST /sandbox/clock/advance), added to the wall clock. */
  clockOffsetMs: number;
  /** The state of the id generator (ids.ts). */
  randomState: number;
  accounts: Record<string, Resource>;
  /** KYC verifications by account id. */
  kyc: Record<string, Resource>;
  wallets: Record<string, Resource>;
  bankAccounts: Record<string, Resource>;
  fiatBeneficiaries: Record<string, Resource>;
  cryptoBeneficiaries: Record<string, Resource>;
  transactions: Record<string, TransactionRecord>;
  /** The ledger entries of every account, in the order they were written. */
  ledger: LedgerEntryRecord[];
  /** Crypto and fiat withdrawals by id. */
  withdrawals: Record<string, Resource>;
  quotes: Record<string, Resource>;
  events: Resource[];
  webhooks: Record<string, Resource>;
  /** The signing secrets of each webhook endpoint, the newest first (two while a rotation is in progress). */
  webhookSecrets: Record<string, string[]>;
  deposits: DepositTimer[];
  deliveries: PendingDelivery[];
  /** The delivery log: one entry per attempt, first attempts, retries and resends (WebhookDelivery.yaml). */
  deliveryLog?: Resource[];
  /** Each versioned resource's version, its fields at that version, and what that version changed (versions.ts). */
  versions?: Record<string, {version: number; fields: Record<string, unknown>; previous: Record<string, unknown>}>;
  /** Stored first responses by `method path key`, with when they were stored (kept 24 hours of the key's clock). */
  idempotency: Record<string, {fingerprint: string; storedAt: number; response: {status: number; headers: Record<string, string>; body?: unknown}}>;
  /** The restricted keys this secret key created (POST /sandbox/restricted-keys) and has not revoked, by key; they share this state. */
  restrictedKeys?: Record<string, RestrictedKeyRecord>;
  /** When each revoked restricted key was revoked, by key: its 401 says so. */
  revokedRestrictedKeys?: Record<string, string>;
  /** The simulated outages running (POST /sandbox/outages): how many more requests of each operation answer 503. */
  outages?: Record<string, number>;
  /** Requests counted in the current fixed window, per rate limit id. */
  rateWindows: Record<string, {windowStart: number; count: number}>;
}
