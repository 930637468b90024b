/**
 * The structural diff of two OpenAPI 3.1 documents, by api-smart-diff: it resolves `$ref`s, merges `allOf`,
 * matches paths whose parameters were renamed, parameters by name and location, and classifies the JSON Schema
 * keywords (limits, formats, patterns) by direction. Its OpenAPI rules know only `paths`, so the `webhooks`
 * section gets the same path item rules here, with the event payload (the request body of the event's operation,
 * which the API sends) compared with the response-direction schema rules.
 */
import {apiCompare, allBreaking, openapi3Rules, openApiSchemaRules, type CompareRules, type Diff} from 'api-smart-diff';
import {isObject, type UnknownObject} from '../openapi/json';
import {decodePointer, OPERATION_SECTIONS} from './walk';

export type RawDiff = Diff;

type RuleNode = Record<string, unknown>;

function webhookRules(paths: RuleNode): RuleNode {
  const pathItem = paths['/*'] as RuleNode;
  const operation = pathItem['/*'] as RuleNode;
  const requestBody = operation['/requestBody'] as RuleNode;
  const content = requestBody['/content'] as RuleNode;
  const mediaType = content['/*'] as RuleNode;
  const payloadSchema = () => ({...openApiSchemaRules({version: '3.1.x', response: true}), $: allBreaking});
  return {
    '/*': {
      ...pathItem,
      '/*': {
        ...operation,
        '/requestBody': {...requestBody, '/content': {...content, '/*': {...mediaType, '/schema': payloadSchema}}},
      },
    },
  };
}

/** Fresh rules for each comparison: their `$ref` resolvers keep state about the documents they compared. */
function rules(): CompareRules {
  const base = openapi3Rules({version: '3.1.x'}) as RuleNode;
  return {...base, '/webhooks': webhookRules(base['/paths'] as RuleNode)} as CompareRules;
}

/** A component's key: its section and name (`schemas` NUL `Account`). */
const componentKey = (section: string, name: string): string => `${section}\0${name}`;
/** What a `$ref` to anything but a component counts as: always changed. */
const OTHER_REF = '*';

/** The components a value's `$ref`s name, at any depth (OTHER_REF for a `$ref` elsewhere). */
function refsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsOf(v, into);
  else if (isObject(value))
    for (const [key, v] of Object.entries(value)) {
      if (key !== '$ref' || typeof v !== 'string') refsOf(v, into);
      else {
        const [components, section, name] = v.startsWith('#') ? decodePointer(v) : [];
        into.add(components === 'components' && name !== undefined ? componentKey(section, name) : OTHER_REF);
      }
    }
  return into;
}

/** Each component of `components`, by its key. */
const componentsOf = (doc: UnknownObject): Map<string, unknown> =>
  new Map(
    Object.entries(isObject(doc.components) ? doc.components : {}).flatMap(([section, named]) =>
      isObject(named) ? Object.entries(named).map(([name, c]) => [componentKey(section, name), c] as const) : [],
    ),
  );

/**
 * Deletes from both documents the path items and webhook events that are the same in both, down to every component
 * their `$ref`s reach: api-smart-diff finds nothing there (it compares an operation through its `$ref`s only; the
 * servers, security schemes and components are compared apart, and stay), and its cost grows with what it walks, while
 * most comparisons change one operation of dozens: 101 comparisons (the cases, the releases, edits of the working
 * spec) took 40% of the time, with the same differences.
 */
function withoutUnchangedItems(before: UnknownObject, after: UnknownObject): void {
  const text = (v: unknown) => JSON.stringify(v);
  const [b, a] = [componentsOf(before), componentsOf(after)];
  const keys = [...new Set([...b.keys(), ...a.keys()])];
  const changed = new Set([OTHER_REF, ...keys.filter((k) => text(b.get(k)) !== text(a.get(k)))]);
  // A component that reaches a changed one is changed too.
  const reaches = new Map(keys.map((k) => [k, refsOf([b.get(k), a.get(k)])]));
  for (let grew = true; grew;) {
    grew = false;
    for (const [k, refs] of reaches)
      if (!changed.has(k) && [...refs].some((r) => changed.has(r))) {
        changed.add(k);
        grew = true;
      }
  }
  for (const section of OPERATION_SECTIONS) {
    const [bs, as] = [before[section], after[section]];
    if (!isObject(bs) || !isObject(as)) continue;
    for (const key of Object.keys(bs))
      if (key in as && text(bs[key]) === text(as[key]) && ![...refsOf(bs[key])].some((r) => changed.has(r))) {
        delete bs[key];
        delete as[key];
      }
  }
}

/**
 * Every difference between two OpenAPI documents, classified by api-smart-diff (paths are in `before`). The
 * library writes its normalised schemas back into the documents it compares, so it gets copies: a document
 * compared twice would otherwise differ from itself the second time. `whole` compares every item, unchanged ones
 * too: what leaving them out must equal (tests/spec/one-process/spec-diff-cases.test.ts compares both).
 */
export function compareOpenApi(before: unknown, after: unknown, {whole = false}: {whole?: boolean} = {}): RawDiff[] {
  const [b, a] = [structuredClone(before), structuredClone(after)];
  if (!whole && isObject(b) && isObject(a)) withoutUnchangedItems(b, a);
  // The library's own change descriptions are not used (tools/spec-diff/messages.ts writes ours).
  return apiCompare(b, a, {rules: rules(), annotateHook: () => ''}).diffs;
}
