/** Serves the production build (build/) on 127.0.0.1 the way a static host would, for tests and the bench. */
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {docusaurusCli, SITE_ROOT} from './cli';

export const BUILD_DIR = path.join(SITE_ROOT, 'build');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const {port} = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Served {
  origin: string;
  stop: () => Promise<void>;
}

export async function serveBuild(dir = 'build'): Promise<Served> {
  if (!fs.existsSync(path.resolve(SITE_ROOT, dir, 'index.html'))) {
    throw new Error(`${dir}/ is missing: run \`npm run build\` first (npm test does).`);
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [docusaurusCli(), 'serve', '--dir', dir, '--host', '127.0.0.1', '--port', String(port), '--no-open'],
    {cwd: SITE_ROOT, stdio: ['ignore', 'pipe', 'pipe']},
  );
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${origin}/`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`docusaurus serve did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
