/**
 * Builds the reference model (./model.ts) of an operation from a bundled document (tools/openapi). The schema tree
 * follows `$ref`s itself, one level at a time, instead of dereferencing the document: a schema met again inside its
 * own expansion becomes a `recursive` link to it, and a large schema met again elsewhere in the operation a
 * `repeated` link to where it was expanded first. Small schemas (an amount, an identifier) are expanded wherever
 * they appear, as a reader expects.
 */
import type {ApiDocument, ApiOperation} from '../openapi/document';
import {isObject, stringAt, type Json, type JsonObject} from '../openapi/json';
import {childPointer, parsePointer} from '../openapi/pointer';
import {mergeAllOf} from './allof';
import {
  REFERENCE_MODEL_VERSION,
  type Constraints,
  type Direction,
  type ComponentModel,
  type ExampleModel,
  type MediaModel,
  type ModelProblem,
  type OperationModel,
  type ParameterModel,
  type PropertyModel,
  type ResponseModel,
  type SchemaLink,
  type SchemaNode,
  type SchemaView,
  type SecuritySchemeModel,
  type ServerModel,
  type TagModel,
  type VariantPage,
  type VariantsModel,
} from './model';

/** The keys of `object` among `keys` that hold a non-empty string, with their strings, in the order of `keys`. */
function textsOf<K extends string>(object: JsonObject, ...keys: K[]): Partial<Record<K, string>> {
  return Object.fromEntries(keys.flatMap((key) => (stringAt(object, key) ? [[key, stringAt(object, key)]] : []))) as Partial<Record<K, string>>;
}

/** A schema met again is expanded again when its first expansion had at most this many nodes. */
export const REPEAT_EXPANSION_LIMIT = 40;
/**
 * The schema nodes an operation (or a component shown apart) shows at most before its deeper object schemas are
 * shown apart, one click away: the nesting of object components is cut at the deepest level that fits (at least
 * the bodies' own objects and their fields). The portal's largest operation has about 200.
 */
export const NODE_BUDGET = 600;
/** The nesting depths tried, deepest first, when an operation does not fit NODE_BUDGET (the last one always fits). */
const DEPTHS = [Infinity, 4, 3, 2, 1];

class OverBudget extends Error {}

const CONSTRAINT_KEYS = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'contentMediaType',
  'contentEncoding',
] as const;

const PARAMETER_LOCATIONS = ['path', 'query', 'querystring', 'header', 'cookie'] as const;

/** The component name of a `$ref` (`#/components/schemas/Money` → `Money`). */
export const refName = (ref: string): string => parsePointer(ref).pop() ?? ref;

