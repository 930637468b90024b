/**
 * What lets an agent that knows only the domain find the API and these docs (issue #50, "Found by agents"), written
 * into the build by ./index.ts after the Markdown copies, from the build's own downloads (the bundled specs, the
 * AsyncAPI document) so that nothing here can name a file the site does not publish, and the workflows as llms.txt
 * lists them (./workflows.ts):
 * - `/.well-known/api-catalog` (RFC 9727): a linkset (RFC 9264) with one link context per API the specs describe,
 *   anchored at its production and sandbox servers: its description (`service-desc`: the combined OpenAPI document,
 *   YAML and JSON, and each API's own), its docs (`service-doc`: the overview page and its Markdown copy), its
 *   changelog (`service-meta`) and llms.txt (`describedby`); the WebSocket API with its AsyncAPI document; and the
 *   catalog's own context listing them as `item`s. Served as `application/linkset+json` with the RFC's profile, and
 *   linked from the home page (tools/site/hosting.ts).
 * - an Agent Skill (agentskills.io: a SKILL.md with `name` and `description` front matter): how to integrate the API,
 *   its servers, the rules every request follows, each API's description and each workflow, linked. At `/skill.md`
 *   (where Mintlify serves one) and in the well-known discovery index (`/.well-known/agent-skills/index.json`,
 *   discovery schema 0.2.0, with the file's SHA-256 digest).
 * The MCP server's card (`/.well-known/mcp/server-card.json`) is written by `npm run mcp -- --card` after the build
 * (tools/mcp/card.ts): it lists the tools by asking the server itself, which reads files other plugins write in
 * their own postBuild.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {API_SPECS, COMBINED_SPEC} from '../../data/api-table';
import {
  API_CATALOG_PATH,
  LLMS_TXT,
  MCP_CARD_PATH,
  SKILL_FILE_PATH,
  SKILL_NAME,
  SKILL_PATH,
  SKILLS_INDEX_PATH,
  hasMarkdownCopy,
  markdownPath,
} from '../../data/agent-docs';
import {BRAND, SITE_URL} from '../../data/brand';
import {workflowRoute} from '../../data/navigation';
import {workflowDownloadPath} from '../../../tools/workflows/publish';
import {workflowEntries, type WorkflowEntry} from './workflows';

/** A target of a link (RFC 9264 §4.2.4): its URL and the attributes a client picks by. */
export interface LinkTarget {
  href: string;
  type?: string;
  title?: string;
}
/** One link context: its anchor and its targets per relation type. */
export type LinkContext = {anchor: string} & Record<string, string | LinkTarget[]>;
export interface Linkset {
  linkset: LinkContext[];
}

interface SpecInfo {
  info?: {title?: string; summary?: string; description?: string; version?: string};
  servers?: {url: string; description?: string}[];
}
interface AsyncApiInfo {
  info?: {title?: string; description?: string};
  servers?: Record<string, {host: string; protocol: string; title?: string}>;
}

const YAML = 'application/yaml';
const JSON_TYPE = 'application/json';
const HTML = 'text/html';
const MARKDOWN = 'text/markdown';

/** The pages the catalog and the skill point at; each must be in the build (checked when written). */
export const DISCOVERY_PAGES = {
  overview: '/docs/api/overview',
  gettingStarted: '/docs/api/getting-started',
  authentication: '/docs/api/authentication',
  errors: '/docs/api/error-handling',
  pagination: '/docs/api/pagination',
  webhooks: '/docs/api/webhooks',
  sandbox: '/docs/api/sandbox-environment',
  websocket: '/docs/guides/websocket-guide',
  changelog: '/changelog',
} as const;

const site = (p: string) => `${SITE_URL}${p}`;
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** What the build publishes that the catalog and the skill describe. */
export interface Published {
  combined: SpecInfo;
  apis: {id: string; title: string; summary?: string}[];
  asyncapi?: {file: string; doc: AsyncApiInfo};
  workflows: WorkflowEntry[];
}

