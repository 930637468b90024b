/**
 * The synthetic API of `npm run bench:scale`: payments APIs written the way large real ones are, so that the scale
 * bench measures pages of realistic weight rather than copies of the portal's small operations. Deterministic: one
 * seed gives the same documents byte for byte. Written here, from word lists; no real company's spec is read.
 *
 * N operations are split into products (payments, payouts, billing, …) of at most PRODUCT_MAX operations, each one
 * OpenAPI 3.1 document published as an extra API of the scratch site (src/plugins/operation-page/generate/api-sources.ts). A product is a set of
 * resources, one tag each, with list / create / retrieve / update / delete and a few actions (`POST …/{id}/cancel`).
 * Their schemas have what makes real reference pages heavy:
 * - 10–60 properties per resource, described in one to three sentences, with enums, nullable fields
 *   (`type: [string, 'null']`, `oneOf: [{$ref}, {type: 'null'}]`), dates, amounts;
 * - nested objects four to six levels deep, arrays of objects (line items, fees, status history);
 * - `oneOf` with a `discriminator` (payment methods, parties), each variant with nested objects of its own;
 * - `$ref` reuse: Money, Address, Metadata, PaymentMethod, Party, Fee, the problem response, the shared parameters
 *   (Idempotency-Key, pagination, created ranges) across every operation of a product;
 * - request bodies with examples, responses with examples, problem responses (`application/problem+json`).
 *
 * `tsx bench/synthetic-api.ts <N> <out dir> [seed]` writes the documents and extra-apis.json (tests lint it so).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {ExtraApi} from '../src/plugins/operation-page/generate/api-sources';

type Schema = Record<string, unknown>;

/** Operations per product at most: a product of a large portal is about the size of one real payments API. */
export const PRODUCT_MAX = 300;
const CREATED = '2025-03-13T09:30:00Z';

