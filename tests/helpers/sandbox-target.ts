/**
 * The server the request tests send to: TEMPORARY — Prism until the sandbox engine lands.
 */
import {start} from '../../tools/mock-server';

export interface SandboxTarget {
  origin: string;
  stop: () => Promise<void>;
}

export async function startSandboxTarget(siteDir: string): Promise<SandboxTarget> {
  const mock = await start(siteDir);
  return {origin: mock.origin, stop: mock.stop};
}
