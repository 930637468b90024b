/**
 * What an agent that knows only the domain finds in the production build (src/plugins/agent-markdown/discovery.ts):
 * the RFC 9727 API catalog is a well-formed RFC 9264 linkset whose every link resolves to a file of the build, one
 * link context per server of the specs; the Agent Skill follows the agentskills.io rules, is the same at both its
 * URLs, its index's digest is its SHA-256, and what it states holds (every workflow listed, every POST requires an
 * Idempotency-Key, every link resolves); llms.txt names them all. The MCP card is checked against the live server in
 * mcp.test.ts; the headers they are served with in serve.test.ts.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import YAML from 'yaml';
import {API_CATALOG_PATH, LLMS_TXT, MCP_CARD_PATH, SKILL_FILE_PATH, SKILL_NAME, SKILL_PATH, SKILLS_INDEX_PATH} from '../../src/data/agent-docs';
import {COMBINED_SPEC} from '../../src/data/api-table';
import {SITE_URL} from '../../src/data/brand';
import type {Linkset, LinkTarget} from '../../src/plugins/agent-markdown/discovery';
import {BUILD_DIR as BUILD} from '../../tools/site/serve-build';
import {workflowFiles, workflowIdOfFile} from '../../tools/workflows/workflows';
import {SITE_ROOT} from '../../tools/cli';

const read = (url: string): string => fs.readFileSync(path.join(BUILD, url), 'utf8');
const readJson = <T>(url: string): T => JSON.parse(read(url)) as T;

/** The build file a URL of the site is served from: the file itself, or a page's HTML. */
function buildFileOf(href: string): string | undefined {
  const url = new URL(href);
  const candidates = [url.pathname, `${url.pathname}.html`, `${url.pathname}/index.html`];
  return candidates.map((c) => path.join(BUILD, decodeURIComponent(c))).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

interface Spec {
  servers?: {url: string}[];
  paths?: Record<string, Record<string, {parameters?: {name?: string; in?: string; required?: boolean; $ref?: string}[]}>>;
  components?: {parameters?: Record<string, {name: string; in: string; required?: boolean}>};
}

describe(`the API catalog (${API_CATALOG_PATH}, RFC 9727)`, () => {
  const catalog = readJson<Linkset>(API_CATALOG_PATH);

  test('is a JSON linkset (RFC 9264 §4.2): link contexts with an absolute anchor, each relation an array of targets with an absolute href', () => {
    assert.deepEqual(Object.keys(catalog), ['linkset']);
    assert.ok(Array.isArray(catalog.linkset) && catalog.linkset.length > 1);
    for (const context of catalog.linkset) {
      assert.ok(URL.canParse(context.anchor), `anchor ${context.anchor}`);
      for (const [relation, targets] of Object.entries(context)) {
        if (relation === 'anchor') continue;
        assert.ok(Array.isArray(targets) && targets.length > 0, `${context.anchor} ${relation}`);
        for (const target of targets as LinkTarget[]) assert.ok(URL.canParse(target.href), `${context.anchor} ${relation}: ${target.href}`);
      }
    }
  });

  test('lists its APIs as items of its own context, one per server of the OpenAPI and AsyncAPI documents', () => {
    const [own, ...apis] = catalog.linkset;
    assert.equal(own.anchor, `${SITE_URL}${API_CATALOG_PATH}`);
    assert.deepEqual(
      (own.item as LinkTarget[]).map((t) => t.href),
      apis.map((c) => c.anchor),
    );
    const combined = readJson<Spec>(`/openapi/${COMBINED_SPEC}.json`);
    const asyncapiFile = fs.readdirSync(path.join(BUILD, 'openapi')).find((f) => f.endsWith('.asyncapi.json'))!;
    const asyncapi = readJson<{servers: Record<string, {host: string; protocol: string}>}>(`/openapi/${asyncapiFile}`);
    assert.deepEqual(
      apis.map((c) => c.anchor).sort(),
      [...combined.servers!.map((s) => s.url), ...Object.values(asyncapi.servers).map((s) => `${s.protocol}://${s.host}`)].sort(),
    );
    for (const api of apis) {
      assert.ok((api['service-desc'] as LinkTarget[]).length > 0, `${api.anchor} has a description`);
      assert.ok((api['service-doc'] as LinkTarget[]).length > 0, `${api.anchor} has docs`);
    }
  });

  test('every link into the site resolves to a file of the build, and each description parses as the type it says', () => {
    let checked = 0;
    for (const context of catalog.linkset.slice(1)) {
      for (const [relation, targets] of Object.entries(context)) {
        if (relation === 'anchor') continue;
        for (const {href, type} of targets as LinkTarget[]) {
          assert.ok(href.startsWith(`${SITE_URL}/`), `${href}: every target is on the docs site`);
          const file = buildFileOf(href);
          assert.ok(file, `${context.anchor} ${relation}: ${href} is not in the build`);
          if (relation === 'service-desc') {
            const text = fs.readFileSync(file, 'utf8');
            const doc = (type === 'application/yaml' ? YAML.parse(text) : JSON.parse(text)) as {openapi?: string; asyncapi?: string};
            assert.ok(doc.openapi ?? doc.asyncapi, `${href} is an OpenAPI or AsyncAPI document`);
          }
          checked++;
        }
      }
    }
    assert.ok(checked > 20, `${checked} links`);
  });
});

describe('the Agent Skill', () => {
  const skill = read(SKILL_FILE_PATH);
  const front = YAML.parse(/^---\n([^]*?)\n---\n/.exec(skill)?.[1] ?? '') as {name?: string; description?: string};

  test('follows the agentskills.io format: front matter with a name that is its folder, a description of at most 1,024 characters', () => {
    assert.equal(front.name, SKILL_NAME);
    assert.match(front.name!, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.ok(front.name!.length <= 64);
    assert.equal(path.basename(path.dirname(SKILL_FILE_PATH)), front.name);
    assert.ok(front.description && front.description.length >= 100 && front.description.length <= 1024, `${front.description?.length} characters`);
  });

  test(`is the same at ${SKILL_PATH}, and the discovery index (${SKILLS_INDEX_PATH}) names it with its SHA-256`, () => {
    assert.equal(read(SKILL_PATH), skill);
    const index = readJson<{$schema: string; skills: {name: string; type: string; description: string; url: string; digest: string}[]}>(SKILLS_INDEX_PATH);
    assert.equal(index.$schema, 'https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    assert.deepEqual(index.skills, [
      {
        name: SKILL_NAME,
        type: 'skill-md',
        description: front.description,
        url: SKILL_FILE_PATH,
        digest: `sha256:${crypto.createHash('sha256').update(skill).digest('hex')}`,
      },
    ]);
  });

  test('what it states holds: every workflow is listed, every POST requires an Idempotency-Key, every link resolves', () => {
    for (const file of workflowFiles(SITE_ROOT)) {
      const id = workflowIdOfFile(file);
      assert.ok(skill.includes(`/openapi/workflows/${id}.arazzo.yaml`), `${id} is listed`);
    }
    assert.match(skill, /Idempotency-Key` on every POST \(each one requires it\)/);
    const spec = readJson<Spec>(`/openapi/${COMBINED_SPEC}.json`);
    for (const [route, item] of Object.entries(spec.paths ?? {})) {
      const post = item.post;
      if (!post) continue;
      const params = (post.parameters ?? []).map((p) => (p.$ref ? spec.components!.parameters![p.$ref.split('/').at(-1)!] : p));
      assert.ok(
        params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key' && p.required),
        `POST ${route} requires an Idempotency-Key, as the skill says`,
      );
    }
    const links = [...skill.matchAll(/https:\/\/[^\s)`]+/g)].map((m) => m[0].replace(/\.$/, ''));
    assert.ok(links.length > 30, `${links.length} links`);
    for (const href of links.filter((h) => h.startsWith(SITE_URL))) assert.ok(buildFileOf(href), `${href} is in the build`);
  });
});

test('llms.txt names the catalog, the skill, its index and the MCP card', () => {
  const llms = read(LLMS_TXT);
  for (const url of [API_CATALOG_PATH, SKILL_PATH, SKILLS_INDEX_PATH, MCP_CARD_PATH]) {
    assert.ok(llms.includes(`${SITE_URL}${url}`), url);
    assert.ok(fs.existsSync(path.join(BUILD, url)), `${url} is in the build`);
  }
});
