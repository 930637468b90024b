/**
 * Netlify edge function (netlify.toml names this folder): a page request whose Accept header prefers Markdown gets
 * the page's Markdown copy (`/x` → /x.md, `/` → /index.md), as `npm run serve` answers it (tools/site/hosting.ts);
 * every page response says `Vary: Accept` and revalidates. The negotiation is hosting/negotiate-page.ts, shared with the
 * Cloudflare Worker (imported with its extension: Deno, which Netlify bundles it for, resolves no extensionless
 * local import).
 */
import {negotiatePage} from '../../negotiate-page.ts';

interface Context {
  next(): Promise<Response>;
}

export default (request: Request, context: Context): Promise<Response> =>
  negotiatePage(
    request,
    (url) => fetch(url),
    () => context.next(),
  );

export const config = {path: '/*', excludedPath: ['/assets/*', '/*.md'], method: ['GET', 'HEAD']};
