/**
 * The one table that drives the API reference pipeline: which spec files exist, where their pages are
 * generated, and how pinned routes (each operation's `x-doc-slug`) group into sidebar categories.
 * Pure data: the docusaurus config, the sidebars, the site's components, the tools and the tests all read it.
 */

/** The eight OpenAPI documents under `openapi/`, in sidebar order. */
export const API_SPECS = ['accounts', 'balances', 'coins', 'crypto', 'fiat', 'quotes', 'transactions', 'webhooks'] as const;
export type ApiSpecId = (typeof API_SPECS)[number];

export const OPENAPI_DIR = 'openapi';
/** Generated pages land here (ignored by git, rebuilt by `npm run gen:api`). */
export const GENERATED_DIR = 'docs/api/reference';
/** What generation produced, one entry per page (src/plugins/operation-page/generate/generate-api.ts writes it, sidebars.ts reads it). */
export const MANIFEST_FILE = `${GENERATED_DIR}/manifest.json`;
/** The downloadable spec artefacts (bundled specs, combined spec, Postman collection), served at /openapi/. */
export const ARTEFACT_DIR = 'static/openapi';
/** File name (without extension) of the combined spec of every API. */
export const COMBINED_SPEC = 'novaramp';
/** The TypeScript types of the combined spec (openapi-typescript), which the TypeScript code samples import. */
export const TYPES_URL = `/openapi/${COMBINED_SPEC}.d.ts`;
/** The stock build's page template (`npm run bench -- --stock`): the plugin's own plus a `slug:` line from `x-doc-slug`. */
export const API_PAGE_TEMPLATE = 'src/plugins/operation-page/generate/api.mustache';

/** Where the stock build (`npm run bench -- --stock`) points the OpenAPI plugin's output (a folder of the site). */
export const GEN_OUT_ENV = 'NOVARAMP_API_GEN_DIR';

/** The operation keys of an OpenAPI 3.1 path item (3.2 adds `query` and `additionalOperations`: tools/openapi/document.ts). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One generated page, as recorded in MANIFEST_FILE. */
export interface ApiManifestEntry {
  operationId: string;
  /** The API it belongs to (a folder of GENERATED_DIR: one of API_SPECS, or an extra API's id). */
  api: string;
  /** Docusaurus doc id of the page, as the plugin wrote it (folder + front matter `id`). */
  docId: string;
  /** Published route, `/docs` + the operation's `x-doc-slug`. */
  route: string;
  /** HTTP method, or `event` for a webhook event. */
  method: string;
  /** `dir` of the ApiCategory the page belongs to. */
  category: string;
  /** Sidebar label (the operation's summary). */
  label: string;
  /** Its static reference's file (src/data/static-reference.ts); absent in the stock build of the bench. */
  referenceFile?: string;
  /**
   * The sidebar categories the API's nested tags (OpenAPI 3.2 `parent`) put the page in below its ApiCategory,
   * outermost first (absent when the ApiCategory lists it itself): see src/plugins/operation-page/generate/tag-categories.ts.
   */
  tagCategories?: TagCategory[];
  /**
   * The key of the sidebar category that lists the page, whose pages src/upstream/operation-entries keeps apart:
   * `category`, then `#` and the names of `tagCategories` joined by `/` when it has them.
   */
  sidebarCategory?: string;
}

/** A sidebar category made of a tag: its name, its label (the tag's `summary`, else its name), its place in `tags`. */
export interface TagCategory {
  name: string;
  label: string;
  position: number;
}

export const specPath = (spec: ApiSpecId): string => `${OPENAPI_DIR}/${spec}.yaml`;
export const generatedDir = (spec: ApiSpecId, root = GENERATED_DIR): string => `${root}/${spec}`;

/**
 * A sidebar category of the API reference. Operations whose pinned route lives directly in `dir`
 * become its items. `slug` pins the generated-index route (`/docs/category/<slug>`); a category
 * without one is a plain collapsible group with no page of its own.
 */
export interface ApiCategory {
  label: string;
  dir: string;
  slug?: string;
  description: string;
  children?: ApiCategory[];
}

