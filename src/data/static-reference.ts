/**
 * The static reference of the operation pages (parameters, request body, responses: HTML rendered while `gen:api`
 * writes the pages, tools/reference/html.tsx) lives in files of its own beside the generated pages,
 * named by a hash of their content, instead of inside the pages' JS modules (src/plugins/static-reference says why).
 * Pure data: the generator, the plugin, the page component and the tests read it.
 */

/** The folder of the reference files, inside the generated pages' folder (so gen:api brings them in with the pages). */
export const REFERENCE_HTML_FOLDER = 'reference';

/** Where the site serves them (the build's `assets/`, whose content-hashed files hosts cache for a year). */
export const REFERENCE_HTML_URL = '/assets/reference/';

/**
 * A reference file's name: the first 16 hex digits of the SHA-256 of its content. JSON (`{"html": "…"}`), not
 * `.html`: it is part of a page, not one, and hosts (and `npm run serve`) redirect `x.html` to `x`.
 */
export const REFERENCE_FILE_NAME = /^[0-9a-f]{16}\.json$/;

/**
 * What a reference file holds: the reference's HTML with the contents of its hidden tab panels (every status code but
 * the first, every example behind its schema) left out, and those contents. Each panel left empty carries
 * `data-deferred="<index into deferred>"`; the page fills it when its tab is first selected. Why: the hidden panels
 * were three quarters of an operation page's elements, all parsed and styled before the first paint, seen by nobody
 * who does not switch tabs.
 */
export interface ReferenceFile {
  html: string;
  deferred: string[];
}

/** The attribute of a tab panel whose contents are in the file's `deferred` (its value is their index). */
export const DEFERRED_ATTRIBUTE = 'data-deferred';

/** The whole reference, every panel filled: what the page shows once every tab has been selected. */
export function fullReferenceHtml({html, deferred}: ReferenceFile): string {
  // A deferred part may hold deferred parts itself (a hidden tab panel inside the body of a closed <details>).
  const marker = new RegExp(` ${DEFERRED_ATTRIBUTE}="(\\d+)">`, 'g');
  let full = html;
  for (let depth = 0; marker.test(full) && depth < 50; depth++) full = full.replace(marker, (_, index: string) => `>${deferred[Number(index)]}`);
  return full;
}

/** The element that holds an operation page's reference (src/plugins/static-reference/components/StaticReference.tsx). */
export const STATIC_REFERENCE_CLASS = 'novaramp-reference';

/**
 * The folder of the try-it panels' files (one per operation, named by a hash of their content), beside the reference
 * folder, served at TRY_IT_URL: what the OpenAPI theme's request form needs (parameters and body as JSON Schema, the
 * Postman request, the security schemes), fetched when the panel opens instead of carried in every page's JS.
 */
export const TRY_IT_FOLDER = 'try-it';
export const TRY_IT_URL = '/assets/try-it/';

/**
 * The folder of the components shown apart (tools/reference, SchemaRef: where an operation reaches more schemas than a
 * page shows, the deeper ones open one click away), served at COMPONENT_URL. Stable names, one per API, direction
 * and component, so that every page that shows a component loads the same file; not under /assets/, since the name
 * does not change with the content (hosts revalidate them).
 */
export const COMPONENT_FOLDER = 'components';
export const COMPONENT_URL = '/reference/components/';

/** The file of a component shown apart: `<api>/<request|response>/<name>-<hash of its pointer>.json`. */
export function componentFileName(api: string, direction: string, ref: string): string {
  const name = (ref.split('/').pop() ?? 'schema').replace(/~1/g, '/').replace(/~0/g, '~');
  let hash = 0;
  for (const char of ref) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return `${api}/${direction}/${name.replace(/[^A-Za-z0-9_.-]+/g, '_')}-${hash.toString(16).padStart(8, '0')}.json`;
}

/** The attribute of a `<details>` whose content is a component's file (filled when it is first opened). */
export const COMPONENT_FILE_ATTRIBUTE = 'data-schema-file';

/** The class of a reference `<details>`'s content, where a component shown apart is put when it is loaded. */
export const REFERENCE_DETAILS_CONTENT_CLASS = 'novaramp-ref-details__content';

/** gen:api's list of the root-relative links of the spec's prose (`{route, href, at}[]`), checked after the build. */
export const LINKS_FILE = 'links.json';

/**
 * The reference models of the operations and components, beside the pages, published at MODEL_URL
 * (`<operationId>.json`, `components/<component file>`): the Markdown copies and the MCP server read them; an agent
 * may too.
 */
export const MODEL_FOLDER = 'models';

/**
 * The file of an operation's model (and of its code samples' sources) in its folder: `<api>/<operationId>.json`, the
 * operationId percent-encoded (real specs have operationIds with `/` in them, and two APIs may share one).
 */
export const operationFileName = (api: string, operationId: string): string => `${api}/${encodeURIComponent(operationId)}.json`;
export const MODEL_URL = '/reference/models/';
