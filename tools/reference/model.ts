/**
 * The reference model of an operation: what its page, its Markdown copy and the MCP server's `get_operation` all
 * show, as plain data (JSON), built once per operation by ./build.ts from the OpenAPI kernel (tools/openapi).
 *
 * Schemas are a tree of views: each schema normalised once (`allOf` merged, `nullable` and type arrays folded into
 * `nullable`, `oneOf`/`anyOf` as named variants with their discriminator, read-only properties left out of requests
 * and write-only ones out of responses), and a `link` where the tree would repeat itself: a schema inside its own
 * expansion (recursion), or a large schema the operation already expanded elsewhere. So the tree is finite and its
 * size grows with the schemas the operation reaches, not with the paths to them.
 */
import type {Json} from '../openapi/json';

export const REFERENCE_MODEL_VERSION = 1;

export type Direction = 'request' | 'response';

export interface Constraints {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  contentMediaType?: string;
  contentEncoding?: string;
}

export interface PropertyModel {
  name: string;
  required: boolean;
  schema: SchemaNode;
}

export interface VariantModel {
  /** What the reader calls it: the discriminator value, the variant's title or schema name, or its type. */
  label: string;
  schema: SchemaNode;
}

export interface VariantsModel {
  keyword: 'oneOf' | 'anyOf';
  discriminator?: {
    propertyName: string;
    mapping: {value: string; variant: number}[];
    /**
     * OpenAPI 3.2 `defaultMapping`: the schema that applies when the property is absent or has no mapped value, by
     * its name, and the variant it is (absent when it is none of them).
     */
    defaultMapping?: {name: string; variant?: number};
  };
  options: VariantModel[];
  /**
   * Each discriminator value with the page that documents its variant: the webhook event named by the value, whose
   * body is the variant's schema (an event list's union of event schemas). Set only when every value has such a
   * page; the page, its copy and the MCP answer then list the values with links to those pages instead of expanding
   * the variants, whose fields are one click away: each option's schema is the component, named, not shown here
   * (a SchemaRef that is in no `refs`: its page is the event's, not a component file).
   */
  pages?: VariantPage[];
}

/** A discriminator value and the page of its variant (see VariantsModel.pages). */
export interface VariantPage {
  value: string;
  /** The index of its variant in `options`. */
  variant: number;
  /** The schema that page documents (the variant's component name). */
  name: string;
  /** The webhook whose page it is. */
  operationId: string;
  /** The page's route in the site (`/docs/api/webhook/events/deposit-completed`). */
  route: string;
}

export interface SchemaView {
  kind: 'schema';
  /** Unique in the operation: the anchor of this expansion, which links point to. */
  id: string;
  /** The component it expands (`Money`), when it is one. */
  name?: string;
  /** JSON types without `null` (`['string']`; empty: any value). */
  types: string[];
  nullable: boolean;
  title?: string;
  /** CommonMark. */
  description?: string;
  deprecated: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  constraints: Constraints;
  enum?: Json[];
  const?: Json;
  default?: Json;
  examples: Json[];
  properties: PropertyModel[];
  /** A schema for any other property name, or `false` when no other property is allowed. */
  additionalProperties?: SchemaNode | false;
  items?: SchemaNode;
  /**
   * A string's decoded content (`contentMediaType` with `contentSchema`, JSON Schema 2020-12): an SSE event's `data`
   * that carries JSON, a JWT's claims. Its fields are listed under the string's row.
   */
  contentSchema?: SchemaNode;
  variants?: VariantsModel;
  /** Where the schema is, from the operation (`#/paths/…/schema/properties/amount`), for problems and source lines. */
  pointer: string;
}

export interface SchemaLink {
  kind: 'link';
  /** The id of the view this stands for. */
  to: string;
  name: string;
  /** `recursive`: the schema contains itself; `repeated`: a large schema the operation shows elsewhere. */
  reason: 'recursive' | 'repeated';
  nullable: boolean;
  /** The property's own description where it has one (a `$ref` with a description beside it). */
  description?: string;
  pointer: string;
}

/**
 * A component schema shown apart from the operation, one click away (ref-model.ts builds it, once per API and
 * direction): where an operation reaches more schemas than a page can show, the deeper ones are this.
 */
