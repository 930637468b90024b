// The OpenAPI theme's MethodEndpoint, ejected: the copy and why are in the seam (src/upstream/ejected/MethodEndpoint.tsx).
// relies on: endpoint-line
export {default} from '@site/src/upstream/ejected/MethodEndpoint';
export type {Props} from '@site/src/upstream/ejected/MethodEndpoint';