/** What the build in `outDir` publishes; the workflows as llms.txt lists them (./workflows.ts), from `siteDir`. */
export function readPublished(siteDir: string, outDir: string): Published {
  const openapi = path.join(outDir, 'openapi');
  const combined = readJson<SpecInfo>(path.join(openapi, `${COMBINED_SPEC}.json`));
  const apis = API_SPECS.map((id) => {
    const {info} = readJson<SpecInfo>(path.join(openapi, `${id}.json`));
    return {id, title: info?.title ?? id, ...(info?.summary ? {summary: info.summary} : {})};
  });
  const asyncFile = fs.readdirSync(openapi).find((f) => f.endsWith('.asyncapi.json'));
  return {
    combined,
    apis,
    ...(asyncFile ? {asyncapi: {file: asyncFile.replace(/\.json$/, ''), doc: readJson<AsyncApiInfo>(path.join(openapi, asyncFile))}} : {}),
    workflows: workflowEntries(siteDir),
  };
}

/** The production server first, then the sandbox (by their descriptions), as the spec lists them. */
function servers(spec: SpecInfo): {url: string; name: string}[] {
  return (spec.servers ?? []).map((s) => ({url: s.url, name: s.description?.split(/[\s(]/)[0] ?? s.url}));
}

export function apiCatalog(published: Published): Linkset {
  const {combined, apis, asyncapi} = published;
  const descriptions: LinkTarget[] = [
    {href: site(`/openapi/${COMBINED_SPEC}.yaml`), type: YAML, title: `${BRAND} API (every API in one document)`},
    {href: site(`/openapi/${COMBINED_SPEC}.json`), type: JSON_TYPE, title: `${BRAND} API (every API in one document)`},
    ...apis.flatMap(({id, title}) => [
      {href: site(`/openapi/${id}.yaml`), type: YAML, title},
      {href: site(`/openapi/${id}.json`), type: JSON_TYPE, title},
    ]),
  ];
  const docsOf = (route: string): LinkTarget[] => [
    {href: site(route), type: HTML},
    {href: site(markdownPath(route)), type: MARKDOWN},
  ];
  const common = {
    'service-desc': descriptions,
    'service-meta': [
      {href: site(DISCOVERY_PAGES.changelog), type: HTML, title: 'API changelog'},
      {href: site('/changelog.json'), type: JSON_TYPE, title: 'API changelog'},
    ],
    describedby: [
      {href: site(LLMS_TXT), type: 'text/plain', title: 'llms.txt: every page of the docs, as Markdown'},
      {href: site(SKILL_PATH), type: MARKDOWN, title: 'Agent Skill'},
      {href: site(MCP_CARD_PATH), type: JSON_TYPE, title: 'MCP server card'},
    ],
  };
  const rest: LinkContext[] = servers(combined).map(({url, name}) => ({
    anchor: url,
    'service-doc': docsOf(/sandbox/i.test(name) ? DISCOVERY_PAGES.sandbox : DISCOVERY_PAGES.overview),
    ...common,
  }));
  const stream: LinkContext[] = Object.values(asyncapi?.doc.servers ?? {}).map((server) => ({
    anchor: `${server.protocol}://${server.host}`,
    'service-desc': (['yaml', 'json'] as const).map((ext) => ({
      href: site(`/openapi/${asyncapi!.file}.${ext}`),
      type: ext === 'yaml' ? YAML : JSON_TYPE,
      title: asyncapi!.doc.info?.title ?? `${BRAND} WebSocket API`,
    })),
    'service-doc': docsOf(DISCOVERY_PAGES.websocket),
  }));
  const items = [...rest, ...stream];
  return {linkset: [{anchor: site(API_CATALOG_PATH), item: items.map((c) => ({href: c.anchor}))}, ...items]};
}

/** The Agent Skill: the one thing an agent should read before writing code against the API. */
export function skillMarkdown(published: Published): {markdown: string; description: string} {
  const {combined, apis, workflows} = published;
  const page = (route: string, title: string) => `[${title}](${site(hasMarkdownCopy(route) ? markdownPath(route) : route)})`;
  const description = `Integrate the ${BRAND} crypto and fiat payments API: accounts with KYC, balances and their ledger, crypto wallets and withdrawals, bank accounts, beneficiaries, deposit instructions, fiat withdrawals, quotes and trades, transactions, webhooks and a WebSocket stream. Use it when writing or reviewing code that calls ${servers(
    combined,
  )
    .map((s) => new URL(s.url).host)
    .join(' or ')}, or that receives its webhooks.`;
  const markdown = [
    '---',
    `name: ${SKILL_NAME}`,
    `description: ${JSON.stringify(description)}`,
    '---',
    '',
    `# ${BRAND} API`,
    '',
    combined.info?.description?.trim().split('\n\n')[0] ?? '',
    '',
    '## Servers',
    '',
    ...servers(combined).map((s) => `- ${s.name}: \`${s.url}\``),
    '',
    `Start in the sandbox with a \`sk_sandbox_\` key: ${page(DISCOVERY_PAGES.sandbox, 'the sandbox')} says what it simulates; every operation page of the docs sends requests to a sandbox that runs in the reader's browser.`,
    '',
    '## Rules every request follows',
    '',
    `- Authenticate with \`Authorization: Bearer <key>\`: ${page(DISCOVERY_PAGES.authentication, 'Authentication')}.`,
    `- Send an \`Idempotency-Key\` on every POST (each one requires it): a new UUID v4 per intended operation, the same one on a retry.`,
    `- Errors are RFC 9457 problem details with a stable \`code\`: ${page(DISCOVERY_PAGES.errors, 'Error handling')}.`,
    `- Lists are cursor-paginated: ${page(DISCOVERY_PAGES.pagination, 'Pagination')}.`,
    `- Webhooks are signed (Standard Webhooks); verify them before use: ${page(DISCOVERY_PAGES.webhooks, 'Webhooks')}.`,
    `- Start here: ${page(DISCOVERY_PAGES.gettingStarted, 'Getting started')}.`,
    '',
    '## API descriptions',
    '',
    `- Every API in one OpenAPI document: ${site(`/openapi/${COMBINED_SPEC}.yaml`)} (JSON: ${site(`/openapi/${COMBINED_SPEC}.json`)})`,
    ...apis.map((a) => `- ${a.title}${a.summary ? `: ${a.summary.replace(/\.$/, '')}` : ''}. ${site(`/openapi/${a.id}.yaml`)}`),
    '',
    '## Journeys',
    '',
    'Each is an Arazzo workflow whose steps call the operations in order, with what success looks like; follow the steps, not a guess of them.',
    '',
    ...workflows.map(
      (w) => `- ${page(workflowRoute(w.id), w.title)}${w.summary ? `: ${w.summary.replace(/\.$/, '')}.` : ''} ${site(workflowDownloadPath(w.id, 'yaml'))}`,
    ),
    '',
    '## More',
    '',
    `- Every page of the docs as Markdown: ${site(LLMS_TXT)} (a page's copy is its URL with \`.md\`, or the page with \`Accept: text/markdown\`).`,
    `- The API catalog (RFC 9727): ${site(API_CATALOG_PATH)}.`,
    `- The docs' MCP server (search, operations, schemas, workflows, request validation): ${site(MCP_CARD_PATH)}.`,
    `- What changed, release by release: ${page(DISCOVERY_PAGES.changelog, 'API changelog')}.`,
    '',
  ].join('\n');
  return {markdown, description};
}

/** The discovery index of agentskills.io (schema 0.2.0): one `skill-md` entry with its digest. */
export function skillsIndex(skill: {markdown: string; description: string}): object {
  return {
    $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
    skills: [
      {
        name: SKILL_NAME,
        type: 'skill-md',
        description: skill.description,
        url: SKILL_FILE_PATH,
        digest: `sha256:${crypto.createHash('sha256').update(skill.markdown).digest('hex')}`,
      },
    ],
  };
}

export class DiscoveryError extends Error {}

/** Writes the catalog and the skill into `outDir`; throws, writing nothing, when a page they point at is not built. */
export function writeDiscovery(siteDir: string, outDir: string): {apis: number; workflows: number} {
  for (const route of Object.values(DISCOVERY_PAGES)) {
    const files = [`${route}.html`, ...(hasMarkdownCopy(route) ? [markdownPath(route)] : [])].map((f) => path.join(outDir, f));
    const missing = files.find((f) => !fs.existsSync(f));
    if (missing)
      throw new DiscoveryError(
        `agent discovery: ${route} is linked from the API catalog and the skill, but ${path.relative(outDir, missing)} is not in the build.`,
      );
  }
  const published = readPublished(siteDir, outDir);
  const skill = skillMarkdown(published);
  const files: [string, string][] = [
    [API_CATALOG_PATH, `${JSON.stringify(apiCatalog(published), null, 2)}\n`],
    [SKILL_PATH, skill.markdown],
    [SKILL_FILE_PATH, skill.markdown],
    [SKILLS_INDEX_PATH, `${JSON.stringify(skillsIndex(skill), null, 2)}\n`],
  ];
  for (const [url, text] of files) {
    const file = path.join(outDir, url);
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, text);
  }
  return {apis: published.apis.length, workflows: published.workflows.length};
}
