/**
 * The server the endpoint line shows (./MethodEndpoint.tsx): the operation's first server in the HTML, the one the
 * visitor picks in the try-it form once the panel is open (src/plugins/operation-page/components/ApiPage.tsx provides it). The
 * theme's MethodEndpoint reads it from the try-it Redux store instead; a context lets the operation page leave that
 * store, and Redux with it, to the try-it panel's chunk. Not a reliance: our own context, kept beside the ejected copy
 * that reads it because the seam imports nothing outside itself.
 */
import {createContext} from 'react';

export interface EndpointServer {
  url: string;
  variables?: Record<string, {default?: string} | undefined>;
}

export const EndpointServerContext = createContext<EndpointServer | undefined>(undefined);
