/**
 * The docs' MCP server: what a production build publishes for people (pages, spec, search, changelog), as tools
 * and resources for coding agents. Read-only and offline: the build folder is its only source.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {BRAND} from '../../src/data/brand';
import {loadDocsBuild} from './build-artefacts';
import {DocPages} from './pages';
import {DocsSearch} from './search';
import {SpecIndex} from './spec-index';
import {RequestValidator} from './validate';
import {registerChangesTools} from './tools/changes';
import {registerDocsTools} from './tools/docs';
import {registerSpecTools} from './tools/spec';
import {registerValidationTools} from './tools/validation';
import {registerWorkflowTools} from './tools/workflows';
import {WorkflowIndex} from './workflows';

export interface DocsServer {
  server: McpServer;
  /** What it serves, for the start-up line on stderr. */
  summary: string;
}

/** Throws BuildArtefactError (its message says what to run) when `buildDir` is not a complete production build. */
export function createDocsServer(buildDir: string): DocsServer {
  const build = loadDocsBuild(buildDir);
  const pages = new DocPages(build);
  const spec = new SpecIndex(build, pages);
  const workflows = new WorkflowIndex(build, spec, pages);
  const server = new McpServer(
    {name: `${BRAND.toLowerCase()}-docs`, title: `${BRAND} developer docs`, version: String((build.combined.info as {version?: string}).version ?? '0.0.0')},
    {
      instructions: `The ${BRAND} payments API docs, offline. Find pages with search_docs and read them with get_page (or the page resources); get exact contracts with get_operation and get_schema; follow a journey (onboarding, funding, trading, withdrawing, webhooks) step by step with list_workflows and get_workflow; check a request or webhook payload with validate_request / validate_webhook_payload before sending it; list_changes says what changed since a release.`,
    },
  );
  registerDocsTools(server, build, pages, new DocsSearch(build, pages));
  registerSpecTools(server, spec);
  registerValidationTools(server, spec, new RequestValidator());
  registerWorkflowTools(server, workflows);
  registerChangesTools(server, build.dir);
  const operations = spec.operations.filter((o) => o.kind === 'operation').length;
  return {
    server,
    summary: `${pages.all.length} pages, ${operations} operations, ${spec.events.length} webhook events, ${workflows.count} workflows from ${build.dir}`,
  };
}