/** mulberry32: a small seeded generator, so each N and seed gives the same spec. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, k);
  }
}

const PRODUCTS = ['payments', 'payouts', 'billing', 'treasury', 'issuing', 'connect', 'risk', 'terminal', 'reporting', 'identity'];
const NOUNS = [
  'payment',
  'refund',
  'charge',
  'authorization',
  'payout',
  'transfer',
  'settlement',
  'dispute',
  'invoice',
  'subscription',
  'price',
  'customer',
  'mandate',
  'payment_method',
  'bank_account',
  'wallet',
  'beneficiary',
  'fee',
  'balance_transaction',
  'statement',
  'ledger_account',
  'journal_entry',
  'fx_quote',
  'conversion',
  'reader',
  'location',
  'tax_rate',
  'coupon',
  'order',
  'checkout_session',
  'payment_link',
  'webhook_endpoint',
  'review',
  'risk_rule',
  'verification',
  'document',
];
const QUALIFIERS = ['', 'card', 'bank', 'crypto', 'platform', 'merchant', 'recurring', 'instant', 'scheduled', 'cross_border', 'partner', 'virtual'];
const ACTIONS = ['cancel', 'capture', 'confirm', 'approve', 'reverse', 'void', 'close', 'reopen', 'submit', 'expire', 'verify', 'retry'];
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'SGD'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'NL', 'SG', 'AU', 'CA'];
const STATUSES = ['pending', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled', 'reversed', 'on_hold', 'expired', 'completed'];
const FIELD_WORDS = [
  'reference',
  'statement_descriptor',
  'channel',
  'reason',
  'network',
  'region',
  'cutoff',
  'priority',
  'schedule',
  'source',
  'destination',
  'purpose',
  'category',
  'external_id',
  'batch',
  'trace_number',
  'risk_level',
  'capture_method',
  'settlement_currency',
  'payment_terms',
  'locale',
  'receipt_email',
  'notes',
  'remittance_information',
  'exchange_rate',
  'original_amount',
  'tax_amount',
  'discount_amount',
  'fee_amount',
  'retry_count',
  'attempt',
  'window',
  'expires_at',
  'canceled_at',
  'completed_at',
  'failure_code',
  'failure_message',
  'approval_code',
  'merchant_category_code',
  'terminal_id',
  'ip_address',
  'user_agent',
  'device_fingerprint',
  'velocity',
  'score',
  'threshold',
  'limit',
  'interval',
  'anchor_day',
  'billing_cycle',
  'proration',
  'invoice_prefix',
  'tax_id',
  'vat_number',
  'registration_number',
  'website',
  'phone',
  'support_email',
  'descriptor_suffix',
  'routing',
];
const NESTED_WORDS = [
  'processing',
  'routing',
  'compliance',
  'network_details',
  'three_d_secure',
  'authentication',
  'challenge',
  'outcome',
  'rules',
  'limits',
  'evidence',
  'timeline',
  'settings',
  'branding',
  'delivery',
  'tracking',
  'schedule',
  'window',
];
const SENTENCES = [
  'Set when the {resource} is created and never changed afterwards.',
  'Use it to reconcile the {resource} with the records of your own system; it is returned unchanged in every event about it.',
  'Shown to the customer on their statement where the network supports it; networks truncate long values, so keep it short.',
  'Absent until the {resource} reaches a final status, then fixed for its lifetime.',
  'Only present for {resource}s created in live mode; sandbox {resource}s leave it empty.',
  'Changes to it are recorded in the status history with the time and the actor that made them.',
  'When several {resource}s share the value, list them with the matching filter rather than reading each one.',
  'The value follows ISO standards where one exists; anything else is rejected with a validation problem naming the field.',
  'Read it before retrying a request: a {resource} that already has it was processed, and a retry would be refused.',
  'Amounts are strings of decimal digits in the currency of the {resource}, never floating-point numbers.',
  'Your integration should not assume the list of values is closed: new values are added without a new API version.',
];

const words = (name: string): string => name.replaceAll('_', ' ');
const pascal = (name: string): string => name.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
const camel = (name: string): string => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const kebab = (name: string): string => name.replaceAll('_', '-');
const plural = (name: string): string => (name.endsWith('y') ? `${name.slice(0, -1)}ies` : name.endsWith('s') || name.endsWith('x') ? `${name}es` : `${name}s`);
const ref = (name: string): Schema => ({$ref: `#/components/schemas/${name}`});

function describe(rng: Rng, subject: string, resource: string): string {
  const first = `The ${words(subject)} of the ${words(resource)}.`;
  const more = rng.sample(SENTENCES, rng.int(0, 2)).map((s) => s.replaceAll('{resource}', words(resource)));
  return [first, ...more].join(' ');
}

/** A scalar field of a resource, by the form of its name. */
function scalar(rng: Rng, name: string, resource: string): Schema {
  const description = describe(rng, name, resource);
  if (name.endsWith('_at')) return {type: ['string', 'null'], format: 'date-time', description};
  if (name.endsWith('_amount') || name === 'exchange_rate') return {type: 'string', pattern: '^-?\\d+(\\.\\d{1,18})?$', description};
  if (name.endsWith('_count') || name === 'attempt' || name === 'anchor_day' || name === 'score')
    return {type: 'integer', minimum: 0, maximum: name === 'anchor_day' ? 31 : 1000, description};
  if (name.endsWith('_currency')) return {type: 'string', enum: CURRENCIES, description};
  if (['channel', 'priority', 'risk_level', 'capture_method', 'interval', 'proration', 'category'].includes(name))
    return {
      type: 'string',
      enum: rng.sample(['automatic', 'manual', 'standard', 'express', 'low', 'normal', 'elevated', 'high', 'daily', 'weekly', 'monthly'], rng.int(3, 6)),
      description,
    };
  if (rng.chance(0.25)) return {type: ['string', 'null'], maxLength: 500, description};
  if (rng.chance(0.15)) return {type: 'boolean', description};
  return {type: 'string', maxLength: 255, description};
}

/** An inline object `depth` levels deep: a few scalars and one nested object per level, sometimes an array of them. */
function nested(rng: Rng, name: string, resource: string, depth: number): Schema {
  const properties: Record<string, Schema> = {};
  for (const field of rng.sample(FIELD_WORDS, rng.int(3, 7))) properties[field] = scalar(rng, field, resource);
  if (depth > 1) {
    const child = rng.pick(NESTED_WORDS.filter((w) => w !== name));
    const inner = nested(rng, child, resource, depth - 1);
    properties[child] = rng.chance(0.3) ? {type: 'array', description: describe(rng, child, resource), maxItems: 20, items: inner} : inner;
  }
  const required = Object.keys(properties).slice(0, 2);
  return {type: 'object', description: describe(rng, name, resource), required, properties};
}