export interface SchemaRef {
  kind: 'ref';
  /** The component's name (`customer`). */
  name: string;
  /** Its pointer in the bundled document (`#/components/schemas/customer`). */
  ref: string;
  direction: Direction;
  nullable: boolean;
  description?: string;
  pointer: string;
}

export type SchemaNode = SchemaView | SchemaLink | SchemaRef;

export interface ExampleModel {
  /** Its key among named examples. */
  key?: string;
  summary?: string;
  description?: string;
  /** The value as data (`value`, or OpenAPI 3.2's `dataValue`). */
  value: Json;
  /** OpenAPI 3.2 `serializedValue`: the value as sent on the wire (a form body, a query string, an event stream). */
  serializedValue?: string;
}

export interface MediaModel {
  mediaType: string;
  schema?: SchemaNode;
  /**
   * OpenAPI 3.2 `itemSchema`: the body is a sequence of items (Server-Sent Events, JSON Lines, json-seq,
   * multipart/mixed), each one of this schema.
   */
  itemSchema?: SchemaNode;
  examples: ExampleModel[];
}

/** The media types whose bodies are sequences of items (OpenAPI 3.2's sequential media types). */
export const SEQUENTIAL_MEDIA_TYPES = ['text/event-stream', 'application/jsonl', 'application/x-ndjson', 'application/json-seq', 'multipart/mixed'];

export interface ParameterModel {
  name: string;
  /** `querystring` (OpenAPI 3.2): the whole query string is this one parameter, its schema serialised as `mediaType`. */
  in: 'path' | 'query' | 'querystring' | 'header' | 'cookie';
  /** The media type of a parameter defined by `content` (a `querystring` one's serialisation). */
  mediaType?: string;
  required: boolean;
  deprecated: boolean;
  description?: string;
  schema?: SchemaNode;
  examples: ExampleModel[];
  style?: string;
  explode?: boolean;
  pointer: string;
}

export interface ResponseModel {
  /** `200`, `4XX`, `default`. */
  status: string;
  /** OpenAPI 3.2's short `summary` of the response. */
  summary?: string;
  description?: string;
  headers: ParameterModel[];
  content: MediaModel[];
  pointer: string;
}

export interface RequestBodyModel {
  required: boolean;
  description?: string;
  content: MediaModel[];
  pointer: string;
}

export interface ServerModel {
  url: string;
  /** OpenAPI 3.2's `name` of the server (`production`, `sandbox`). */
  name?: string;
  description?: string;
  variables: {name: string; default: string; enum?: string[]; description?: string}[];
  /** Marked `x-internal` (the local mock server): shown where a reader can use it (try-it), not in copies. */
  internal: boolean;
}

export interface SecuritySchemeModel {
  name: string;
  type: string;
  scheme?: string;
  bearerFormat?: string;
  in?: string;
  parameterName?: string;
  description?: string;
  scopes: string[];
  /** An OAuth 2 scheme's flows (OpenAPI 3.2 adds `deviceAuthorization`), each with its URLs and scopes. */
  flows?: OAuthFlowModel[];
  /** OpenAPI 3.2: where the authorization server's metadata (RFC 8414) is. */
  oauth2MetadataUrl?: string;
  openIdConnectUrl?: string;
}

export interface OAuthFlowModel {
  /** `authorizationCode`, `clientCredentials`, `implicit`, `password`, `deviceAuthorization`. */
  flow: string;
  authorizationUrl?: string;
  deviceAuthorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** Scope name to description. */
  scopes: Record<string, string>;
}

/** A tag of the API, with the tags whose `parent` it is (OpenAPI 3.2 hierarchical tags). */
export interface TagModel {
  name: string;
  /** OpenAPI 3.2: a short name for navigation. */
  summary?: string;
  description?: string;
  /** OpenAPI 3.2 `kind` (`nav`, `badge`, `audience`, or the API's own). */
  kind?: string;
  children: TagModel[];
}

/** A problem the model found in the spec (an `allOf` whose parts conflict, a `$ref` to nothing); the page still renders. */
export interface ModelProblem {
  message: string;
  /** The JSON pointer, from the operation, of where it is. */
  pointer: string;
  /** `file:line` in the spec's sources, when known. */
  at?: string;
}

