/**
 * `npm run serve`: the production build (build/) on http://127.0.0.1:3000, served as the site's hosts serve it
 * (tools/site/serve-build.ts): gzip, cache headers, and a page's Markdown copy for `Accept: text/markdown`. Builds
 * nothing: run `npm run build` first.
 *
 *   npm run serve -- --port 8080 --host 0.0.0.0
 */
import {parseArgs} from 'node:util';
import {serveBuild} from '../tools/site/serve-build';

async function main(): Promise<void> {
  const {values} = parseArgs({
    options: {port: {type: 'string', default: process.env.PORT ?? '3000'}, host: {type: 'string', default: '127.0.0.1'}},
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port takes a port number, not ${values.port}`);
  const served = await serveBuild('build', {port, host: values.host}).catch((e: NodeJS.ErrnoException) => {
    throw e.code === 'EADDRINUSE' ? new Error(`Port ${port} is in use: pick another with --port.`) : e;
  });
  console.log(`Serving build/ at ${served.origin} (Ctrl+C to stop)`);
  const stop = () => void served.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
