/**
 * `npm run mock` (alias `npm run sandbox`): the stateful sandbox (src/plugins/sandbox/) on 127.0.0.1, serving the
 * REST API at the root and under /v1, and the WebSocket stream at /v1. Port: `--port N` or PORT (default 4010, the
 * "Local mock server" of the specs). It serves the combined spec of openapi/ as it is now (currentCombinedSpec), not
 * static/openapi/, which is as old as the last build; `--spec <bundle.yaml>` serves another bundle (its `.json` twin
 * is read). `--log` prints a line per request. On exit it prints how many responses broke the spec.
 */
import fs from 'node:fs';
import {startSandboxServer} from '../src/plugins/sandbox/node/server';
import {currentCombinedSpec} from '../tools/site/mock-server';

const flag = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

async function main(): Promise<void> {
  const port = Number(flag('--port') ?? process.env.PORT ?? '4010');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port / PORT: ${port} is not a port number`);
  const siteDir = process.cwd();
  const specFile = (flag('--spec') ?? (await currentCombinedSpec(siteDir))).replace(/\.yaml$/, '.json');
  const spec = JSON.parse(fs.readFileSync(specFile, 'utf8')) as Record<string, unknown>;
  const log = process.argv.includes('--log') ? (line: string) => console.log(line) : undefined;
  const server = await startSandboxServer({siteDir, spec, port, log});
  console.log(`NovaRamp sandbox on ${server.origin} (REST at / and /v1, WebSocket at ${server.origin.replace('http', 'ws')}/v1)`);
  console.log('Authenticate with Authorization: Bearer sk_sandbox_<anything>; each key has a sandbox of its own.');
  const stop = () => {
    const {responses, invalidResponses} = server.report();
    console.log(`${responses} responses, ${invalidResponses.length} not conforming to the spec`);
    for (const v of invalidResponses.slice(0, 20)) console.log(`  ${JSON.stringify(v)}`);
    void server.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: Error) => {
  console.error(`✖ npm run mock: ${e.message}`);
  process.exit(1);
});
