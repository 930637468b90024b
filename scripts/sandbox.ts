/**
 * `npm run sandbox`: the stateful sandbox (src/plugins/sandbox/) on 127.0.0.1, serving the REST API at the root and
 * under /v1, and the WebSocket stream at /v1. Port: `--port N` or PORT (default 4010, the "Local mock server" of the
 * specs). It serves the combined spec of openapi/ as it is now, like `npm run mock`.
 */
import {startSandboxServer} from '../src/plugins/sandbox/node/server';

async function main(): Promise<void> {
  const portFlag = process.argv.indexOf('--port');
  const port = Number(portFlag > 0 ? process.argv[portFlag + 1] : (process.env.PORT ?? '4010'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port / PORT: ${port} is not a port number`);
  const server = await startSandboxServer({siteDir: process.cwd(), port, log: (line) => console.log(line)});
  console.log(`NovaRamp sandbox on ${server.origin} (REST at / and /v1, WebSocket at ${server.origin.replace('http', 'ws')}/v1)`);
  console.log('Authenticate with Authorization: Bearer sk_sandbox_<anything>; each key has a sandbox of its own.');
  const stop = () => {
    const {responses, invalidResponses} = server.report();
    console.log(`${responses} responses, ${invalidResponses.length} not conforming to the spec`);
    void server.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: Error) => {
  console.error(`✖ npm run sandbox: ${e.message}`);
  process.exit(1);
});
