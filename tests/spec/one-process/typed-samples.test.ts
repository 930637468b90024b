/**
 * Typed samples: the bundle step publishes TypeScript types of the whole API (novaramp.d.ts, openapi-typescript),
 * every operation has a TypeScript sample with openapi-fetch (tools/typed-samples/), and every sample and every
 * ```ts block of the docs type-checks against those types, in one strict `tsc` run. A sample whose body strays from
 * the spec fails, naming its file and line.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {COMBINED_SPEC} from '../../../src/data/api-table';
import {SITE_ROOT} from '../../../tools/cli';
import {typecheckSamples} from '../../helpers/typecheck';
import {docPages} from '../../../tools/docs/doc-requests';
import {loadOperations} from '../../../tools/spec/spec-model';
import {cachedBundle} from '../../../tools/spec/spec-bundle-cache';
import {OPENAPI_FETCH_METHODS, typedSamples, TYPES_MODULE, type TypedSample} from '../../../tools/typed-samples';

// Inside the site, so that openapi-fetch and @types/node resolve from its node_modules.
const dir = path.join(SITE_ROOT, '.tmp', `typed-samples-${process.pid}`);
let samples: TypedSample[] = [];
/** Checked file (relative to dir) → where it comes from, for messages. */
const origin = new Map<string, string>();
let errors: {file: string; line: number; message: string}[] = [];

interface Code {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  position?: {start: {line: number}};
  children?: Code[];
}
const codeBlocks = (node: Code): Code[] => [...(node.type === 'code' ? [node] : []), ...(node.children ?? []).flatMap(codeBlocks)];

before(async () => {
  fs.rmSync(dir, {recursive: true, force: true});
  const bundle = await cachedBundle(SITE_ROOT);
  const write = (rel: string, text: string, from: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), {recursive: true});
    fs.writeFileSync(path.join(dir, rel), text);
    origin.set(rel, from);
  };
  const types = fs.readFileSync(path.join(bundle, `${COMBINED_SPEC}.d.ts`), 'utf8');
  samples = typedSamples(JSON.parse(fs.readFileSync(path.join(bundle, `${COMBINED_SPEC}.json`), 'utf8')));
  // Each sample in a folder of its own, with the types saved beside it as the sample says.
  for (const s of samples) {
    write(`samples/${s.operationId}/index.ts`, s.source, `the sample of ${s.operationId}`);
    write(`samples/${s.operationId}/${TYPES_MODULE.slice(2)}.d.ts`, types, 'novaramp.d.ts');
  }
  // A sample with a body field the spec does not have: the compiler must refuse it.
  const preview = samples.find((s) => s.operationId === 'previewTradeOrder')!;
  write('broken/index.ts', preview.source.replace('"sell_asset"', '"sell_currency"'), 'a sample with a wrong field');
  write(`broken/${TYPES_MODULE.slice(2)}.d.ts`, types, 'novaramp.d.ts');
  // Every TypeScript block of the docs, in a folder per page, named by its title when it has one (a later block
  // imports an earlier one by that name); `./jobs` stands for the reader's own job queue.
  for (const page of docPages(SITE_ROOT)) {
    const blocks = codeBlocks(fromMarkdown(fs.readFileSync(path.join(SITE_ROOT, page), 'utf8')) as Code).filter((b) =>
      /^(ts|typescript|tsx)$/.test(b.lang ?? ''),
    );
    for (const b of blocks) {
      const title = /title="([^"]+\.tsx?)"/.exec(b.meta ?? '')?.[1];
      const line = b.position?.start.line ?? 0;
      write(`docs/${page.replace(/[/.]/g, '_')}/${title ?? `block-${line}.ts`}`, b.value ?? '', `${page}:${line + 1}`);
    }
    if (blocks.length) {
      write(`docs/${page.replace(/[/.]/g, '_')}/jobs.ts`, 'export function enqueue(_job: unknown): void {}\n', 'a stand-in for your job queue');
      write(`docs/${page.replace(/[/.]/g, '_')}/${TYPES_MODULE.slice(2)}.d.ts`, types, 'novaramp.d.ts');
    }
  }
  errors = typecheckSamples(dir, ['samples/**/*.ts', 'broken/**/*.ts', 'docs/**/*.ts']);
});
after(() => fs.rmSync(dir, {recursive: true, force: true}));

test('the bundle publishes the TypeScript types of every operation', () => {
  const types = fs.readFileSync(path.join(dir, 'samples', samples[0].operationId, 'novaramp.d.ts'), 'utf8');
  assert.match(types, /^export interface paths \{/m);
  for (const s of samples) assert.ok(types.includes(`${s.operationId}: {`), `${s.operationId} in operations`);
});

test('one TypeScript sample per operation, with openapi-fetch and the published types', () => {
  // A QUERY operation has a fetch sample instead: openapi-fetch and the published `paths` have no QUERY.
  const operations = loadOperations(SITE_ROOT).filter((o) => OPENAPI_FETCH_METHODS.includes(o.method));
  assert.deepEqual(samples.map((s) => s.operationId).sort(), operations.map((o) => o.operationId).sort());
  assert.equal(new Set(samples.map((s) => s.operationId)).size, samples.length);
  const post = samples.find((s) => s.operationId === 'withdrawFiat')!;
  assert.match(post.source, /client\.POST\("\/accounts\/\{account_id\}\/fiat-withdrawals", \{/);
  assert.match(post.source, /header: \{"Idempotency-Key": randomUUID\(\)\}/);
  assert.match(post.source, /body: \{/);
});

test('every sample and every TypeScript block of the docs type-checks against the types', () => {
  const mine = errors.filter((e) => !e.file.startsWith('broken/'));
  assert.deepEqual(
    mine.map((e) => `${origin.get(e.file) ?? e.file} (${e.file}:${e.line}): ${e.message}`),
    [],
  );
  for (const page of ['docs/guides/webhook-guide.md', 'docs/api/overview.md'])
    assert.ok(
      [...origin.values()].some((o) => o.startsWith(`${page}:`)),
      `the blocks of ${page} were checked`,
    );
});

test('a sample whose body strays from the spec fails, naming the field and the line', () => {
  const broken = errors.filter((e) => e.file === 'broken/index.ts');
  assert.ok(broken.length > 0, 'the compiler accepted a body field the spec does not have');
  assert.match(broken.map((e) => e.message).join('\n'), /sell_currency/);
});
