/**
 * The webhook endpoint the docs and the workflows register, `https://hooks.acme-wallet.example/novaramp`, played by
 * the tests: a reader following the webhook guide has an endpoint of their own that answers 2xx, and an `.example`
 * host is never reachable, so a sandbox the tests start delivers to it through this transport (every event
 * acknowledged with 204) and sends every other delivery as usual.
 */
import type {WebhookTransport} from '../../src/plugins/sandbox/engine';
import {nodeTransport} from '../../src/plugins/sandbox/node/transport';

export const DOCS_ENDPOINT_HOST = 'hooks.acme-wallet.example';

export const docsEndpointTransport: WebhookTransport = (request) =>
  new URL(request.url).hostname === DOCS_ENDPOINT_HOST ? Promise.resolve({status: 204}) : nodeTransport(request);
