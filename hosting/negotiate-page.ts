/**
 * The Markdown negotiation both edge adapters run (hosting/netlify/edge-functions/markdown.ts,
 * hosting/cloudflare/worker.ts): a page request whose Accept header prefers Markdown gets the page's Markdown copy
 * (`/x` → /x.md, `/` → /index.md), as `npm run serve` answers it (tools/site/hosting.ts); every page response says
 * `Vary: Accept` and revalidates. One file both hosts bundle (imported with its `.ts` extension, which Deno, the
 * Netlify runtime, requires); tests/spec/hosting.test.ts holds each adapter to the cases of tools/site/hosting.ts.
 */
import Negotiator from 'negotiator';

const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';
const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';

function withVaryAccept(headers: Headers): Headers {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept');
  else if (!/(^|,)\s*accept\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept`);
  return headers;
}

/** `fetchFile` gets a file of the build; `servePage` is the response the host gives the request on its own. */
export async function negotiatePage(request: Request, fetchFile: (url: URL) => Promise<Response>, servePage: () => Promise<Response>): Promise<Response> {
  const url = new URL(request.url);
  const isPage = !/\.[^/]*$/.test(url.pathname) && (url.pathname === '/' || !url.pathname.endsWith('/'));
  if (!isPage) return servePage();
  const accept = request.headers.get('Accept') ?? undefined;
  const wantsMarkdown =
    ['GET', 'HEAD'].includes(request.method) && new Negotiator({headers: {accept}}).mediaType(['text/html', 'text/markdown']) === 'text/markdown';
  if (wantsMarkdown) {
    const copy = await fetchFile(new URL(url.pathname === '/' ? '/index.md' : `${url.pathname}.md`, url));
    if (copy.ok) {
      // Fresh headers: the fetched copy's encoding and length headers may not describe the body fetch decoded.
      const headers = new Headers({'Content-Type': MARKDOWN_CONTENT_TYPE, 'Cache-Control': CACHE_REVALIDATE, Vary: 'Accept'});
      for (const name of ['ETag', 'Last-Modified']) if (copy.headers.has(name)) headers.set(name, copy.headers.get(name)!);
      return new Response(request.method === 'HEAD' ? null : copy.body, {status: 200, headers});
    }
    await copy.body?.cancel();
  }
  const page = await servePage();
  const headers = withVaryAccept(new Headers(page.headers));
  headers.set('Cache-Control', CACHE_REVALIDATE);
  return new Response(page.body, {status: page.status, statusText: page.statusText, headers});
}
