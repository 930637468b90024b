/**
 * The files lane's global setup (`npm run test:spec:files`, `--test-global-setup`): one mock of the current combined
 * spec for every test file that sends requests to one (tools/mock-server.ts sharedOrOwnMock), instead of a Prism
 * started by each. A test file run on its own starts its own mock.
 *
 * Node loads this module before the run's `--import tsx`: its own types are stripped by Node, and the modules it
 * needs are loaded with tsx's tsImport (their imports have no file extensions, which only tsx resolves).
 */
import {tsImport} from 'tsx/esm/api';
import type {MockServer} from '../../tools/mock-server';

let mock: MockServer | undefined;

export async function globalSetup(): Promise<void> {
  const {SITE_ROOT} = (await tsImport('../../tools/cli.ts', import.meta.url)) as typeof import('../../tools/cli');
  const {SHARED_MOCK_ENV, sharedMockValue, start} = (await tsImport('../../tools/mock-server.ts', import.meta.url)) as typeof import('../../tools/mock-server');
  mock = await start(SITE_ROOT);
  process.env[SHARED_MOCK_ENV] = sharedMockValue(SITE_ROOT, mock);
}

export async function globalTeardown(): Promise<void> {
  await mock?.stop();
}