/** The schemas every product shares, reached through `$ref` from its resources. */
function sharedSchemas(): Record<string, Schema> {
  const address: Schema = {
    type: 'object',
    description: 'A postal address. Lines are free text; the country decides which of the other fields are required by the networks.',
    required: ['line1', 'country'],
    properties: {
      line1: {type: 'string', maxLength: 200, description: 'Street and number, or a post office box.'},
      line2: {type: ['string', 'null'], maxLength: 200, description: 'Apartment, suite or building, when there is one.'},
      city: {type: 'string', maxLength: 100, description: 'City, town or village.'},
      region: {type: ['string', 'null'], maxLength: 100, description: 'State, county or province, where the country has them.'},
      postal_code: {type: ['string', 'null'], maxLength: 20, description: 'Postal code; required in the countries whose networks check it.'},
      country: {type: 'string', enum: COUNTRIES, description: 'Two-letter ISO 3166-1 country code.'},
    },
  };
  const money: Schema = {
    type: 'object',
    description: 'An amount of money: a decimal string in the currency given, never a floating-point number.',
    required: ['amount', 'currency'],
    properties: {
      amount: {type: 'string', pattern: '^-?\\d+(\\.\\d{1,18})?$', description: 'The amount in major units, as a decimal string (`125.00`).'},
      currency: {type: 'string', enum: CURRENCIES, description: 'Three-letter ISO 4217 currency code.'},
    },
  };
  const contact = (kind: string): Schema => ({
    type: 'object',
    description: `How to reach the ${kind}.`,
    required: ['email'],
    properties: {
      email: {type: 'string', format: 'email', description: `The ${kind}'s email address; receipts and notices go there.`},
      phone: {type: ['string', 'null'], maxLength: 20, description: 'Phone number in E.164 format.'},
      address: {oneOf: [ref('Address'), {type: 'null'}], description: `The ${kind}'s postal address, when known.`},
    },
  });
  const variant = (type: string, extra: Record<string, Schema>, description: string): Schema => ({
    type: 'object',
    description,
    required: ['type', ...Object.keys(extra).slice(0, 1)],
    properties: {type: {type: 'string', enum: [type], description: `Always \`${type}\` for this kind.`}, ...extra},
  });
  const card = variant(
    'card',
    {
      brand: {type: 'string', enum: ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'unionpay'], description: 'The card network.'},
      last4: {type: 'string', minLength: 4, maxLength: 4, description: 'The last four digits of the card number.'},
      exp_month: {type: 'integer', minimum: 1, maximum: 12, description: 'Expiry month.'},
      exp_year: {type: 'integer', minimum: 2024, maximum: 2060, description: 'Expiry year, four digits.'},
      funding: {type: 'string', enum: ['credit', 'debit', 'prepaid', 'unknown'], description: 'How the card is funded.'},
      billing: {...contact('cardholder'), description: 'The cardholder as the issuer knows them.'},
      checks: {
        type: 'object',
        description: 'What the issuer checked when the card was last authorised.',
        properties: {
          cvc: {type: 'string', enum: ['pass', 'fail', 'unavailable', 'unchecked'], description: 'The CVC check.'},
          address_line1: {type: 'string', enum: ['pass', 'fail', 'unavailable', 'unchecked'], description: 'The address line check.'},
          three_d_secure: {
            type: 'object',
            description: 'The 3-D Secure authentication, when one ran.',
            properties: {
              version: {type: 'string', enum: ['2.1.0', '2.2.0', '2.3.1'], description: 'Protocol version.'},
              result: {type: 'string', enum: ['authenticated', 'attempted', 'failed', 'exempted'], description: 'Outcome.'},
              exemption: {
                type: ['string', 'null'],
                enum: ['low_value', 'transaction_risk_analysis', 'trusted_beneficiary', null],
                description: 'The exemption claimed.',
              },
            },
          },
        },
      },
    },
    'A payment card, tokenised: the full number never leaves the vault.',
  );
  const bank = variant(
    'bank_account',
    {
      account_holder_name: {type: 'string', maxLength: 140, description: 'The name on the account, as the bank holds it.'},
      account_number_last4: {type: 'string', minLength: 4, maxLength: 4, description: 'The last four digits of the account number.'},
      routing_number: {type: ['string', 'null'], maxLength: 20, description: 'Routing or sort code, in the countries that use one.'},
      iban_last4: {type: ['string', 'null'], maxLength: 4, description: 'The last four characters of the IBAN, where there is one.'},
      country: {type: 'string', enum: COUNTRIES, description: 'Country of the bank.'},
      holder: contact('account holder'),
    },
    'A bank account, debited by direct debit or credited by transfer.',
  );
  const wallet = variant(
    'wallet',
    {
      provider: {type: 'string', enum: ['apple_pay', 'google_pay', 'paypal', 'alipay'], description: 'The wallet provider.'},
      device: {
        type: 'object',
        description: 'The device the wallet payment came from.',
        properties: {
          kind: {type: 'string', enum: ['phone', 'watch', 'browser', 'tablet'], description: 'Kind of device.'},
          fingerprint: {type: ['string', 'null'], maxLength: 128, description: 'A stable fingerprint of the device.'},
        },
      },
    },
    'A digital wallet that holds a card or an account for the customer.',
  );
  const crypto = variant(
    'crypto_wallet',
    {
      network: {type: 'string', enum: ['ethereum', 'solana', 'polygon', 'bitcoin'], description: 'The blockchain network.'},
      address: {type: 'string', maxLength: 128, description: 'The wallet address on that network.'},
      memo: {type: ['string', 'null'], maxLength: 64, description: 'Destination tag or memo, on networks that need one.'},
    },
    'A self-custodied or hosted crypto wallet.',
  );
  const individual = variant(
    'individual',
    {
      first_name: {type: 'string', maxLength: 100, description: 'Given name.'},
      last_name: {type: 'string', maxLength: 100, description: 'Family name.'},
      date_of_birth: {type: ['string', 'null'], format: 'date', description: 'Date of birth, for the checks that require it.'},
      contact: contact('person'),
    },
    'A natural person.',
  );
  const business = variant(
    'business',
    {
      legal_name: {type: 'string', maxLength: 200, description: 'The registered legal name.'},
      registration_number: {type: ['string', 'null'], maxLength: 50, description: 'Company registration number.'},
      contact: contact('business'),
      representatives: {
        type: 'array',
        description: 'The people who may act for the business.',
        maxItems: 10,
        items: {
          type: 'object',
          properties: {
            name: {type: 'string', maxLength: 200, description: 'Full name.'},
            role: {type: 'string', enum: ['director', 'owner', 'executive', 'representative'], description: 'Their role.'},
            ownership_percent: {type: ['integer', 'null'], minimum: 0, maximum: 100, description: 'Share of the business they own.'},
          },
        },
      },
    },
    'A company or other legal entity.',
  );
  return {
    Address: address,
    Money: money,
    Metadata: {
      type: 'object',
      description: 'Up to 50 keys of your own, each with a string value of up to 500 characters; returned as stored.',
      maxProperties: 50,
      additionalProperties: {type: 'string', maxLength: 500},
    },
    CardPaymentMethod: card,
    BankAccountPaymentMethod: bank,
    WalletPaymentMethod: wallet,
    CryptoWalletPaymentMethod: crypto,
    PaymentMethod: {
      description: 'How money moves in or out: one of the kinds below, told apart by `type`.',
      oneOf: [ref('CardPaymentMethod'), ref('BankAccountPaymentMethod'), ref('WalletPaymentMethod'), ref('CryptoWalletPaymentMethod')],
      discriminator: {
        propertyName: 'type',
        mapping: {
          card: '#/components/schemas/CardPaymentMethod',
          bank_account: '#/components/schemas/BankAccountPaymentMethod',
          wallet: '#/components/schemas/WalletPaymentMethod',
          crypto_wallet: '#/components/schemas/CryptoWalletPaymentMethod',
        },
      },
    },
    IndividualParty: individual,
    BusinessParty: business,
    Party: {
      description: 'The other party: a person or a business, told apart by `type`.',
      oneOf: [ref('IndividualParty'), ref('BusinessParty')],
      discriminator: {propertyName: 'type', mapping: {individual: '#/components/schemas/IndividualParty', business: '#/components/schemas/BusinessParty'}},
    },
    Fee: {
      type: 'object',
      description: 'A fee charged on the object, with what it was charged for.',
      required: ['kind', 'amount'],
      properties: {
        kind: {type: 'string', enum: ['processing', 'network', 'fx', 'dispute', 'platform', 'tax'], description: 'What the fee is for.'},
        amount: ref('Money'),
        description: {type: ['string', 'null'], maxLength: 200, description: 'A line of text for statements.'},
      },
    },
    StatusTransition: {
      type: 'object',
      description: 'One change of status, kept in order.',
      required: ['status', 'at'],
      properties: {
        status: {type: 'string', enum: STATUSES, description: 'The status reached.'},
        at: {type: 'string', format: 'date-time', description: 'When it was reached.'},
        actor: {type: 'string', enum: ['api', 'dashboard', 'system', 'network'], description: 'Who or what made the change.'},
      },
    },
    FieldProblem: {
      type: 'object',
      description: 'One problem with one field of the request.',
      required: ['field', 'code'],
      properties: {
        field: {type: 'string', description: 'A JSON pointer to the field, from the request body root.'},
        code: {type: 'string', enum: ['required', 'invalid', 'too_long', 'not_allowed', 'out_of_range'], description: 'What is wrong with it.'},
        message: {type: 'string', description: 'The problem in a sentence, for a developer.'},
      },
    },
    Problem: {
      type: 'object',
      description: 'Problem details (RFC 9457): what went wrong, for a program (`type`, `code`) and for a person (`title`, `detail`).',
      required: ['type', 'title', 'status'],
      properties: {
        type: {type: 'string', format: 'uri', description: 'A URI naming the kind of problem.'},
        title: {type: 'string', description: 'The kind of problem in a short sentence.'},
        status: {type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status of the response.'},
        detail: {type: ['string', 'null'], description: 'This occurrence of the problem, explained.'},
        code: {type: 'string', description: 'A stable code to branch on.'},
        request_id: {type: 'string', description: 'Quote it when you contact support.'},
        errors: {type: 'array', description: 'The fields at fault, when the request was invalid.', items: ref('FieldProblem')},
      },
    },
  };
}

