/** validate_request and validate_webhook_payload. */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import {BRAND} from '../../../src/data/brand';
import type {SpecIndex} from '../spec-index';
import type {RequestValidator} from '../validate';
import {READ_ONLY, jsonResult} from './result';

const values = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
const outcome =
  'Returns {valid, errors, warnings}: each error with `in` (path, query, header or body), the JSON `pointer` of the offending value there, a message and the failed JSON Schema keyword.';

export function registerValidationTools(server: McpServer, spec: SpecIndex, validator: RequestValidator): void {
  server.registerTool(
    'validate_request',
    {
      title: 'Validate an API request',
      description: `Checks a request to the ${BRAND} API against the spec before you send it: path, query and header parameters and the JSON body (JSON Schema 2020-12). Path parameters and a query string may also be given in the path itself ("GET /accounts/acc_7Hq2LmX9pR4sT8vW/transactions?limit=10"). ${outcome}`,
      inputSchema: {
        operation: z.string().min(1).max(2000).describe('operationId or "METHOD /path" (template, real path or full URL).'),
        path_params: values.optional().describe('Path parameters by name, e.g. {"account_id": "acc_7Hq2LmX9pR4sT8vW"}.'),
        query: values.optional().describe('Query parameters by name.'),
        headers: values.optional().describe('Request headers by name (any case), e.g. {"Idempotency-Key": "..."}.'),
        body: z.unknown().optional().describe('The request body, as JSON.'),
        content_type: z.string().max(200).optional().describe('Media type of the body; application/json by default.'),
      },
      annotations: READ_ONLY,
    },
    ({operation, path_params, query, headers, body, content_type}) =>
      jsonResult(validator.validate(spec.find(operation), {pathParams: path_params, query, headers, body, contentType: content_type})),
  );

  server.registerTool(
    'validate_webhook_payload',
    {
      title: 'Validate a webhook payload',
      description: `Checks the payload of a ${BRAND} webhook event (what your endpoint receives, or what a test sends it) against the event's schema in the spec, and its delivery headers when given. ${outcome}`,
      inputSchema: {
        event: z.string().min(1).max(200).describe('The event type, e.g. "withdrawal.completed".'),
        payload: z.unknown().describe('The event body, as JSON.'),
        headers: values.optional().describe('The delivery headers (webhook-id, webhook-timestamp, webhook-signature), to check them too.'),
      },
      annotations: READ_ONLY,
    },
    ({event, payload, headers}) => jsonResult(validator.validateWebhook(spec.findEvent(event), payload, headers)),
  );
}
