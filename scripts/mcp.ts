/**
 * `npm run mcp`: the docs' MCP server over stdio, from the production build (`build/`, or `--build <dir>`).
 * stdout carries JSON-RPC only; everything else goes to stderr.
 * `npm run mcp -- --card`: writes the server's card into the build instead (tools/mcp/card.ts) and exits.
 */
import path from 'node:path';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {SITE_ROOT} from '../tools/cli';
import {BuildArtefactError} from '../tools/mcp/build-artefacts';
import {writeServerCard} from '../tools/mcp/card';
import {createDocsServer} from '../tools/mcp/server';

async function main(): Promise<void> {
  const flag = process.argv.indexOf('--build');
  if (flag > 0 && !process.argv[flag + 1]) throw new BuildArtefactError('--build needs a folder: `npm run mcp -- --build <dir>`.');
  const buildDir = flag > 0 ? path.resolve(process.argv[flag + 1]) : path.join(SITE_ROOT, 'build');
  if (process.argv.includes('--card')) {
    console.error(`MCP server card written to ${path.relative(process.cwd(), await writeServerCard(buildDir))}`);
    return;
  }
  const {server, summary} = createDocsServer(buildDir);
  await server.connect(new StdioServerTransport());
  console.error(`MCP server ready on stdio: ${summary}`);
}

main().catch((e: Error) => {
  console.error(e instanceof BuildArtefactError ? e.message : e.stack);
  process.exit(1);
});