/** An example value that validates against `schema` (the first variant of a oneOf, one item of an array). */
function exampleOf(schema: Schema, schemas: Record<string, Schema>, name = ''): unknown {
  if (typeof schema.$ref === 'string') {
    const key = schema.$ref.split('/').pop()!;
    return exampleOf(schemas[key], schemas, name);
  }
  if (Array.isArray(schema.oneOf)) return exampleOf((schema.oneOf as Schema[])[0], schemas, name);
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : schema.type;
  switch (type) {
    case 'object': {
      if (schema.additionalProperties) return {order_reference: 'ord_2025_0313_0042'};
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, exampleOf(v, schemas, k)]));
    }
    case 'array':
      return [exampleOf(schema.items as Schema, schemas, name)];
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, Math.min(typeof schema.maximum === 'number' ? schema.maximum : 3, 3)) : 3;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'date-time') return CREATED;
      if (schema.format === 'date') return '1985-06-21';
      if (schema.format === 'email') return 'jane.doe@payments.example';
      if (schema.format === 'uri') return 'https://problems.payments.example/invalid-request';
      if (typeof schema.pattern === 'string') return '125.00';
      if (schema.minLength === 4) return '4242';
      if (name === 'id' || name.endsWith('_id')) return `${name.replace(/_?id$/, '') || 'obj'}_8f3a2c9d41`;
      return `Example ${words(name) || 'text'}`.slice(0, typeof schema.maxLength === 'number' ? schema.maxLength : 255);
  }
}

