/**
 * Which hand-written page owns which facts of the spec: the page a reader opens to learn every operation of a
 * resource, every event, every status of an object, every error code or every scope. The completeness check
 * (completeness.ts) fails when an owner page does not mention one of its items, and when the spec grows a tag or a
 * status schema that has no owner here.
 */

/** An operation's tag → the page that must mention it. */
export const OPERATION_OWNERS: Record<string, string> = {
  Accounts: 'docs/guides/terminology/account.md',
  Balances: 'docs/guides/terminology/balance.md',
  // The assets and networks a wallet can hold are what a reader looks up beside wallets.
  Coins: 'docs/guides/terminology/wallet.md',
  'Crypto wallets': 'docs/guides/terminology/wallet.md',
  'Crypto beneficiaries': 'docs/guides/terminology/beneficiary.md',
  'Bank accounts': 'docs/guides/terminology/bank-account.md',
  'Fiat beneficiaries': 'docs/guides/terminology/beneficiary.md',
  'Deposit instructions': 'docs/guides/terminology/deposit-instructions.md',
  // A fiat withdrawal is read as a transaction's detail (its debit is the transaction).
  'Fiat withdrawals': 'docs/guides/terminology/transaction.md',
  Quotes: 'docs/guides/terminology/quote.md',
  Transactions: 'docs/guides/terminology/transaction.md',
  Webhooks: 'docs/api/webhooks.md',
};

/** The sandbox-only simulations are also owned, all together, by the sandbox page. */
export const SANDBOX_OWNER = 'docs/api/sandbox-environment.md';

/** A status schema (components/schemas/*Status.yaml) → the pages that must mention each of its values. */
export const STATUS_OWNERS: Record<string, string[]> = {
  AccountStatus: ['docs/guides/terminology/account.md'],
  KycStatus: ['docs/guides/terminology/kyc.md'],
  QuoteStatus: ['docs/guides/terminology/quote.md'],
  TransactionStatus: ['docs/guides/terminology/transaction.md'],
  VerificationStatus: ['docs/guides/terminology/bank-account.md', 'docs/guides/terminology/beneficiary.md'],
  WebhookEndpointStatus: ['docs/api/webhooks.md'],
  WithdrawalStatus: ['docs/guides/terminology/transaction.md'],
};

export const EVENT_OWNER = 'docs/api/webhooks.md';
export const ERROR_CODE_OWNER = 'docs/api/error-handling.md';
export const SCOPE_OWNER = 'docs/api/authentication.md';