/** A readable, unique id from words: `['res', '201', 'amount']` → `res-201-amount`. */
function slug(words: string[]): string {
  return words
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

interface Frame {
  ref: string;
  id: string;
  /** An object schema (properties, variants, a map): what the nesting depth counts. */
  object: boolean;
}

/** Whether a schema has fields of its own to list (what SchemaRef shows apart), rather than being a value. */
function isObjectSchema(schema: Json | undefined): boolean {
  if (!isObject(schema)) return false;
  return (
    isObject(schema.properties) ||
    Array.isArray(schema.allOf) ||
    Array.isArray(schema.oneOf) ||
    Array.isArray(schema.anyOf) ||
    isObject(schema.additionalProperties)
  );
}

interface TreeOptions {
  /** Object components nested deeper than this are shown apart (SchemaRef). */
  depth: number;
  /** Stop (OverBudget) past this many nodes; undefined: no limit. */
  budget?: number;
}

class SchemaTreeBuilder {
  /** The schemas expanded in the current root (a body, a parameter): a repeat links only within one root's tree. */
  private expanded = new Map<string, {id: string; size: number}>();
  private readonly ids = new Set<string>();
  private nodes = 0;
  readonly refs = new Map<string, {ref: string; name: string; direction: Direction}>();

  constructor(
    private readonly api: ApiDocument,
    private readonly problems: ModelProblem[],
    private readonly options: TreeOptions = {depth: Infinity},
  ) {}

  private webhookPages?: Map<string, {operationId: string; route: string; body?: string}>;

  /**
   * The webhooks that have a page of their own, by event name: its operationId, its route (`x-doc-slug`, how the
   * portal pins a page) and the `$ref` its JSON body is. A spec without pinned pages has none.
   */
  private pagesOfWebhooks(): Map<string, {operationId: string; route: string; body?: string}> {
    if (this.webhookPages) return this.webhookPages;
    this.webhookPages = new Map();
    for (const op of this.api.operations()) {
      const slug = stringAt(op.operation, 'x-doc-slug');
      if (op.section !== 'webhooks' || !slug || !op.operationId) continue;
      const body = this.resolved(op.operation.requestBody ?? {}, childPointer(op.pointer, 'requestBody'));
      const json = isObject(body.content) ? body.content['application/json'] : undefined;
      const schema = isObject(json) ? json.schema : undefined;
      this.webhookPages.set(op.key, {
        operationId: op.operationId,
        route: `/docs${slug}`,
        ...(isObject(schema) && typeof schema.$ref === 'string' ? {body: schema.$ref} : {}),
      });
    }
    return this.webhookPages;
  }

  /**
   * Every discriminator value with the page of its variant (the webhook named by the value, whose body is the
   * variant's `$ref`), or undefined when one value has none.
   */
  private variantPages(mapping: {value: string; variant: number}[], branches: {raw: Json}[]): VariantPage[] | undefined {
    if (!mapping.length) return undefined;
    const pages: VariantPage[] = [];
    for (const {value, variant} of mapping) {
      const raw = branches[variant].raw;
      const page = this.pagesOfWebhooks().get(value);
      if (!isObject(raw) || typeof raw.$ref !== 'string' || !page || page.body !== raw.$ref) return undefined;
      pages.push({value, variant, name: refName(raw.$ref), operationId: page.operationId, route: page.route});
    }
    // Every variant is chosen by some value: a variant no value reaches would be lost from the page.
    return branches.every((_, i) => pages.some((p) => p.variant === i)) ? pages : undefined;
  }

  private count(): void {
    this.nodes += 1;
    if (this.options.budget !== undefined && this.nodes > this.options.budget) throw new OverBudget();
  }

  private problem(pointer: string, message: string): void {
    this.problems.push({message, pointer});
  }

  private newId(words: string[]): string {
    const base = slug(words) || 'schema';
    let id = base;
    for (let n = 2; this.ids.has(id); n++) id = `${base}-${n}`;
    this.ids.add(id);
    return id;
  }

  /**
   * The tree of one root (a parameter's schema, a request or response body): repeats link only inside it, never into
   * another root, which the page may show in a tab that is not selected.
   */
  root(raw: Json | undefined, pointer: string, words: string[], direction: Direction): SchemaNode {
    this.expanded = new Map();
    return this.build(raw, pointer, words, direction, []);
  }

  /** A schema node: `raw` as the spec has it at `pointer` (a `$ref`, a schema object, a boolean schema). */
  build(raw: Json | undefined, pointer: string, words: string[], direction: Direction, stack: Frame[], id?: string): SchemaNode {
    if (isObject(raw) && typeof raw.$ref === 'string') return this.buildRef(raw, pointer, words, direction, stack, id);
    return this.buildView(isObject(raw) ? raw : raw === false ? {not: {}} : {}, pointer, words, direction, stack, id);
  }

  /** `given`: the id a schema around this one already took (it folds into this one: `allOf: [$ref]`, `[X, null]`). */
  private buildRef(raw: JsonObject, pointer: string, words: string[], direction: Direction, stack: Frame[], given?: string): SchemaNode {
    const {$ref, ...siblings} = raw as JsonObject & {$ref: string};
    const name = refName($ref);
    const own = stack.find((f) => f.ref === $ref);
    const key = `${$ref}|${direction}`;
    const prior = this.expanded.get(key);
    const link = (to: string, reason: SchemaLink['reason']): SchemaLink => {
      this.count();
      if (given) this.ids.delete(given);
      return {
        kind: 'link',
        to,
        name,
        reason,
        nullable: siblings.nullable === true || (Array.isArray(siblings.type) && siblings.type.includes('null')),
        ...(typeof siblings.description === 'string' ? {description: siblings.description} : {}),
        pointer,
      };
    };
    // Fields merged into this use (a variant with the fields beside its `oneOf`) make it another schema than the component.
    const extended = isObject(siblings.properties) || Array.isArray(siblings.required) || Array.isArray(siblings.allOf);
    // (Extended or not, a schema met a second time inside itself is a link: the tree stays finite.)
    if (own && (!extended || stack.filter((f) => f.ref === $ref).length > 1)) return link(own.id, 'recursive');
    if (prior && !extended && prior.size > REPEAT_EXPANSION_LIMIT) return link(prior.id, 'repeated');
    const target = this.api.get($ref);
    const object = isObjectSchema(target);
    if (object && stack.filter((f) => f.object).length >= this.options.depth) {
      this.count();
      if (given) this.ids.delete(given);
      this.refs.set(key, {ref: $ref, name, direction});
      return {
        kind: 'ref',
        name,
        ref: $ref,
        direction,
        nullable: siblings.nullable === true || (Array.isArray(siblings.type) && siblings.type.includes('null')),
        ...(typeof siblings.description === 'string' ? {description: siblings.description} : {}),
        pointer,
      };
    }
    if (!isObject(target) && typeof target !== 'boolean') {
      this.problem(pointer, `$ref ${$ref} points to nothing`);
      return this.buildView({}, pointer, words, direction, stack, given);
    }
    const id = given ?? this.newId(words);
    const before = this.nodes;
    // Keywords beside a `$ref` apply with it (OpenAPI 3.1); fields beside it add to the component's, as `allOf` would.
    // Either way the description beside the `$ref` is this use's, else the component's.
    const description = typeof siblings.description === 'string' ? siblings.description : isObject(target) ? target.description : undefined;
    const merged = !isObject(target)
      ? target === false
        ? {not: {}}
        : siblings
      : extended
        ? mergeAllOf(
            {
              ...(typeof description === 'string' ? {description} : {}),
              allOf: siblingsFirst(target, siblings) ? [siblings, target] : [target, siblings],
            },
            this.partResolver(pointer, stack),
          ).schema
        : {...target, ...siblings};
    const node = this.buildView(merged, pointer, words, direction, [...stack, {ref: $ref, id, object}], id);
    if (node.kind === 'schema') node.name ??= name;
    if (!prior && !extended && node.kind === 'schema') this.expanded.set(key, {id: node.id, size: this.nodes - before});
    return node;
  }

  /**
   * How `allOf` parts are read: their `$ref` followed; a part that is a schema around this one (`Cat: allOf [Pet, …]`
   * inside Pet's `oneOf`) gives its own fields, not its variants again.
   */
  private partResolver(pointer: string, stack: Frame[]): (part: Json) => JsonObject {
    return (part) => {
      const target = this.resolved(part, pointer);
      if (isObject(part) && typeof part.$ref === 'string' && stack.some((f) => f.ref === part.$ref)) {
        const {oneOf: _o, anyOf: _a, discriminator: _d, ...own} = target;
        return own;
      }
      return target;
    };
  }

  /** Follows a `$ref` for reading a part (an `allOf` part, a property's flags); a cycle reads as an empty schema. */
  private resolved(node: Json, pointer: string): JsonObject {
    try {
      const {node: target} = this.api.resolve(node, pointer);
      return isObject(target) ? target : {};
    } catch (error) {
      this.problem(pointer, (error as Error).message);
      return {};
    }
  }

  private buildView(schema: JsonObject, pointer: string, words: string[], direction: Direction, stack: Frame[], id = this.newId(words)): SchemaNode {
    this.count();
    // `allOf: [$ref]` with keywords beside it (how OpenAPI 3.0 adds a description to a reference): the reference itself.
    if (Array.isArray(schema.allOf) && schema.allOf.length === 1 && isObject(schema.allOf[0]) && typeof schema.allOf[0].$ref === 'string') {
      const {allOf, ...rest} = schema;
      const part = allOf[0] as JsonObject;
      this.nodes -= 1;
      return this.buildRef({...rest, $ref: part.$ref as string}, childPointer(pointer, 'allOf', 0), words, direction, stack, id);
    }
    if (Array.isArray(schema.allOf)) {
      const {schema: merged, conflicts} = mergeAllOf(schema, this.partResolver(pointer, stack));
      for (const c of conflicts) {
        this.problem(
          c.property ? childPointer(pointer, 'properties', c.property) : childPointer(pointer, 'allOf'),
          `allOf parts conflict${c.property ? ` on property "${c.property}"` : ''}: ${c.message}`,
        );
      }
      schema = merged;
    }

    const typeList = Array.isArray(schema.type)
      ? schema.type.filter((t): t is string => typeof t === 'string')
      : typeof schema.type === 'string'
        ? [schema.type]
        : [];
    let nullable = typeList.includes('null') || schema.nullable === true || (Array.isArray(schema.enum) && schema.enum.includes(null));
    const view: SchemaView = {
      kind: 'schema',
      id,
      types: inferTypes(
        schema,
        typeList.filter((t) => t !== 'null'),
      ),
      nullable,
      deprecated: schema.deprecated === true,
      readOnly: schema.readOnly === true,
      writeOnly: schema.writeOnly === true,
      constraints: constraintsOf(schema),
      examples: Array.isArray(schema.examples) ? schema.examples : schema.example !== undefined ? [schema.example] : [],
      properties: [],
      pointer,
    };
    Object.assign(view, textsOf(schema, 'title', 'description'));
    if (Array.isArray(schema.enum)) {
      view.enum = schema.enum;
      // A `$ref` narrowed beside it (an event's `type` narrowing the envelope's) keeps only the component's
      // examples that its own values allow: another event's type would contradict the list above it.
      const allowed = new Set(schema.enum.map((v) => JSON.stringify(v)));
      view.examples = view.examples.filter((e) => allowed.has(JSON.stringify(e)));
    }
    if (schema.const !== undefined) view.const = schema.const;
    if (schema.default !== undefined) view.default = schema.default;

    // oneOf/anyOf: `[X, null]` is a nullable X; otherwise named variants.
    const keyword = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
    if (keyword) {
      const branches = (schema[keyword] as Json[]).map((b, i) => ({raw: b, index: i}));
      const real = branches.filter(({raw: b, index}) => {
        const r = this.resolved(b, childPointer(pointer, keyword, index));
        const isNull = r.type === 'null' || (Array.isArray(r.type) && r.type.length === 1 && r.type[0] === 'null') || r.const === null;
        if (isNull) nullable = true;
        return !isNull;
      });
      view.nullable = nullable;
      const hasOwnStructure = isObject(schema.properties) || schema.items !== undefined || isObject(schema.additionalProperties);
      if (real.length === 1 && !hasOwnStructure) {
        this.nodes -= 1;
        const inner = this.build(real[0].raw, childPointer(pointer, keyword, real[0].index), words, direction, stack, id);
        return this.overlay(inner, view, pointer);
      }
      if (real.length && hasOwnStructure && isObject(schema.properties)) {
        // Fields beside the variants belong to every variant (the instance is both): each variant lists them, with
        // its own required ones, as a reader fills in one variant at a time.
        const base: JsonObject = {
          type: 'object',
          properties: schema.properties,
          ...(Array.isArray(schema.required) ? {required: schema.required} : {}),
          ...(schema.additionalProperties === false ? {additionalProperties: false} : {}),
        };
        view.variants = this.variants(schema, keyword, real, pointer, words, direction, stack, base);
        return view;
      }
      if (real.length) view.variants = this.variants(schema, keyword, real, pointer, words, direction, stack);
    }

    if (isObject(schema.properties)) {
      const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
      for (const [name, raw] of Object.entries(schema.properties)) {
        const at = childPointer(pointer, 'properties', name);
        const flags = this.resolved(raw, at);
        if (direction === 'request' && (flags.readOnly === true || (isObject(raw) && raw.readOnly === true))) continue;
        if (direction === 'response' && (flags.writeOnly === true || (isObject(raw) && raw.writeOnly === true))) continue;
        const property: PropertyModel = {name, required: required.has(name), schema: this.build(raw, at, [...words, name], direction, stack)};
        view.properties.push(property);
      }
    }
    if (isObject(schema.additionalProperties) && Object.keys(schema.additionalProperties).length) {
      view.additionalProperties = this.build(schema.additionalProperties, childPointer(pointer, 'additionalProperties'), [...words, '*'], direction, stack);
    } else if (schema.additionalProperties === false) {
      view.additionalProperties = false;
    }
    if (schema.items !== undefined && schema.items !== true) {
      view.items = this.build(schema.items, childPointer(pointer, 'items'), words, direction, stack);
    }
    if (isObject(schema.contentSchema) && Object.keys(schema.contentSchema).length && view.items === undefined) {
      view.contentSchema = this.build(schema.contentSchema, childPointer(pointer, 'contentSchema'), [...words, 'content'], direction, stack);
    }
    return view;
  }

  /** The single real branch of `[X, null]`, with what the schema around it says laid over it (its description, nullable). */
  private overlay(inner: SchemaNode, outer: SchemaView, pointer: string): SchemaNode {
    if (inner.kind !== 'schema') {
      return {...inner, nullable: true, ...(outer.description ? {description: outer.description} : {}), pointer};
    }
    inner.nullable = true;
    if (outer.description) inner.description = outer.description;
    if (outer.title && !inner.title) inner.title = outer.title;
    if (outer.deprecated) inner.deprecated = true;
    if (outer.readOnly) inner.readOnly = true;
    if (outer.writeOnly) inner.writeOnly = true;
    if (outer.default !== undefined) inner.default = outer.default;
    if (outer.examples.length) inner.examples = [...outer.examples, ...inner.examples.filter((e) => !outer.examples.includes(e))];
    return inner;
  }

  /** `base`: the fields beside the variants, merged into each variant that is an object. */
  private variants(
    schema: JsonObject,
    keyword: 'oneOf' | 'anyOf',
    branches: {raw: Json; index: number}[],
    pointer: string,
    words: string[],
    direction: Direction,
    stack: Frame[],
    base?: JsonObject,
  ): VariantsModel {
    const discriminator = isObject(schema.discriminator) ? schema.discriminator : undefined;
    const propertyName = discriminator && stringAt(discriminator, 'propertyName');
    const mapping = discriminator && isObject(discriminator.mapping) ? (discriminator.mapping as Record<string, Json>) : {};
    // Every value the mapping gives a variant (two values may choose the same one), else its name (the implicit value).
    const valuesOf = (raw: Json): string[] => {
      if (!isObject(raw) || typeof raw.$ref !== 'string') return [];
      const ref = raw.$ref;
      const mapped = Object.entries(mapping)
        .filter(([, target]) => target === ref || (typeof target === 'string' && !target.startsWith('#') && target === refName(ref)))
        .map(([value]) => value);
      return mapped.length ? mapped : propertyName ? [refName(ref)] : [];
    };
    const mapped = propertyName ? branches.flatMap(({raw}, i) => valuesOf(raw).map((value) => ({value, variant: i}))) : [];
    // (Fields beside the variants are merged into each: the variant's own page would not list them.)
    const pages = base ? undefined : this.variantPages(mapped, branches);
    const used = new Set<string>();
    const options = branches.map(({raw, index}, i) => {
      const values = valuesOf(raw);
      const value = values.length ? values.join(', ') : undefined;
      const target = this.resolved(raw, childPointer(pointer, keyword, index));
      let label =
        value ??
        stringAt(target, 'title') ??
        (isObject(raw) && typeof raw.$ref === 'string' ? refName(raw.$ref) : undefined) ??
        typeWord(target) ??
        `Option ${i + 1}`;
      if (used.has(label)) label = `${label} (${i + 1})`;
      used.add(label);
      const at = childPointer(pointer, keyword, index);
      // A variant documented on its page is that page's schema, named, not expanded here (nor in the MCP answer).
      if (pages && isObject(raw) && typeof raw.$ref === 'string')
        return {label, schema: {kind: 'ref' as const, name: refName(raw.$ref), ref: raw.$ref, direction, nullable: false, pointer: at}};
      const recursive = isObject(raw) && typeof raw.$ref === 'string' && stack.some((f) => f.ref === raw.$ref);
      const object = !target.type || target.type === 'object' || isObject(target.properties) || Array.isArray(target.allOf);
      if (!base || recursive || !object) return {label, schema: this.build(raw, at, [...words, label], direction, stack)};
      const {schema: merged, conflicts} = mergeAllOf({allOf: [base, raw]}, this.partResolver(at, stack));
      for (const c of conflicts)
        this.problem(at, `variant ${label} conflicts with the fields beside it${c.property ? ` on "${c.property}"` : ''}: ${c.message}`);
      const own: JsonObject = {...merged};
      for (const key of ['title', 'description', 'deprecated'] as const) if (target[key] !== undefined) own[key] = target[key];
      const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined;
      const node = ref ? this.buildRef({...own, $ref: ref}, at, [...words, label], direction, stack) : this.build(own, at, [...words, label], direction, stack);
      return {label, schema: node};
    });
    const model: VariantsModel = {keyword, options};
    if (pages) model.pages = pages;
    if (propertyName) {
      model.discriminator = {propertyName, mapping: mapped};
      // OpenAPI 3.2: the schema for a payload without the property or with a value the mapping does not name.
      const fallback = stringAt(discriminator, 'defaultMapping');
      if (fallback) {
        const ref = fallback.startsWith('#') ? fallback : `#/components/schemas/${fallback}`;
        const variant = branches.findIndex(({raw}) => isObject(raw) && raw.$ref === ref);
        model.discriminator.defaultMapping = {name: refName(ref), ...(variant >= 0 ? {variant} : {})};
      }
    }
    return model;
  }
}

/**
 * Whether fields beside a `$ref` come first: when they already hold every field of the component (a variant with the
 * fields beside its `oneOf` merged in, in the order the reader fills them in), else the component's own come first.
 */
function siblingsFirst(target: JsonObject, siblings: JsonObject): boolean {
  const own = isObject(target.properties) ? Object.keys(target.properties) : [];
  return isObject(siblings.properties) && own.every((name) => name in (siblings.properties as JsonObject));
}

/** The JSON types of a schema: its `type`, else what its keywords imply. */
function inferTypes(schema: JsonObject, declared: string[]): string[] {
  if (declared.length) return declared;
  if (schema.const !== undefined && schema.const !== null)
    return [Array.isArray(schema.const) ? 'array' : typeof schema.const === 'object' ? 'object' : typeof schema.const];
  if (Array.isArray(schema.enum)) {
    const kinds = [...new Set(schema.enum.filter((v) => v !== null).map((v) => (Number.isInteger(v) ? 'integer' : typeof v)))];
    return kinds.length === 1 ? kinds : [];
  }
  if (isObject(schema.properties) || isObject(schema.additionalProperties) || schema.additionalProperties === false) return ['object'];
  if (schema.items !== undefined) return ['array'];
  return [];
}

const typeWord = (schema: JsonObject): string | undefined => {
  const t = Array.isArray(schema.type) ? schema.type.filter((x) => x !== 'null').join(' | ') : stringAt(schema, 'type');
  return t || (isObject(schema.properties) ? 'object' : undefined);
};

function constraintsOf(schema: JsonObject): Constraints {
  const c: Record<string, unknown> = {};
  for (const key of CONSTRAINT_KEYS) {
    const v = schema[key];
    if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') c[key] = v;
  }
  if (c.uniqueItems === false) delete c.uniqueItems;
  return c as Constraints;
}

function examplesOf(api: ApiDocument, holder: JsonObject, pointer: string, problems: ModelProblem[]): ExampleModel[] {
  const examples: ExampleModel[] = [];
  if (holder.example !== undefined) examples.push({value: holder.example});
  if (isObject(holder.examples)) {
    for (const [key, raw] of Object.entries(holder.examples)) {
      let example: Json;
      try {
        example = api.resolve(raw, childPointer(pointer, 'examples', key)).node;
      } catch (error) {
        problems.push({message: (error as Error).message, pointer: childPointer(pointer, 'examples', key)});
        continue;
      }
      if (!isObject(example)) continue;
      const serialized = stringAt(example, 'serializedValue');
      const value =
        example.value !== undefined
          ? example.value
          : example.dataValue !== undefined
            ? example.dataValue
            : typeof example.externalValue === 'string'
              ? `See ${example.externalValue}`
              : serialized;
      if (value === undefined) continue;
      examples.push({
        key,
        ...textsOf(example, 'summary', 'description'),
        value,
        ...(serialized !== undefined ? {serializedValue: serialized} : {}),
      });
    }
  }
  return examples;
}

export interface BuildOptions {
  /** The API's id (the portal's spec name, or a corpus spec's). */
  api: string;
}

/** The reference model of one operation (or webhook) of a bundled document. */
export function buildOperationModel(api: ApiDocument, op: ApiOperation, options: BuildOptions): OperationModel {
  return fitted((tree) => operationModel(api, op, options, tree));
}

/** Builds with the deepest nesting that fits NODE_BUDGET (the shallowest depth is built whatever its size). */
function fitted<T>(build: (tree: TreeOptions) => T): T {
  for (const depth of DEPTHS) {
    const last = depth === DEPTHS[DEPTHS.length - 1];
    try {
      return build({depth, budget: last ? undefined : NODE_BUDGET});
    } catch (error) {
      if (!(error instanceof OverBudget)) throw error;
    }
  }
  throw new Error('unreachable');
}

/** The model of a component shown apart: the component's own fields, its nested objects cut as an operation's are. */
export function buildComponentModel(api: ApiDocument, ref: string, direction: Direction, {api: apiId}: BuildOptions): ComponentModel {
  return fitted((tree) => {
    const problems: ModelProblem[] = [];
    const schemas = new SchemaTreeBuilder(api, problems, tree);
    const name = refName(ref);
    const schema = schemas.root({$ref: ref}, ref, ['schema', name], direction);
    for (const problem of problems) problem.at = api.where(problem.pointer);
    return {version: REFERENCE_MODEL_VERSION, api: apiId, ref, name, direction, schema, refs: [...schemas.refs.values()], problems};
  });
}

function operationModel(api: ApiDocument, op: ApiOperation, {api: apiId}: BuildOptions, tree: TreeOptions): OperationModel {
  const problems: ModelProblem[] = [];
  const schemas = new SchemaTreeBuilder(api, problems, tree);
  const o = op.operation;
  const resolve = (node: Json | undefined, at: string): JsonObject => {
    try {
      const r = api.resolve(node, at).node;
      return isObject(r) ? r : {};
    } catch (error) {
      problems.push({message: (error as Error).message, pointer: at});
      return {};
    }
  };

  const media = (holder: JsonObject, at: string, words: string[], direction: Direction): MediaModel[] =>
    Object.entries(isObject(holder.content) ? holder.content : {}).map(([mediaType, raw], i, all) => {
      const where = childPointer(at, 'content', mediaType);
      const m = resolve(raw, where);
      const model: MediaModel = {mediaType, examples: examplesOf(api, m, where, problems)};
      if (m.schema !== undefined)
        model.schema = schemas.root(
          m.schema,
          childPointer(where, 'schema'),
          all.length > 1 ? [...words, mediaType.split(/[/+;]/)[1] ?? String(i)] : words,
          direction,
        );
      if (m.itemSchema !== undefined)
        model.itemSchema = schemas.root(
          m.itemSchema,
          childPointer(where, 'itemSchema'),
          [...(all.length > 1 ? [...words, mediaType.split(/[/+;]/)[1] ?? String(i)] : words), 'item'],
          direction,
        );
      return model;
    });

  const parameter = (
    p: JsonObject,
    at: string,
    words: string[],
    direction: Direction,
    name = String(p.name),
    location = p.in as ParameterModel['in'],
  ): ParameterModel => {
    const model: ParameterModel = {
      name,
      in: location,
      required: p.required === true || location === 'path',
      deprecated: p.deprecated === true,
      examples: examplesOf(api, p, at, problems),
      pointer: at,
    };
    const description = stringAt(p, 'description');
    if (description) model.description = description;
    if (typeof p.style === 'string') model.style = p.style;
    if (typeof p.explode === 'boolean') model.explode = p.explode;
    const contentType = isObject(p.content) ? Object.keys(p.content)[0] : undefined;
    if (contentType) model.mediaType = contentType;
    const schema =
      p.schema !== undefined ? p.schema : isObject(p.content) ? resolve(Object.values(p.content)[0], childPointer(at, 'content')).schema : undefined;
    if (schema !== undefined)
      model.schema = schemas.root(
        schema,
        p.schema !== undefined || !contentType ? childPointer(at, 'schema') : childPointer(at, 'content', contentType, 'schema'),
        words,
        direction,
      );
    return model;
  };

  const parameters = op.parameters
    .map(({parameter: p, pointer}) => parameter(p, pointer, ['param', String(p.in), String(p.name)], 'request'))
    .sort((a, b) => PARAMETER_LOCATIONS.indexOf(a.in) - PARAMETER_LOCATIONS.indexOf(b.in));

  const model: OperationModel = {
    version: REFERENCE_MODEL_VERSION,
    api: apiId,
    operationId: op.operationId ?? `${op.method}-${op.key}`,
    kind: op.section === 'webhooks' ? 'webhook' : 'operation',
    method: op.method,
    path: op.key,
    deprecated: o.deprecated === true,
    tags: Array.isArray(o.tags) ? o.tags.map(String) : [],
    ...tagPathsOf(api, o),
    ...(typeof api.doc.$self === 'string' ? {self: api.doc.$self} : {}),
    servers: servers(api, op),
    security: security(api, o),
    parameters,
    responses: [],
    extensions: Object.fromEntries(Object.entries(o).filter(([k]) => k.startsWith('x-'))),
    pointer: op.pointer,
    refs: [],
    problems,
  };
  Object.assign(model, textsOf(o, 'summary', 'description'));

  if (o.requestBody !== undefined) {
    const at = childPointer(op.pointer, 'requestBody');
    const body = resolve(o.requestBody, at);
    model.requestBody = {required: body.required === true, content: media(body, at, ['req'], 'request'), pointer: at};
    const bodyDescription = stringAt(body, 'description');
    if (bodyDescription) model.requestBody.description = bodyDescription;
  }
  for (const [status, raw] of Object.entries(isObject(o.responses) ? o.responses : {})) {
    const at = childPointer(op.pointer, 'responses', status);
    const r = resolve(raw, at);
    const response: ResponseModel = {
      status,
      headers: Object.entries(isObject(r.headers) ? r.headers : {}).map(([name, h]) => {
        const where = childPointer(at, 'headers', name);
        return parameter(resolve(h, where), where, ['res', status, 'header', name], 'response', name, 'header');
      }),
      content: media(r, at, ['res', status], 'response'),
      pointer: at,
    };
    const responseDescription = stringAt(r, 'description');
    if (responseDescription) response.description = responseDescription;
    const responseSummary = stringAt(r, 'summary');
    if (responseSummary) response.summary = responseSummary;
    model.responses.push(response);
  }
  model.refs = [...schemas.refs.values()];
  for (const problem of problems) problem.at = api.where(problem.pointer);
  return model;
}

function servers(api: ApiDocument, op: ApiOperation): ServerModel[] {
  const list = [op.operation.servers, op.pathItem.servers, api.doc.servers].find(Array.isArray) ?? [];
  return list.filter(isObject).map((s) => {
    const variables = isObject(s.variables) ? s.variables : {};
    return {
      url: String(s.url),
      ...(stringAt(s, 'name') ? {name: stringAt(s, 'name')} : {}),
      ...(stringAt(s, 'description') ? {description: stringAt(s, 'description')} : {}),
      variables: Object.entries(variables)
        .filter(([, v]) => isObject(v))
        .map(([name, v]) => {
          const variable = v as JsonObject;
          return {
            name,
            default: String(variable.default ?? ''),
            ...(Array.isArray(variable.enum) ? {enum: variable.enum.map(String)} : {}),
            ...(stringAt(variable, 'description') ? {description: stringAt(variable, 'description')} : {}),
          };
        }),
      internal: s['x-internal'] === true,
    };
  });
}

function security(api: ApiDocument, o: JsonObject): SecuritySchemeModel[][] {
  const requirements = (Array.isArray(o.security) ? o.security : Array.isArray(api.doc.security) ? api.doc.security : []).filter(isObject);
  const components = isObject(api.doc.components) && isObject(api.doc.components.securitySchemes) ? api.doc.components.securitySchemes : {};
  return requirements.map((requirement) =>
    Object.entries(requirement).map(([name, scopes]) => {
      const raw = components[name];
      const scheme = isObject(raw) ? (api.resolve(raw).node as JsonObject) : {};
      return {
        name,
        type: String(scheme.type ?? 'unknown'),
        ...(stringAt(scheme, 'scheme') ? {scheme: stringAt(scheme, 'scheme')} : {}),
        ...(stringAt(scheme, 'bearerFormat') ? {bearerFormat: stringAt(scheme, 'bearerFormat')} : {}),
        ...(stringAt(scheme, 'in') ? {in: stringAt(scheme, 'in')} : {}),
        ...(stringAt(scheme, 'name') ? {parameterName: stringAt(scheme, 'name')} : {}),
        ...(stringAt(scheme, 'description') ? {description: stringAt(scheme, 'description')} : {}),
        scopes: Array.isArray(scopes) ? scopes.map(String) : [],
        ...oauthOf(scheme),
      };
    }),
  );
}

const OAUTH_URLS = ['authorizationUrl', 'deviceAuthorizationUrl', 'tokenUrl', 'refreshUrl'] as const;

/** An OAuth 2 or OpenID Connect scheme's flows and metadata URLs (OpenAPI 3.2 adds the device flow and `oauth2MetadataUrl`). */
function oauthOf(scheme: JsonObject): Pick<SecuritySchemeModel, 'flows' | 'oauth2MetadataUrl' | 'openIdConnectUrl'> {
  const out: Pick<SecuritySchemeModel, 'flows' | 'oauth2MetadataUrl' | 'openIdConnectUrl'> = {};
  if (isObject(scheme.flows)) {
    out.flows = Object.entries(scheme.flows)
      .filter(([, f]) => isObject(f))
      .map(([flow, raw]) => {
        const f = raw as JsonObject;
        const urls = Object.fromEntries(OAUTH_URLS.flatMap((k) => (stringAt(f, k) ? [[k, stringAt(f, k)]] : [])));
        const scopes = isObject(f.scopes) ? Object.fromEntries(Object.entries(f.scopes).map(([k, v]) => [k, String(v)])) : {};
        return {flow, ...urls, scopes};
      });
  }
  const metadata = stringAt(scheme, 'oauth2MetadataUrl');
  if (metadata) out.oauth2MetadataUrl = metadata;
  const oidc = stringAt(scheme, 'openIdConnectUrl');
  if (oidc) out.openIdConnectUrl = oidc;
  return out;
}

/** The API's tags as a tree (OpenAPI 3.2 `parent`), in document order; a tag whose parent is unknown, or in a cycle, is a root. */
export function buildTagTree(api: ApiDocument): TagModel[] {
  const declared = (Array.isArray(api.doc.tags) ? api.doc.tags : []).filter(isObject).filter((t) => typeof t.name === 'string');
  const nodes = new Map<string, TagModel>();
  const parents = new Map<string, string>();
  for (const t of declared) {
    const name = String(t.name);
    if (nodes.has(name)) continue;
    nodes.set(name, {name, ...textsOf(t, 'summary', 'description', 'kind'), children: []});
    const parent = stringAt(t, 'parent');
    if (parent) parents.set(name, parent);
  }
  // A tag whose parents lead back to it is in a cycle: it stays at the top rather than nowhere.
  const inCycle = (name: string): boolean => {
    let at = parents.get(name);
    for (let steps = 0; at !== undefined && steps <= nodes.size; steps++, at = parents.get(at)) if (at === name) return true;
    return false;
  };
  const roots: TagModel[] = [];
  for (const [name, node] of nodes) {
    const parent = parents.get(name);
    const above = parent !== undefined && !inCycle(name) ? nodes.get(parent) : undefined;
    if (above) above.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * Each of an operation's tags with the tags above it, and the summaries of those that have one, when the API nests
 * tags (else nothing: the model stays as 3.1's).
 */
function tagPathsOf(api: ApiDocument, o: JsonObject): Pick<OperationModel, 'tagPaths' | 'tagSummaries'> {
  const tags = Array.isArray(o.tags) ? o.tags.map(String) : [];
  const tree = buildTagTree(api);
  if (!tags.length || tree.every((t) => !t.children.length)) return {};
  const paths = new Map<string, string[]>();
  const summaries = new Map<string, string>();
  const walk = (node: TagModel, above: string[]) => {
    paths.set(node.name, [...above, node.name]);
    if (node.summary?.trim()) summaries.set(node.name, node.summary.trim());
    for (const c of node.children) walk(c, [...above, node.name]);
  };
  for (const root of tree) walk(root, []);
  const tagPaths = tags.map((t) => paths.get(t) ?? [t]);
  const shown = [...new Set(tagPaths.flat())].filter((t) => summaries.has(t));
  return {tagPaths, ...(shown.length ? {tagSummaries: Object.fromEntries(shown.map((t) => [t, summaries.get(t) as string]))} : {})};
}