interface Resource {
  name: string;
  tag: string;
  actions: string[];
}

/** One product's document with `count` operations. */
function productDocument(rng: Rng, product: string, resources: Resource[], count: number): {doc: Schema; operations: number} {
  const schemas = sharedSchemas();
  const problem = (status: number, title: string): Schema => ({
    description: title,
    content: {'application/problem+json': {schema: ref('Problem'), example: exampleOf(ref('Problem'), schemas)}},
  });
  const responses: Record<string, Schema> = {
    BadRequest: problem(400, 'The request is invalid: `errors` lists each field at fault.'),
    Unauthorized: problem(401, 'The API key is missing, revoked or not allowed here.'),
    NotFound: problem(404, 'No object with that id exists in this account.'),
    Conflict: problem(409, 'The object is not in a status that allows this, or the Idempotency-Key was used for another request.'),
    TooManyRequests: problem(429, 'Too many requests: wait for the time the Retry-After header gives.'),
    ServerError: problem(500, 'Something failed on our side; the request may be retried with the same Idempotency-Key.'),
  };
  const parameters: Record<string, Schema> = {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description: 'A unique key per request, kept 24 hours: a retry with the same key returns the first answer instead of acting twice.',
      schema: {type: 'string', maxLength: 255},
      example: '5f0c2a4e-6a3b-4e47-9a51-0d7c3c2b9e11',
    },
    Limit: {name: 'limit', in: 'query', description: 'How many objects a page holds.', schema: {type: 'integer', minimum: 1, maximum: 100, default: 20}},
    StartingAfter: {name: 'starting_after', in: 'query', description: 'A cursor: the id of the last object of the previous page.', schema: {type: 'string'}},
    EndingBefore: {name: 'ending_before', in: 'query', description: 'A cursor: the id of the first object of the next page.', schema: {type: 'string'}},
    CreatedGte: {name: 'created_gte', in: 'query', description: 'Only objects created at or after this time.', schema: {type: 'string', format: 'date-time'}},
    CreatedLt: {name: 'created_lt', in: 'query', description: 'Only objects created before this time.', schema: {type: 'string', format: 'date-time'}},
  };
  const paramRef = (name: string): Schema => ({$ref: `#/components/parameters/${name}`});
  const responseRef = (name: string): Schema => ({$ref: `#/components/responses/${name}`});
  const paths: Record<string, Schema> = {};
  const tags: Schema[] = [];
  let operations = 0;

  for (const [index, resource] of resources.entries()) {
    if (operations >= count) break;
    const {name} = resource;
    const type = pascal(name);
    const statuses = rng.sample(STATUSES, rng.int(4, 7));
    // The resource: its fixed fields, the shared schemas, then fields and nested objects up to 10–60 properties.
    const properties: Record<string, Schema> = {
      id: {type: 'string', maxLength: 64, description: `Unique identifier of the ${words(name)}, prefixed with its kind.`},
      object: {type: 'string', enum: [name], description: `Always \`${name}\`.`},
      created_at: {type: 'string', format: 'date-time', description: describe(rng, 'creation time', name)},
      updated_at: {type: 'string', format: 'date-time', description: describe(rng, 'time of the last change', name)},
      status: {type: 'string', enum: statuses, description: describe(rng, 'status', name)},
      livemode: {type: 'boolean', description: 'Whether it exists in live mode (true) or in the sandbox (false).'},
      amount: {...ref('Money'), description: describe(rng, 'amount', name)},
      description: {type: ['string', 'null'], maxLength: 1000, description: describe(rng, 'description', name)},
      metadata: ref('Metadata'),
      status_history: {type: 'array', description: describe(rng, 'status history', name), items: ref('StatusTransition')},
    };
    const all = index === 0; // the first resource reaches every shared schema, so none is unused
    if (all || rng.chance(0.6)) properties.payment_method = {...ref('PaymentMethod'), description: describe(rng, 'payment method', name)};
    if (all || rng.chance(0.5)) properties.counterparty = {...ref('Party'), description: describe(rng, 'counterparty', name)};
    if (all || rng.chance(0.5)) properties.fees = {type: 'array', description: describe(rng, 'fees', name), items: ref('Fee')};
    if (all || rng.chance(0.4)) properties.shipping_address = {oneOf: [ref('Address'), {type: 'null'}], description: describe(rng, 'shipping address', name)};
    if (rng.chance(0.5))
      properties.line_items = {
        type: 'array',
        description: describe(rng, 'line items', name),
        maxItems: 250,
        items: {
          type: 'object',
          required: ['description', 'quantity', 'unit_amount'],
          properties: {
            description: {type: 'string', maxLength: 500, description: 'What was sold, as printed on the receipt.'},
            quantity: {type: 'integer', minimum: 1, maximum: 10000, description: 'How many.'},
            unit_amount: ref('Money'),
            tax: nested(rng, 'tax', name, 3),
          },
        },
      };
    const target = rng.int(10, 60);
    // One nested object four or five levels down in every resource, and up to two more while room is left.
    for (const [i, nest] of rng.sample(NESTED_WORDS, rng.int(1, 3)).entries()) {
      if (i > 0 && Object.keys(properties).length >= target) break;
      properties[nest] = nested(rng, nest, name, i === 0 ? rng.int(4, 5) : rng.int(2, 5));
    }
    for (const field of rng.sample(FIELD_WORDS, FIELD_WORDS.length)) {
      if (Object.keys(properties).length >= target) break;
      if (!(field in properties)) properties[field] = scalar(rng, field, name);
    }
    schemas[type] = {
      type: 'object',
      description: `A ${words(name)}. ${describe(rng, 'record', name)}`,
      required: ['id', 'object', 'created_at', 'status', 'amount'],
      properties,
    };
    // What a create request may set: the writable fields, examples included.
    const writable = Object.keys(properties).filter(
      (k) => !['id', 'object', 'created_at', 'updated_at', 'status', 'livemode', 'status_history', 'fees'].includes(k),
    );
    schemas[`${type}CreateRequest`] = {
      type: 'object',
      description: `What a new ${words(name)} is made of.`,
      required: ['amount'],
      properties: Object.fromEntries(writable.map((k) => [k, properties[k]])),
    };
    const updatable = writable.filter((k) => k !== 'amount' && k !== 'payment_method').slice(0, rng.int(3, 12));
    schemas[`${type}UpdateRequest`] = {
      type: 'object',
      description: `The fields of a ${words(name)} that can change after it is created; the others are left as they are.`,
      properties: Object.fromEntries(updatable.map((k) => [k, properties[k]])),
    };
    schemas[`${type}List`] = {
      type: 'object',
      description: `A page of ${words(plural(name))}, newest first.`,
      required: ['data', 'has_more'],
      properties: {
        data: {type: 'array', items: ref(type), description: 'The objects of this page.'},
        has_more: {type: 'boolean', description: 'Whether another page follows.'},
        next_cursor: {type: ['string', 'null'], description: 'Pass it as `starting_after` for the next page.'},
      },
    };
    tags.push({name: resource.tag, description: `${pascal(plural(name)).replace(/([a-z])([A-Z])/g, '$1 $2')}: ${describe(rng, 'lifecycle', name)}`});

    const base = `/v1/${kebab(plural(name))}`;
    const idParam = `${name}_id`;
    const pathId = {name: idParam, in: 'path', required: true, description: `The id of the ${words(name)}.`, schema: {type: 'string'}};
    const json = (schema: Schema, withExample: boolean): Schema => ({
      'application/json': {schema, ...(withExample ? {example: exampleOf(schema, schemas)} : {})},
    });
    const operationText = (summary: string): string =>
      [
        `${summary}. ${describe(rng, 'request', name)}`,
        `Requests are authenticated with your secret key. ${rng.pick(SENTENCES).replaceAll('{resource}', words(name))}`,
        `- Errors come back as problem details, with \`errors\` listing each field at fault.\n- Retries with the same \`Idempotency-Key\` return the first answer.`,
      ].join('\n\n');
    const op = (id: string, summary: string, extra: Schema): Schema => ({
      operationId: id,
      summary,
      description: operationText(summary),
      tags: [resource.tag],
      ...extra,
    });
    const errors = (...names: string[]): Record<string, Schema> =>
      Object.fromEntries(
        names.map((n) => [
          {BadRequest: '400', Unauthorized: '401', NotFound: '404', Conflict: '409', TooManyRequests: '429', ServerError: '500'}[n]!,
          responseRef(n),
        ]),
      );
    const want: [string, () => void][] = [
      [
        'list',
        () =>
          ((paths[base] ??= {}).get = op(`list${pascal(plural(name))}`, `List ${words(plural(name))}`, {
            parameters: [
              paramRef('Limit'),
              paramRef('StartingAfter'),
              paramRef('EndingBefore'),
              paramRef('CreatedGte'),
              paramRef('CreatedLt'),
              {name: 'status', in: 'query', description: 'Only objects in this status.', schema: {type: 'string', enum: statuses}},
            ],
            responses: {
              '200': {description: 'A page of them.', content: json(ref(`${type}List`), false)},
              ...errors('BadRequest', 'Unauthorized', 'TooManyRequests', 'ServerError'),
            },
          })),
      ],
      [
        'create',
        () =>
          ((paths[base] ??= {}).post = op(`create${type}`, `Create a ${words(name)}`, {
            parameters: [paramRef('IdempotencyKey')],
            requestBody: {required: true, content: json(ref(`${type}CreateRequest`), true)},
            responses: {
              '201': {description: 'Created.', content: json(ref(type), false)},
              ...errors('BadRequest', 'Unauthorized', 'Conflict', 'TooManyRequests', 'ServerError'),
            },
          })),
      ],
      [
        'retrieve',
        () =>
          ((paths[`${base}/{${idParam}}`] ??= {parameters: [pathId]}).get = op(`get${type}`, `Retrieve a ${words(name)}`, {
            responses: {
              '200': {description: 'The object.', content: json(ref(type), true)},
              ...errors('Unauthorized', 'NotFound', 'TooManyRequests', 'ServerError'),
            },
          })),
      ],
      [
        'update',
        () =>
          ((paths[`${base}/{${idParam}}`] ??= {parameters: [pathId]}).patch = op(`update${type}`, `Update a ${words(name)}`, {
            parameters: [paramRef('IdempotencyKey')],
            requestBody: {required: true, content: json(ref(`${type}UpdateRequest`), true)},
            responses: {
              '200': {description: 'The object as changed.', content: json(ref(type), false)},
              ...errors('BadRequest', 'Unauthorized', 'NotFound', 'Conflict', 'TooManyRequests', 'ServerError'),
            },
          })),
      ],
      [
        'delete',
        () =>
          ((paths[`${base}/{${idParam}}`] ??= {parameters: [pathId]}).delete = op(`delete${type}`, `Delete a ${words(name)}`, {
            responses: {'204': {description: 'Deleted.'}, ...errors('Unauthorized', 'NotFound', 'Conflict', 'TooManyRequests', 'ServerError')},
          })),
      ],
      ...resource.actions.map((action): [string, () => void] => [
        action,
        () =>
          ((paths[`${base}/{${idParam}}/${action}`] ??= {parameters: [pathId]}).post = op(`${camel(action)}${type}`, `${pascal(action)} a ${words(name)}`, {
            parameters: [paramRef('IdempotencyKey')],
            requestBody: {
              required: false,
              content: json(
                {
                  type: 'object',
                  properties: {
                    reason: {
                      type: 'string',
                      enum: ['requested_by_customer', 'duplicate', 'fraudulent', 'expired', 'other'],
                      description: `Why you ${action} it.`,
                    },
                    note: {type: ['string', 'null'], maxLength: 500, description: 'Free text kept with the status change.'},
                  },
                },
                true,
              ),
            },
            responses: {
              '200': {description: `The ${words(name)}, after the ${action}.`, content: json(ref(type), false)},
              ...errors('BadRequest', 'Unauthorized', 'NotFound', 'Conflict', 'TooManyRequests', 'ServerError'),
            },
          })),
      ]),
    ];
    for (const [, add] of want) {
      if (operations >= count) break;
      add();
      operations++;
    }
  }
  const label = pascal(product);
  return {
    operations,
    doc: withoutUnusedSchemas({
      openapi: '3.1.0',
      info: {
        title: `${label} API (synthetic)`,
        version: '2025-03-13',
        description: `The ${product} product of a synthetic payments platform, generated for \`npm run bench:scale\`. Its schemas have the shape of a large real payments API: nested objects, polymorphic payment methods, shared problem responses.`,
        license: {name: 'Proprietary', url: `https://${product}.payments.example/terms`},
      },
      servers: [{url: `https://api.${product}.payments.example`, description: 'Production.'}],
      security: [{bearerAuth: []}],
      tags,
      paths,
      components: {
        securitySchemes: {bearerAuth: {type: 'http', scheme: 'bearer', description: 'Your secret API key.'}},
        parameters,
        responses,
        schemas,
      },
    }),
  };
}

