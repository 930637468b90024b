/**
 * docusaurus-plugin-openapi-docs' `lib/markdown` helpers, which src/plugins/operation-page/generate/page.ts composes an operation page's
 * MDX from, as the plugin's own demo does; they are not exported from the plugin's entry. Contract 'page helpers'.
 */
export {createDeprecationNotice} from 'docusaurus-plugin-openapi-docs/lib/markdown/createDeprecationNotice';
export {createHeading} from 'docusaurus-plugin-openapi-docs/lib/markdown/createHeading';
export {createMethodEndpoint} from 'docusaurus-plugin-openapi-docs/lib/markdown/createMethodEndpoint';
export {createRequestHeader} from 'docusaurus-plugin-openapi-docs/lib/markdown/createRequestHeader';
export {render} from 'docusaurus-plugin-openapi-docs/lib/markdown/utils';
