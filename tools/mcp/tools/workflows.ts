/** list_workflows and get_workflow: the Arazzo workflows of the build, each step with its operation resolved. */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import {BRAND} from '../../../src/data/brand';
import type {WorkflowIndex} from '../workflows';
import {READ_ONLY, jsonResult} from './result';

export function registerWorkflowTools(server: McpServer, workflows: WorkflowIndex): void {
  server.registerTool(
    'list_workflows',
    {
      title: 'List the API workflows',
      description: `The journeys an integrator of the ${BRAND} API follows (onboard an account, fund it, trade, withdraw, webhooks, recover events), each an Arazzo 1.0.1 workflow: its id, title, summary, inputs, number of steps, the operationIds it calls in order, the URL of its page and its YAML and JSON downloads. Read one step by step with get_workflow.`,
      inputSchema: {
        filter: z.string().max(200).optional().describe('Only the workflows whose id, title, summary or operations contain these words (case-insensitive).'),
      },
      annotations: READ_ONLY,
    },
    ({filter}) => {
      const words = (filter ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const all = workflows.list();
      const matching = all.filter((w) => words.every((word) => JSON.stringify([w.id, w.title, w.summary, w.operations]).toLowerCase().includes(word)));
      return jsonResult({
        workflows: matching,
        ...(matching.length ? {} : {note: `No workflow matches; the workflows are: ${all.map((w) => w.id).join(', ')}.`}),
      });
    },
  );

  server.registerTool(
    'get_workflow',
    {
      title: 'Get an API workflow',
      description: `One ${BRAND} API workflow (Arazzo 1.0.1) by id ("quote-and-trade"): its inputs, then its steps in order, each with the operation it calls resolved from the spec (operationId, method, path, summary, docs page URL) and what the step sends (parameters with their values, request body), checks (success criteria) and carries forward (outputs, read by later steps as $steps.<stepId>.outputs.<name>).`,
      inputSchema: {id: z.string().min(1).max(200).describe('The workflow id, as list_workflows gives it (also its download name: <id>.arazzo.yaml).')},
      annotations: READ_ONLY,
    },
    ({id}) => jsonResult(workflows.get(id)),
  );
}