/** The document without the schemas nothing reaches (those of a resource whose operations were cut at the count). */
function withoutUnusedSchemas(doc: Schema): Schema {
  const schemas = (doc.components as {schemas: Record<string, Schema>}).schemas;
  const refsIn = (value: unknown): string[] => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
  const reached = new Set<string>();
  const queue = refsIn({...doc, components: {...(doc.components as Schema), schemas: {}}});
  while (queue.length) {
    const name = queue.pop()!;
    if (reached.has(name)) continue;
    reached.add(name);
    queue.push(...refsIn(schemas[name]));
  }
  for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name];
  return doc;
}

export interface SyntheticApi {
  id: string;
  label: string;
  operations: number;
  doc: Schema;
}

/** `n` operations of payments APIs, in products of at most PRODUCT_MAX operations, from `seed`. */
export function syntheticApis(n: number, seed = 1): SyntheticApi[] {
  if (!Number.isInteger(n) || n < 1) throw new Error(`synthetic-api: N must be a positive integer, not ${n}`);
  const rng = new Rng(seed);
  const productCount = Math.ceil(n / PRODUCT_MAX);
  if (productCount > PRODUCTS.length) throw new Error(`synthetic-api: N = ${n} needs more than ${PRODUCTS.length} products of ${PRODUCT_MAX} operations`);
  // A resource named like a shared schema (`fee`: Fee) would replace it.
  const shared = new Set(Object.keys(sharedSchemas()));
  const combined = QUALIFIERS.flatMap((q) => NOUNS.map((noun) => (q ? `${q}_${noun}` : noun))).filter((name) => !shared.has(pascal(name)));
  const names = rng.sample(combined, combined.length);
  const apis: SyntheticApi[] = [];
  let next = 0;
  for (let p = 0; p < productCount; p++) {
    const count = Math.floor(n / productCount) + (p < n % productCount ? 1 : 0);
    const resources: Resource[] = [];
    // Five operations and up to four actions per resource: enough resources for `count`, and a few to spare.
    for (let ops = 0; ops < count; next++) {
      if (next >= names.length) throw new Error(`synthetic-api: N = ${n} needs more resource names than the word lists give`);
      const actions = rng.sample(ACTIONS, rng.int(0, 4));
      resources.push({name: names[next], tag: pascal(plural(names[next])).replace(/([a-z])([A-Z])/g, '$1 $2'), actions});
      ops += 5 + actions.length;
    }
    const {doc, operations} = productDocument(rng, PRODUCTS[p], resources, count);
    apis.push({id: `synthetic-${PRODUCTS[p]}`, label: `${pascal(PRODUCTS[p])} (synthetic)`, operations, doc});
  }
  return apis;
}