export const API_CATEGORIES: ApiCategory[] = [
  {
    label: 'Account',
    slug: 'account',
    dir: '/api/account',
    description: 'Create the accounts of your end users, list and read them, and follow their KYC verification.',
  },
  {
    label: 'Balance',
    slug: 'balance',
    dir: '/api/balance',
    description: 'Read what an account holds in every asset: total, available, pending and reserved.',
  },
  {
    label: 'Coins',
    slug: 'coins',
    dir: '/api/coin',
    description: 'The crypto assets and fiat currencies supported, with their networks, precision and limits.',
  },
  {
    label: 'Crypto',
    slug: 'crypto',
    dir: '/api/crypto',
    description: 'Crypto wallets with deposit addresses, saved crypto beneficiaries and crypto withdrawals.',
    children: [
      {
        label: 'Wallet',
        slug: 'wallet',
        dir: '/api/crypto/wallet',
        description: 'Create, list, read and label crypto wallets, and withdraw crypto from them.',
      },
      {
        label: 'Beneficiary',
        slug: 'beneficiary',
        dir: '/api/crypto/beneficiary',
        description: 'Save the external crypto addresses that withdrawals send to, with their Travel Rule owner details.',
      },
    ],
  },
  {
    label: 'Fiat',
    slug: 'fiat',
    dir: '/api/fiat',
    description: 'Linked bank accounts, fiat beneficiaries, deposit instructions and fiat withdrawals.',
    children: [
      {
        label: 'Bank',
        slug: 'bank',
        dir: '/api/fiat/bank',
        description: "Link and manage the account holder's own bank accounts.",
      },
      {
        label: 'Beneficiary',
        slug: 'beneficiary-1',
        dir: '/api/fiat/beneficiary',
        description: 'Manage the third parties an account pays fiat out to.',
      },
    ],
  },
  {
    label: 'Trading',
    slug: 'trading',
    dir: '/api/quotes',
    description: 'Preview a trade as a quote with a locked rate, then execute it before it expires.',
  },
  {
    label: 'Transactions',
    slug: 'transactions',
    dir: '/api/transaction',
    description: 'Every deposit, withdrawal and trade of an account, with its status lifecycle.',
  },
  {
    label: 'Webhook',
    slug: 'webhook',
    dir: '/api/webhook',
    description: 'Subscribe an HTTPS endpoint to events, verify it, rotate its signing secret and remove it.',
    children: [
      {
        label: 'Events',
        dir: '/api/webhook/events',
        description: 'The event types delivered to webhook endpoints and their payloads.',
      },
    ],
  },
];

/** Every category, depth first. */
export function allCategories(categories: ApiCategory[] = API_CATEGORIES): ApiCategory[] {
  return categories.flatMap((c) => [c, ...allCategories(c.children ?? [])]);
}

/**
 * The code-sample languages of every operation page, cURL first, with their Prism highlighting and the generator
 * that writes them (`src/plugins/operation-page/generate/code-samples.ts`, at generation time): postman-code-generators by its language
 * key, or the typed openapi-fetch sample of `tools/typed-samples/` (our own APIs only: it imports our published types).
 */
export const CODE_SAMPLE_LANGUAGES = [
  {highlight: 'bash', language: 'curl', logoClass: 'curl', generator: 'postman'},
  {highlight: 'javascript', language: 'nodejs', logoClass: 'nodejs', generator: 'postman'},
  {highlight: 'typescript', language: 'typescript', logoClass: 'typescript', generator: 'openapi-fetch'},
  {highlight: 'python', language: 'python', logoClass: 'python', generator: 'postman'},
  {highlight: 'go', language: 'go', logoClass: 'go', generator: 'postman'},
  {highlight: 'java', language: 'java', logoClass: 'java', generator: 'postman'},
  {highlight: 'php', language: 'php', logoClass: 'php', generator: 'postman'},
  {highlight: 'ruby', language: 'ruby', logoClass: 'ruby', generator: 'postman'},
  {highlight: 'csharp', language: 'csharp', logoClass: 'csharp', generator: 'postman'},
] as const;

export type CodeSampleLanguage = (typeof CODE_SAMPLE_LANGUAGES)[number];

/** A code sample's language entry: by its key, else (a spec's own `x-codeSamples`, which have none) by its position. */
export const sampleLanguage = (sample: {language?: string}, i: number): CodeSampleLanguage | undefined =>
  CODE_SAMPLE_LANGUAGES.find((l) => l.language === sample.language) ?? (sample.language ? undefined : CODE_SAMPLE_LANGUAGES[i]);
