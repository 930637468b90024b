/**
 * The guides, in sidebar order. Each lives at /docs/guides/<name>-guide; the shorter /docs/guides/<name>
 * (the other reading of the route table) redirects there.
 */
export const GUIDES = [
  'welcome',
  'create-account',
  'banking',
  'wallets',
  'quotes',
  'flow-of-fund',
  'webhook',
  'websocket',
] as const;

export const TERMINOLOGY = [
  'account',
  'balance',
  'bank-account',
  'beneficiary',
  'deposit-instructions',
  'kyc',
  'quote',
  'transaction',
  'wallet',
] as const;

/** The hand-written pages of the API Reference sidebar, before the generated categories. */
export const API_DOC_PAGES = [
  'overview',
  'getting-started',
  'authentication',
  'sandbox-environment',
  'sandbox-credentials',
  'versioning',
  'pagination',
  'sorting',
  'standard-responses',
  'error-handling',
  'webhooks',
] as const;

export const GUIDE_ALIASES = GUIDES.map((name) => ({
  from: `/docs/guides/${name}`,
  to: `/docs/guides/${name}-guide`,
}));