/** Writes each API to `<siteDir>/openapi/extra/<id>.json` and the list to `<siteDir>/extra-apis.json` (its path returned). */
export function writeSyntheticApis(siteDir: string, apis: SyntheticApi[]): string {
  const list: ExtraApi[] = apis.map((api) => ({id: api.id, file: path.posix.join('openapi', 'extra', `${api.id}.json`), label: api.label}));
  fs.mkdirSync(path.join(siteDir, 'openapi', 'extra'), {recursive: true});
  for (const [i, api] of apis.entries()) fs.writeFileSync(path.join(siteDir, list[i].file), `${JSON.stringify(api.doc, null, 2)}\n`);
  const file = path.join(siteDir, 'extra-apis.json');
  fs.writeFileSync(file, `${JSON.stringify(list, null, 2)}\n`);
  return file;
}

// `tsx bench/synthetic-api.ts <N> <out dir> [seed]`: the documents alone, for the tests and for reading.
if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  const [n, out, seed] = process.argv.slice(2);
  if (!n || !out) {
    console.error('Usage: tsx bench/synthetic-api.ts <N operations> <out dir> [seed]');
    process.exit(2);
  }
  try {
    const apis = syntheticApis(Number(n), seed === undefined ? 1 : Number(seed));
    writeSyntheticApis(out, apis);
    console.log(apis.map((a) => `${a.id}: ${a.operations} operations`).join('\n'));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
