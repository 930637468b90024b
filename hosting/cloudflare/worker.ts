/**
 * Cloudflare Worker with static assets (hosting/cloudflare/wrangler.jsonc): a page request whose Accept header
 * prefers Markdown gets the page's Markdown copy (`/x` → /x.md, `/` → /index.md), as `npm run serve` answers it
 * (tools/site/hosting.ts); every page response says `Vary: Accept` and revalidates (static/_headers is not applied to
 * responses a Worker makes); the files `run_worker_first` excludes are served without it, any other passes
 * through. The negotiation is hosting/negotiate-page.ts, shared with the Netlify edge function.
 */
import {negotiatePage} from '../negotiate-page.ts';

interface Env {
  /** The build/ folder (wrangler.jsonc `assets.binding`). */
  ASSETS: {fetch(input: Request | URL): Promise<Response>};
}

export default {
  fetch: (request: Request, env: Env): Promise<Response> =>
    negotiatePage(
      request,
      (url) => env.ASSETS.fetch(url),
      () => env.ASSETS.fetch(request),
    ),
};
