/** list_changes: the API changelog since a release. */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import {BRAND} from '../../../src/data/brand';
import {CHANGE_KINDS, changesSince} from '../changelog';
import {READ_ONLY, jsonResult} from './result';

export function registerChangesTools(server: McpServer, buildDir: string): void {
  server.registerTool(
    'list_changes',
    {
      title: 'List API changes since a release',
      description: `What changed in the ${BRAND} API after a release, newest first (including Unreleased changes of the working spec): each change classified as breaking, non-breaking, deprecation or documentation, with the operation, the JSON pointer, a sentence and the docs page URL. Without \`since\`, the whole changelog.`,
      inputSchema: {
        since: z.string().max(50).optional().describe('A released version, e.g. "1.0.0": the changes after it.'),
        kind: z.array(z.enum(CHANGE_KINDS)).optional().describe('Only changes of these kinds.'),
      },
      annotations: READ_ONLY,
    },
    ({since, kind}) => jsonResult(changesSince(buildDir, since, kind)),
  );
}
