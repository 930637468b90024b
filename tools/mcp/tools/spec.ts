/** get_operation and get_schema: the spec, with every `$ref` resolved. */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import {BRAND} from '../../../src/data/brand';
import type {SpecIndex} from '../spec-index';
import {READ_ONLY, jsonResult} from './result';

export function registerSpecTools(server: McpServer, spec: SpecIndex): void {
  server.registerTool(
    'get_operation',
    {
      title: 'Get an API operation',
      description: `One operation of the ${BRAND} API, or one webhook event, as the OpenAPI spec defines it, with every schema resolved: method, path, servers, security (scheme and scopes), parameters, request body, responses with their examples, and the URL of its docs page. Name it by operationId ("createFiatWithdrawal"), by "METHOD /path" (a template, a real path or a full URL: "POST /accounts/{account_id}/fiat-withdrawals") or by webhook event type ("withdrawal.completed").`,
      inputSchema: {operation: z.string().min(1).max(2000).describe('operationId, "METHOD /path" or webhook event type.')},
      annotations: READ_ONLY,
    },
    ({operation}) => jsonResult(spec.describe(spec.find(operation).entry)),
  );

  server.registerTool(
    'get_schema',
    {
      title: 'Get a schema',
      description: `A component schema of the ${BRAND} API by name ("Account", "CreateFiatWithdrawalRequest", "Money"), as JSON Schema with every $ref resolved; also the schemas of the WebSocket API's AsyncAPI document.`,
      inputSchema: {name: z.string().min(1).max(200).describe('The schema name, as in #/components/schemas/<name>.')},
      annotations: READ_ONLY,
    },
    ({name}) => jsonResult(spec.schema(name)),
  );
}
