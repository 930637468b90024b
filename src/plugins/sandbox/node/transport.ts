/**
 * How the Node server sends webhook deliveries: fetch, 10-second timeout, redirects not followed (a redirect is a
 * failed delivery). The spec only takes `https://` endpoint URLs; a local test endpoint has no certificate, so a URL
 * on the loopback host (127.0.0.1, localhost, [::1]) is delivered to over plain HTTP on the same port and path.
 */
import type {WebhookTransport} from '../engine';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `url` as the sandbox reaches it: http:// for an https:// URL on the loopback host. */
export function reachableUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol === 'https:' && LOOPBACK.has(parsed.hostname)) {
    parsed.protocol = 'http:';
    if (!parsed.port) parsed.port = '443';
  }
  return parsed.toString();
}

export const nodeTransport: WebhookTransport = async ({url, headers, body}) => {
  try {
    const answer = await fetch(reachableUrl(url), {method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(10_000)});
    await answer.arrayBuffer();
    return {status: answer.status};
  } catch (error) {
    return {status: null, error: (error as Error).message};
  }
};
