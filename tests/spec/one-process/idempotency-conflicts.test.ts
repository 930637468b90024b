/**
 * Every `POST` takes an `Idempotency-Key` (openapi/README.md), so every `POST` can answer both key conflicts of
 * docs/api/error-handling.md: `409 idempotency_key_reused` (the key with another body) and `409
 * idempotency_key_in_use` (the key while its first request is still running). Each one's `409` response names both,
 * directly or through the shared `components/responses/Conflict.yaml`.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {SITE_ROOT} from '../../../tools/cli';

const PATHS = path.join(SITE_ROOT, 'openapi/paths');
const CODES = ['idempotency_key_reused', 'idempotency_key_in_use'];

type Yaml = Record<string, unknown>;
const read = (file: string): Yaml => parse(fs.readFileSync(file, 'utf8')) as Yaml;

/** The description of a response, following its `$ref`. */
function responseDescription(response: unknown, from: string): string {
  const r = response as Yaml | undefined;
  if (typeof r?.$ref === 'string') {
    const file = path.resolve(path.dirname(from), r.$ref);
    return responseDescription(read(file), file);
  }
  return String(r?.description ?? '');
}

/** `file (operationId): …` for each POST whose 409 does not name both key conflicts. */
function missingConflicts(file: string, item: Yaml): string[] {
  const post = item.post as Yaml | undefined;
  if (!post) return [];
  const where = `openapi/paths/${path.basename(file)} (${String(post.operationId)})`;
  const conflict = (post.responses as Yaml | undefined)?.['409'];
  if (!conflict) return [`${where}: no 409 response`];
  const text = responseDescription(conflict, file);
  return CODES.filter((c) => !text.includes(`\`${c}\``)).map((c) => `${where}: its 409 does not name ${c}`);
}

test('every POST’s 409 names both Idempotency-Key conflicts', () => {
  const files = fs.readdirSync(PATHS).map((f) => path.join(PATHS, f));
  const posts = files.filter((f) => read(f).post);
  assert.ok(posts.length >= 20, `${posts.length} POST operations`);
  assert.deepEqual(
    files.flatMap((f) => missingConflicts(f, read(f))),
    [],
  );
});

test('a POST whose 409 leaves out idempotency_key_in_use fails, naming it', () => {
  const item = {
    post: {
      operationId: 'closeAccount',
      responses: {'409': {description: 'Already closed (`resource_conflict`), or the key was reused (`idempotency_key_reused`).'}},
    },
  };
  assert.deepEqual(missingConflicts(path.join(PATHS, 'accounts_{account_id}_close.yaml'), item), [
    'openapi/paths/accounts_{account_id}_close.yaml (closeAccount): its 409 does not name idempotency_key_in_use',
  ]);
});
