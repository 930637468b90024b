/**
 * An operation page's MDX, composed the way docusaurus-plugin-openapi-docs' own demo composes one: the plugin's
 * `lib/markdown` helpers write the heading, the method and path, the deprecation notice and the "Request" heading;
 * the description and the reference are the model's static HTML (tools/reference), passed to components as string
 * props, so nothing from the spec is ever compiled as MDX. Front matter: what Docusaurus and the page's own code read
 * (the route pinned by `x-doc-slug`, a plain-text meta description, the sidebar label and class, the servers the
 * endpoint line starts with, the try-it panel's file).
 */
import {stringify} from 'yaml';
// relies on: sidebar-deprecated-class
import {MENU_LIST_ITEM_DEPRECATED} from '../../../upstream/docusaurus-markup';
// relies on: page-helpers
import {createDeprecationNotice, createHeading, createMethodEndpoint, createRequestHeader, render} from '../../../upstream/openapi-markdown';
import type {OperationModel} from '../../../../tools/reference/model';
import {proseText} from '../../../../tools/reference/prose';

/** Every operation page exports the component that renders it (src/plugins/operation-page/components picks it up). */
export const API_PAGE_EXPORT = "export {default as ApiPage} from '@site/src/plugins/operation-page/components/ApiPage';";

/**
 * The notice on the page of an operation marked `x-sandbox-only` (the simulations), defined here only: the stock
 * pages of `npm run bench -- --stock` (src/plugins/operation-page/generate/api.mustache) are the OpenAPI plugin's own and go without it.
 */
const SANDBOX_ONLY_NOTICE = `:::caution[Sandbox only]

This operation exists only in the [sandbox](/docs/api/sandbox-environment) (\`https://api.sandbox.novaramp.example/v1\`) and on the local mock server (\`npm run mock\`). It simulates what a bank, a blockchain or a reviewer would do; production answers \`404 resource_not_found\`.

:::`;

/** A meta description: the description's first sentence as plain text, at most about 160 characters. */
export function metaDescription(model: OperationModel): string {
  const text = proseText(model.description ?? model.summary ?? '');
  const sentence = /^(.{20,}?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
  if (sentence.length <= 160) return sentence;
  const cut = sentence.slice(0, 157);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 100))}…`;
}

/** The operation fields a page knows it by (the plugin's `api` object). */
export interface PageOperation {
  method?: string;
  path?: string;
  operationId?: string;
  deprecated?: boolean;
  'x-doc-slug'?: string;
  'x-sunset'?: string;
}

export interface PageInput {
  model: OperationModel;
  /** The page's doc id within its folder (the file name without `.api.mdx`). */
  id: string;
  /** The route below /docs (`/api/fiat/withdraw-fiat`). */
  slug: string;
  /** The operation's static reference file (src/data/static-reference.ts) and its try-it file. */
  referenceFile: string;
  tryItFile?: string;
  /** The description as HTML (tools/reference/prose.ts). */
  descriptionHtml: string;
  /** The release badges line (the changelog's, src/plugins/changelog/release-badges.ts), MDX, or empty. */
  badges: string;
  /** The highlighted code samples the page exports. */
  codeSamples: unknown[];
  /** The "Used in workflows" line (src/plugins/workflow-steps/generate/pages.ts, MDX), or empty. */
  workflowUses?: string;
}

/** The MDX of one operation page. */
export function pageMdx({model, id, slug, referenceFile, tryItFile, descriptionHtml, badges, codeSamples, workflowUses}: PageInput): string {
  const webhook = model.kind === 'webhook';
  const method = webhook ? 'event' : model.method;
  const title = model.summary ?? model.operationId;
  const front = {
    id,
    title,
    description: metaDescription(model),
    sidebar_label: title,
    slug,
    hide_title: true,
    hide_table_of_contents: true,
    // What the page needs before the try-it panel opens: the endpoint line's servers (the panel's file has the rest).
    api: {
      method,
      path: model.path,
      operationId: model.operationId,
      servers: model.servers.map(({url, description, variables, internal}) => ({
        url,
        ...(description ? {description} : {}),
        ...(variables.length ? {variables: Object.fromEntries(variables.map((v) => [v.name, {default: v.default, ...(v.enum ? {enum: v.enum} : {})}]))} : {}),
        'x-internal': internal,
      })),
    },
    reference_file: referenceFile,
    ...(tryItFile ? {try_it: tryItFile} : {}),
    sidebar_class_name: `${method} api-method${model.deprecated ? ` ${MENU_LIST_ITEM_DEPRECATED}` : ''}`,
    custom_edit_url: null,
  };
  const body = render([
    createHeading(title),
    badges ? `${badges}\n\n` : undefined,
    createMethodEndpoint(method, webhook ? model.path : model.path),
    model.extensions['x-sandbox-only'] === true ? `${SANDBOX_ONLY_NOTICE}\n\n` : undefined,
    model.deprecated ? `${createDeprecationNotice({deprecated: true, description: undefined})}\n\n` : undefined,
    descriptionHtml ? `\n\n<SpecProse html={${JSON.stringify(descriptionHtml)}} />\n\n` : undefined,
    workflowUses ? `${workflowUses}\n\n` : undefined,
    model.parameters.length || model.requestBody ? createRequestHeader('Request') : undefined,
    `<StaticReference file=${JSON.stringify(referenceFile)} />\n`,
  ]);
  return [
    '---',
    stringify(front, {lineWidth: 0}).trimEnd(),
    '---',
    '',
    API_PAGE_EXPORT,
    `export const codeSamples = ${JSON.stringify(codeSamples)};`,
    '',
    // relies on: page-helpers
    "import MethodEndpoint from '@theme/ApiExplorer/MethodEndpoint';",
    "import Heading from '@theme/Heading';",
    "import Translate from '@docusaurus/Translate';",
    "import ReleaseLink from '@docusaurus/Link';",
    "import SpecProse from '@site/src/plugins/operation-page/components/SpecProse';",
    "import StaticReference from '@site/src/plugins/static-reference/components/StaticReference';",
    '',
    body,
  ].join('\n');
}
