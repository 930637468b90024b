/**
 * The files lane's global setup (`npm run test:spec:files`, `--test-global-setup`): one sandbox (the mock of
 * `npm run mock`, src/plugins/sandbox/) of the current combined spec for every test file that sends requests to one
 * (tools/site/mock-server.ts sharedOrOwnMock), run in the test runner's own process: about 0.2 s of CPU, against about 1 s
 * for a process of its own (start()), which a test file run on its own starts. Each file uses API keys of its own,
 * so their sandboxes never meet.
 *
 * Node loads this module before the run's `--import tsx`: its own types are stripped by Node, and the modules it
 * needs are loaded with tsx's tsImport (their imports have no file extensions, which only tsx resolves).
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import {tsImport} from 'tsx/esm/api';
import type {SandboxServer} from '../../src/plugins/sandbox/node/server';

let server: SandboxServer | undefined;

// js-yaml, loaded here by Node first: bundling a spec whose bundle is not cached yet (a fresh clone running one test
// file) imports openapi-typescript, whose own @redocly/openapi-core then requires js-yaml through tsx's scoped loader;
// without a copy already in Node's cache, it got a second one and failed on types of the first ("non-Type object").
createRequire(import.meta.url)('js-yaml');

export async function globalSetup(): Promise<void> {
  const {SITE_ROOT} = (await tsImport('../../tools/cli/index.ts', import.meta.url)) as typeof import('../../tools/cli');
  const {SHARED_MOCK_ENV, sharedMockValue, currentCombinedSpec} = (await tsImport(
    '../../tools/site/mock-server.ts',
    import.meta.url,
  )) as typeof import('../../tools/site/mock-server');
  const {startSandboxServer} = (await tsImport(
    '../../src/plugins/sandbox/node/server.ts',
    import.meta.url,
  )) as typeof import('../../src/plugins/sandbox/node/server');
  const specFile = await currentCombinedSpec(SITE_ROOT);
  const spec = JSON.parse(fs.readFileSync(await currentCombinedSpec(SITE_ROOT, 'json'), 'utf8')) as Record<string, unknown>;
  const {docsEndpointTransport} = (await tsImport('../helpers/docs-endpoint.ts', import.meta.url)) as typeof import('../helpers/docs-endpoint');
  // The docs' example endpoint answers as a reader's would (tests/helpers/docs-endpoint.ts).
  server = await startSandboxServer({siteDir: SITE_ROOT, spec, transport: docsEndpointTransport});
  process.env[SHARED_MOCK_ENV] = sharedMockValue(SITE_ROOT, {origin: server.origin, specFile});
}

export async function globalTeardown(): Promise<void> {
  const report = server?.report();
  if (report?.invalidResponses.length)
    console.error(
      `the shared sandbox sent ${report.invalidResponses.length} of ${report.responses} responses off the spec:\n${JSON.stringify(report.invalidResponses.slice(0, 10), null, 1)}`,
    );
  await server?.stop();
}
