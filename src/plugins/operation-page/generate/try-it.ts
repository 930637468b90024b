/**
 * What the OpenAPI theme's try-it panel needs for one operation (its `item`: parameters and body as JSON Schema, the
 * Postman request it starts from, servers, security), written to a file of its own beside the page
 * (src/data/static-reference.ts, TRY_IT_FOLDER) and fetched when the panel opens: a page's JS then carries none of
 * it. Made from the reference model, so the panel offers the fields the page lists (a component shown apart is an
 * object the form takes as JSON).
 */
import {isObject, type Json, type JsonObject} from '../../../../tools/openapi/json';
import type {OperationModel, SchemaNode} from '../../../../tools/reference/model';
import {proseMarkdown} from '../../../../tools/reference/prose';
import {bodyExample, postmanRequest} from '../../../../tools/reference/request';

/** A description for the theme's forms, whose Markdown renders raw HTML as it comes: sanitised first, as on the page. */
const described = (description: string | undefined): {description?: string} => (description ? {description: proseMarkdown(description)} : {});

/** A try-it parameter with nothing for the form to prefill: no example of its own or of its schema. */
function withoutExamples(parameter: JsonObject): JsonObject {
  const {example: _example, examples: _examples, schema, ...rest} = parameter;
  if (!isObject(schema)) return rest;
  const {example: _schemaExample, examples: _schemaExamples, ...plain} = schema;
  return {...rest, schema: plain};
}

/** A schema of the model as the plain JSON Schema the theme's forms read. */
export function jsonSchemaOf(node: SchemaNode | undefined): JsonObject {
  if (!node) return {};
  if (node.kind !== 'schema') return {title: node.name, type: node.nullable ? ['object', 'null'] : 'object', ...described(node.description)};
  const schema: JsonObject = {};
  const types = node.nullable ? [...node.types, 'null'] : node.types;
  if (types.length) schema.type = types.length === 1 ? types[0] : types;
  if (node.name ?? node.title) schema.title = (node.name ?? node.title) as string;
  Object.assign(schema, described(node.description));
  for (const [key, value] of Object.entries(node.constraints)) schema[key] = value as Json;
  if (node.enum) schema.enum = node.enum;
  if (node.const !== undefined) schema.const = node.const;
  if (node.default !== undefined) schema.default = node.default;
  // `example` too: the theme's form prefills a parameter from its schema's `example` (OpenAPI 3.0's keyword).
  if (node.examples.length) {
    schema.examples = node.examples;
    schema.example = node.examples[0];
  }
  if (node.deprecated) schema.deprecated = true;
  if (node.properties.length) {
    schema.properties = Object.fromEntries(node.properties.map((p) => [p.name, jsonSchemaOf(p.schema)]));
    const required = node.properties.filter((p) => p.required).map((p) => p.name);
    if (required.length) schema.required = required;
  }
  if (node.additionalProperties === false) schema.additionalProperties = false;
  else if (node.additionalProperties) schema.additionalProperties = jsonSchemaOf(node.additionalProperties);
  if (node.items) schema.items = jsonSchemaOf(node.items);
  if (node.contentSchema) schema.contentSchema = jsonSchemaOf(node.contentSchema);
  if (node.variants) schema[node.variants.keyword] = node.variants.options.map((o) => ({...jsonSchemaOf(o.schema), title: o.label}));
  return schema;
}

/** The theme's `item` for the try-it panel of an operation. */
export function tryItFile(op: OperationModel): JsonObject {
  const media = op.requestBody?.content ?? [];
  const example = media[0] ? bodyExample(media[0]) : undefined;
  const schemes: JsonObject = {};
  for (const scheme of op.security.flat()) {
    schemes[scheme.name] = {
      type: scheme.type,
      ...(scheme.scheme ? {scheme: scheme.scheme} : {}),
      ...(scheme.bearerFormat ? {bearerFormat: scheme.bearerFormat} : {}),
      ...(scheme.in ? {in: scheme.in} : {}),
      ...(scheme.parameterName ? {name: scheme.parameterName} : {}),
      ...described(scheme.description),
    };
  }
  return {
    method: op.method,
    path: op.path,
    servers: op.servers.map((s) => ({
      url: s.url,
      ...described(s.description),
      ...(s.variables.length
        ? {
            variables: Object.fromEntries(
              s.variables.map((v) => [v.name, {default: v.default, ...(v.enum ? {enum: v.enum} : {}), ...described(v.description)}]),
            ),
          }
        : {}),
      'x-internal': s.internal,
    })),
    // An optional query parameter without a default starts empty: the form prefills from examples, and a reader's
    // first Send must be the plain request (an example cursor or filter is refused or narrows the list in a stateful
    // sandbox). One with a default keeps its example: the form sends such a parameter anyway, empty if not filled.
    parameters: op.parameters.map((p) =>
      (p.in === 'query' && !p.required && jsonSchemaOf(p.schema).default === undefined ? withoutExamples : (x: JsonObject) => x)({
        name: p.name,
        in: p.in,
        required: p.required,
        ...described(p.description),
        ...(p.deprecated ? {deprecated: true} : {}),
        ...(p.style ? {style: p.style} : {}),
        ...(p.explode !== undefined ? {explode: p.explode} : {}),
        schema: jsonSchemaOf(p.schema),
        ...(p.examples[0] && p.examples[0].key === undefined ? {example: p.examples[0].value} : {}),
        ...(p.examples.some((e) => e.key !== undefined)
          ? {examples: Object.fromEntries(p.examples.filter((e) => e.key !== undefined).map((e) => [e.key as string, {value: e.value}]))}
          : {}),
      }),
    ),
    // The body's media types, from which the theme's forms send a JSON or a form body. relies on: try-it-json-body, try-it-form-body
    ...(op.requestBody
      ? {
          requestBody: {
            required: op.requestBody.required,
            ...described(op.requestBody.description),
            content: Object.fromEntries(media.map((m) => [m.mediaType, {schema: jsonSchemaOf(m.schema)}])),
          },
        }
      : {}),
    responses: Object.fromEntries(op.responses.map((r) => [r.status, {content: Object.fromEntries(r.content.map((c) => [c.mediaType, {}]))}])),
    security: op.security.map((alternative) => Object.fromEntries(alternative.map((s) => [s.name, s.scopes]))),
    securitySchemes: schemes,
    // relies on: try-it-item
    postman: postmanRequest(op),
    ...(example !== undefined ? {jsonRequestBodyExample: example} : {}),
  };
}
