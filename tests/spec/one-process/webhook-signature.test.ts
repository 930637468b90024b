/**
 * The signature verification code printed in the webhook guide is the code CI runs: the test extracts the
 * `verifyWebhook.ts` block from the page and checks it against test vectors whose signatures were computed
 * independently (openssl), in tests/fixtures/webhook-vectors.json.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {test} from 'node:test';
import {SITE_ROOT} from '../../../tools/cli';

interface Vector {
  name: string;
  secrets: string[];
  headers: Record<string, string>;
  body: string;
  now: number;
  valid: boolean;
}
type Verify = (rawBody: string, headers: Record<string, string>, secrets: string[], nowSeconds?: number) => boolean;

const GUIDE = path.join(SITE_ROOT, 'docs', 'guides', 'webhook-guide.md');

async function loadGuideCode(): Promise<Verify> {
  const page = fs.readFileSync(GUIDE, 'utf8');
  const block = /```ts title="verifyWebhook\.ts"\n([\s\S]*?)\n```/.exec(page);
  assert.ok(block, 'the webhook guide has a ```ts title="verifyWebhook.ts" block');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nr-webhook-'));
  const file = path.join(dir, 'verifyWebhook.ts');
  fs.writeFileSync(file, block[1]);
  const mod = (await import(pathToFileURL(file).href)) as {verifyWebhook?: Verify};
  assert.equal(typeof mod.verifyWebhook, 'function', 'the block exports verifyWebhook');
  return mod.verifyWebhook!;
}

test('the guide’s verifyWebhook accepts exactly the valid test vectors', async () => {
  const verify = await loadGuideCode();
  const vectors = JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'tests', 'fixtures', 'webhook-vectors.json'), 'utf8')) as Vector[];
  assert.ok(vectors.length >= 5);
  assert.ok(vectors.some((v) => v.valid) && vectors.some((v) => !v.valid));
  for (const v of vectors) {
    assert.equal(verify(v.body, v.headers, v.secrets, v.now), v.valid, v.name);
  }
});

test('the guide’s verifyWebhook rejects a valid delivery once its body, timestamp or secret changes', async () => {
  const verify = await loadGuideCode();
  const vectors = JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'tests', 'fixtures', 'webhook-vectors.json'), 'utf8')) as Vector[];
  const good = vectors.find((v) => v.valid && v.secrets.length === 1)!;
  assert.ok(good, 'a valid single-secret vector exists');
  assert.equal(verify(`${good.body} `, good.headers, good.secrets, good.now), false, 'body changed');
  assert.equal(verify(good.body, good.headers, good.secrets, good.now + 301), false, 'more than 5 minutes later');
  assert.equal(verify(good.body, good.headers, ['whsec_' + Buffer.from('another secret').toString('base64')], good.now), false, 'other secret');
  assert.equal(verify(good.body, {...good.headers, 'webhook-signature': 'garbage'}, good.secrets, good.now), false, 'malformed header');
});
