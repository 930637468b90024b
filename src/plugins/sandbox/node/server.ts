/**
 * The sandbox as an HTTP server (`npm run mock`, and tests): the REST API at the root as Prism did
 * (`http://127.0.0.1:4010/coins`) and under `/v1` like the real servers, open to cross-origin requests, the
 * WebSocket stream at `/v1` on the same port (stream.ts), webhook deliveries attempted after every request and every second (transport.ts), and a report of
 * what the engine's conformance hook found in the responses sent.
 */
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {currentCombinedSpec} from '../../../../tools/site/mock-server';
import {createSandbox, type ResponseViolation, type Sandbox, type WebhookTransport} from '../engine';
import {asksForEventStream, pendingEventStream} from './event-stream';
import {streamChannelScopes} from './channel-scopes';
import {serveStream} from './stream';
import {nodeTransport} from './transport';

export interface SandboxServerOptions {
  siteDir: string;
  /** Default 0: a free port the system picks. */
  port?: number;
  host?: string;
  /** The combined spec, parsed (default: the current bundle of siteDir's openapi/). */
  spec?: Record<string, unknown>;
  /** Called with one line per request (method, path, status, duration). */
  log?: (line: string) => void;
  /** The engine's test hook (SandboxOptions.neverCompleteDeposits): deposits stay `pending` for ever. */
  neverCompleteDeposits?: boolean;
  /** How webhook deliveries leave (default: fetch, transport.ts); a test plays the reader's endpoint with its own. */
  transport?: WebhookTransport;
  /** How often the event stream sends its keep-alive comment (default 15 s, as the spec documents; a test shortens it). */
  eventStreamKeepAliveMs?: number;
}

export interface SandboxServer {
  /** e.g. http://127.0.0.1:4010 */
  origin: string;
  sandbox: Sandbox;
  stop(): Promise<void>;
  /** How many responses the conformance hook checked, and those that broke the spec. */
  report(): {responses: number; invalidResponses: ResponseViolation[]};
}

/**
 * Cross-origin access, as Prism allows it: a page in the reader's browser (the docs' request panels) may call the local
 * sandbox, and read the headers the API documents.
 */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, QUERY, OPTIONS',
  'Access-Control-Expose-Headers': 'Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
};

/** The query string as the engine takes it: a repeated parameter becomes a list. */
function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const known = query[name];
    query[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return query;
}

const readBody = (request: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startSandboxServer(options: SandboxServerOptions): Promise<SandboxServer> {
  const spec = options.spec ?? (JSON.parse(fs.readFileSync(await currentCombinedSpec(options.siteDir, 'json'), 'utf8')) as Record<string, unknown>);
  const sandbox = createSandbox({spec, transport: options.transport ?? nodeTransport, neverCompleteDeposits: options.neverCompleteDeposits});
  const deliver = () => void sandbox.deliverDue();

  const server = http.createServer(async (request, response) => {
    const started = performance.now();
    // The API reference's try-it panel calls the local server from the site's origin, as it called Prism: a CORS
    // preflight is answered for any origin, and every answer may be read with its headers.
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      response
        .writeHead(204, {
          ...CORS,
          'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '*',
          'Access-Control-Max-Age': '600',
        })
        .end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const path = url.pathname.replace(/^\/v1(?=\/|$)/, '') || '/';
    const headers = Object.fromEntries(Object.entries(request.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));
    const eventStream = asksForEventStream(request.method, path)
      ? pendingEventStream(sandbox, headers.authorization, options.eventStreamKeepAliveMs)
      : undefined;
    const answer = await sandbox.handle({method: request.method ?? 'GET', path, query: queryOf(url), headers, rawBody: await readBody(request)});
    if (eventStream?.opens(answer)) {
      eventStream.follow(answer, request, response, CORS);
      options.log?.(`${request.method} ${url.pathname}${url.search} → ${answer.status}, streaming`);
      return;
    }
    eventStream?.cancel();
    const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
    response.writeHead(answer.status, {...answer.headers, ...CORS}).end(body);
    options.log?.(`${request.method} ${url.pathname}${url.search} → ${answer.status} (${(performance.now() - started).toFixed(1)} ms)`);
    deliver();
  });
  // Node closes a connection idle for 5 s, and a client that reuses it in that instant gets "other side closed" (seen
  // under load after a slow step); a minute keeps pooled connections of tests and readers open between requests.
  server.keepAliveTimeout = 65_000;
  const stream = serveStream(server, sandbox, streamChannelScopes(options.siteDir, spec));
  const ticker = setInterval(deliver, 1000);
  ticker.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const {port} = server.address() as AddressInfo;
  return {
    origin: `http://${options.host ?? '127.0.0.1'}:${port}`,
    sandbox,
    async stop() {
      clearInterval(ticker);
      await stream.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    report() {
      const {responses, violations} = sandbox.conformance();
      return {responses, invalidResponses: violations};
    },
  };
}
