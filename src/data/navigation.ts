/**
 * The guides, in sidebar order. Each lives at /docs/guides/<name>-guide; the shorter /docs/guides/<name>
 * (the other reading of the route table) redirects there.
 */
export const GUIDES = ['welcome', 'create-account', 'banking', 'wallets', 'quotes', 'flow-of-fund', 'webhook', 'reconciliation', 'websocket'] as const;

export const TERMINOLOGY = [
  'account',
  'balance',
  'bank-account',
  'beneficiary',
  'deposit-instructions',
  'kyc',
  'ledger-entry',
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

/**
 * The workflow pages (issue #29): one page per Arazzo workflow of openapi/workflows/, written by `npm run gen:api`
 * (src/plugins/workflow-steps/generate/pages.ts) into this folder of docs/ (ignored by git), at /docs/guides/workflows/<workflowId>, and
 * listed in the guides sidebar under "Workflows" in this order (a workflow not listed comes after, by id).
 */
export const WORKFLOW_PAGES_DIR = 'docs/guides/workflows';
export const WORKFLOW_ROUTE = '/docs/guides/workflows';
/** The route of a workflow's page. */
export const workflowRoute = (workflowId: string): string => `${WORKFLOW_ROUTE}/${workflowId}`;
export const WORKFLOW_CATEGORY = {
  label: 'Workflows',
  slug: '/category/workflows',
  description: 'Each journey an integration follows, step by step, drawn from its Arazzo workflow: what every call sends, checks and carries to the next one.',
} as const;
/** The class of a workflow step's details (request, samples, checks, errors): left out of the search index. */
export const WORKFLOW_DETAILS_CLASS = 'novaramp-workflow-details';
export const WORKFLOW_ORDER = [
  'onboard-account',
  'fund-bank-transfer',
  'fund-crypto-deposit',
  'quote-and-trade',
  'withdraw-crypto',
  'withdraw-fiat',
  'webhook-endpoint',
  'recover-events',
  'reconcile-day',
  'sandbox-money-flow',
] as const;
