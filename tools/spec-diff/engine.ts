/**
 * The structural diff of two OpenAPI 3.1 documents, by api-smart-diff: it resolves `$ref`s, merges `allOf`,
 * matches paths whose parameters were renamed, parameters by name and location, and classifies the JSON Schema
 * keywords (limits, formats, patterns) by direction. Its OpenAPI rules know only `paths`, so the `webhooks`
 * section gets the same path item rules here, with the event payload (the request body of the event's operation,
 * which the API sends) compared with the response-direction schema rules.
 */
import {apiCompare, allBreaking, openapi3Rules, openApiSchemaRules, type CompareRules, type Diff} from 'api-smart-diff';

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

/** Every difference between two OpenAPI documents, classified by api-smart-diff (paths are in `before`). */
export function compareOpenApi(before: unknown, after: unknown): RawDiff[] {
  // The library's own change descriptions are not used (tools/spec-diff/messages.ts writes ours).
  return apiCompare(before, after, {rules: rules(), annotateHook: () => ''}).diffs;
}
