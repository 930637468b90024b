/**
 * The MCP server's card (issue #50): what an agent reads at `/.well-known/mcp/server-card.json` before it connects —
 * the server's name, version and instructions, how to start it and what tools and resources it has. Asked of the
 * server itself through the SDK's client over an in-memory transport, so the card lists exactly what a connected
 * client would see. The shape follows the MCP Server Card proposal (SEP-2127, a draft: the fields it has not settled,
 * how to start a stdio server that is not published as a package, are under `_meta`).
 * `npm run mcp -- --card` writes it into the build (`npm run build` runs it last: the server reads files other
 * plugins write in their own postBuild).
 */
import fs from 'node:fs';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {LATEST_PROTOCOL_VERSION} from '@modelcontextprotocol/sdk/types.js';
import {MCP_CARD_PATH} from '../../src/data/agent-docs';
import {BRAND, SITE_URL} from '../../src/data/brand';
import {createDocsServer} from './server';

export interface ServerCard {
  $schema: string;
  name: string;
  title?: string;
  version: string;
  description: string;
  websiteUrl: string;
  supportedProtocolVersions: string[];
  instructions?: string;
  tools: {name: string; title?: string; description?: string; inputSchema: unknown}[];
  resources: {uri?: string; uriTemplate?: string; name: string; title?: string; mimeType?: string}[];
  _meta: Record<string, unknown>;
}

/** The docs' host in reverse DNS, which the proposal asks names and `_meta` keys to start with. */
const NAMESPACE = new URL(SITE_URL).hostname.split('.').reverse().join('.');
/** The key of our own fields under `_meta`. */
const META = `${NAMESPACE}/start`;

export async function serverCard(buildDir: string): Promise<ServerCard> {
  const {server} = createDocsServer(buildDir);
  const client = new Client({name: `${BRAND.toLowerCase()}-server-card`, version: '1.0.0'});
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    const info = client.getServerVersion()!;
    const {tools} = await client.listTools();
    const {resources} = await client.listResources();
    const {resourceTemplates} = await client.listResourceTemplates();
    return {
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: `${NAMESPACE}/${info.name}`,
      title: info.title,
      version: info.version,
      description: `The ${BRAND} developer docs for coding agents, offline: search the pages, read them as Markdown, get operations and schemas with every $ref resolved, follow the Arazzo workflows step by step, validate a request or a webhook payload against the spec, list what changed since a release.`,
      websiteUrl: SITE_URL,
      supportedProtocolVersions: [LATEST_PROTOCOL_VERSION],
      instructions: client.getInstructions(),
      tools: tools.map((t) => ({name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema})),
      resources: [
        ...resourceTemplates.map((r) => ({uriTemplate: r.uriTemplate, name: r.name, title: r.title, mimeType: r.mimeType})),
        // One page in the list stands for every page (the template above); llms.txt is the index of them.
        ...resources
          .filter((r) => !resourceTemplates.length || r.uri.endsWith('/llms.txt'))
          .map((r) => ({uri: r.uri, name: r.name, title: r.title, mimeType: r.mimeType})),
      ],
      _meta: {
        [META]: {
          transport: 'stdio',
          command: 'npm',
          args: ['--prefix', '/path/to/novaramp-docs', 'run', 'mcp', '--silent'],
          requires: `a checkout of the ${BRAND} docs repository with \`npm ci\` and \`npm run build\` done; the server reads that build and opens no socket`,
        },
      },
    };
  } finally {
    await client.close();
    await server.close();
  }
}

/** Writes the card into `buildDir`; returns its file. */
export async function writeServerCard(buildDir: string): Promise<string> {
  const card = await serverCard(buildDir);
  const file = path.join(buildDir, MCP_CARD_PATH);
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, `${JSON.stringify(card, null, 2)}\n`);
  return file;
}