export interface OperationModel {
  version: typeof REFERENCE_MODEL_VERSION;
  api: string;
  operationId: string;
  kind: 'operation' | 'webhook';
  /** The HTTP method, lower case (a webhook's too: how it is delivered). */
  method: string;
  /** The URL template, or the webhook's event name. */
  path: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  tags: string[];
  /** Each tag's path from the top of the tag tree (`['payments', 'refunds']`), when the API nests its tags. */
  tagPaths?: string[][];
  /** The `summary` of each tag of `tagPaths` that has one (OpenAPI 3.2): the trail shows it, as the sidebar does. */
  tagSummaries?: Record<string, string>;
  /** OpenAPI 3.2 `$self`: the URI of the API description this operation is from. */
  self?: string;
  servers: ServerModel[];
  /** Alternatives: each one a list of schemes used together; empty when no credential is needed. */
  security: SecuritySchemeModel[][];
  parameters: ParameterModel[];
  requestBody?: RequestBodyModel;
  responses: ResponseModel[];
  /** The operation's own `x-` extensions. */
  extensions: Record<string, Json>;
  pointer: string;
  /** The components shown apart (SchemaRef), each once: what the page loads one click away. */
  refs: {ref: string; name: string; direction: Direction}[];
  problems: ModelProblem[];
}

/** A component schema shown apart (SchemaRef's target), for one direction. */
export interface ComponentModel {
  version: typeof REFERENCE_MODEL_VERSION;
  api: string;
  ref: string;
  name: string;
  direction: Direction;
  schema: SchemaNode;
  refs: {ref: string; name: string; direction: Direction}[];
  problems: ModelProblem[];
}

/** A schema with nothing in it: what a parameter or header without a schema shows (its description, if any). */
export const emptySchemaView = (pointer: string, options: {id?: string; description?: string} = {}): SchemaView => ({
  kind: 'schema',
  id: options.id ?? '',
  types: [],
  nullable: false,
  deprecated: false,
  readOnly: false,
  writeOnly: false,
  constraints: {},
  examples: [],
  properties: [],
  pointer,
  ...(options.description ? {description: options.description} : {}),
});

/**
 * What an array's items are, through arrays of arrays (`object[][]`): the node whose fields a row lists (the node
 * itself when it is not an array; a link or a component shown apart when the items are one).
 */
export function innermostItems(node: SchemaNode): SchemaNode {
  let inner = node;
  while (inner.kind === 'schema' && (inner.items ?? inner.contentSchema)) inner = (inner.items ?? inner.contentSchema) as SchemaNode;
  return inner;
}

/** Every view of a tree, depth first (links are not followed). */
export function* views(node: SchemaNode | undefined): Generator<SchemaView> {
  if (!node || node.kind !== 'schema') return;
  yield node;
  for (const p of node.properties) yield* views(p.schema);
  if (node.additionalProperties) yield* views(node.additionalProperties);
  if (node.items) yield* views(node.items);
  if (node.contentSchema) yield* views(node.contentSchema);
  for (const v of node.variants?.options ?? []) yield* views(v.schema);
}

/** The schema roots of an operation: parameters, headers, request and response bodies, with where each is. */
export function schemaRoots(op: OperationModel): {where: string; schema: SchemaNode}[] {
  const roots: {where: string; schema: SchemaNode}[] = [];
  for (const p of op.parameters) if (p.schema) roots.push({where: `${p.in} parameter ${p.name}`, schema: p.schema});
  for (const m of op.requestBody?.content ?? []) {
    if (m.schema) roots.push({where: `request body (${m.mediaType})`, schema: m.schema});
    if (m.itemSchema) roots.push({where: `request body (${m.mediaType}) item`, schema: m.itemSchema});
  }
  for (const r of op.responses) {
    for (const h of r.headers) if (h.schema) roots.push({where: `response ${r.status} header ${h.name}`, schema: h.schema});
    for (const m of r.content) {
      if (m.schema) roots.push({where: `response ${r.status} (${m.mediaType})`, schema: m.schema});
      if (m.itemSchema) roots.push({where: `response ${r.status} (${m.mediaType}) item`, schema: m.itemSchema});
    }
  }
  return roots;
}

/** An operation's tag trails as a reader sees them, in the page, its copy and the sidebar: each tag's summary, else its name. */
export const tagTrailLabels = (op: Pick<OperationModel, 'tagPaths' | 'tagSummaries'>): string[] =>
  (op.tagPaths ?? []).map((trail) => trail.map((tag) => op.tagSummaries?.[tag] ?? tag).join(' › '));
