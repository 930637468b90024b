/**
 * The shape of an operation as the OpenAPI plugin stores it in a generated page's front matter (`api`), the
 * parts both the page (src/plugins/operation-page/components) and the page generator (src/plugins/operation-page/generate) read.
 */

/** A code sample generated at build time, stored as the operation's `x-codeSamples`. */
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
  /** Its CODE_SAMPLE_LANGUAGES key (src/data/api-table.ts), when generated; `x-codeSamples` of the spec have none. */
  language?: string;
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface OperationParameter {
  name: string;
  in: ParameterLocation;
  example?: unknown;
  examples?: Record<string, {value?: unknown}>;
  schema?: {default?: unknown; example?: unknown};
}

/** A parameter with its prefilled value, as the theme's try-it state holds it. */
export type PrefilledParameter = OperationParameter & {value?: unknown};

/**
 * The operation's parameters by location, each prefilled as the theme's ApiItem does: the schema default, then
 * the example, the schema example, the first named example.
 */
export function prefillParameters(parameters: OperationParameter[] = []): Record<ParameterLocation, PrefilledParameter[]> {
  const byLocation: Record<ParameterLocation, PrefilledParameter[]> = {path: [], query: [], header: [], cookie: []};
  for (const p of parameters) {
    const named = p.examples ? Object.values(p.examples)[0]?.value : undefined;
    const value = p.schema?.default ?? p.example ?? p.schema?.example ?? named;
    byLocation[p.in]?.push(value === undefined ? p : {...p, value});
  }
  return byLocation;
}

/** An operation as its page's try-it panel and store read it (the plugin's `api` front matter, in the page's data). */
export interface Operation {
  method: string;
  path: string;
  parameters?: OperationParameter[];
  requestBody?: {content?: Record<string, unknown>};
  responses?: Record<string, {content?: Record<string, unknown>}>;
  servers?: {url: string}[];
  security?: unknown;
  securitySchemes?: unknown;
  'x-codeSamples'?: CodeSample[];
  [key: string]: unknown;
}
