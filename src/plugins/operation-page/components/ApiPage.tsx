/**
 * An operation page: the OpenAPI theme's ApiItem layout (the same left column rendered from the generated MDX, whose
 * reference part is static HTML made at generation time: tools/reference/html.tsx), but the right column shows the
 * code samples generated and highlighted at build time (src/plugins/operation-page/generate/code-samples.ts) as static HTML, and the
 * try-it panel, with the theme's Redux store its forms share, loads on first use with the operation's try-it file
 * (src/plugins/operation-page/generate/try-it.ts): the page's own JS carries only what the endpoint line shows, and no Redux.
 * Why not the theme's ApiItem: it renders the right column only in the browser (a skeleton in the HTML), imports the
 * snippet generators eagerly and makes its store on every page.
 */
import React, {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {DocProvider} from '@docusaurus/plugin-content-docs/client';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';
import Metadata from '@theme/DocItem/Metadata';
import type {Props} from '@theme/DocItem';
import type {Operation} from '@site/src/data/operation';
import {EndpointServerContext, type EndpointServer} from '@site/src/upstream/ejected/endpoint-server';
// relies on: theme-modules-of-the-operation-page
import {ApiItemLayout as Layout} from '@site/src/upstream/openapi-theme/page-layout';
import CodeSamples, {type CodeSampleHtml} from './CodeSamples';
import TryIt from './TryIt';

export default function ApiPage(props: Props): ReactNode {
  const MDXComponent = props.content;
  const {api, try_it: tryItFile} = MDXComponent.frontMatter as {api: Operation; try_it?: string};
  // Exported by the generated page (src/plugins/operation-page/generate/page.ts). relies on: mdx-named-exports
  const codeSamples = (MDXComponent as unknown as {codeSamples?: CodeSampleHtml[]}).codeSamples ?? [];
  // The endpoint line's server: the first one in the HTML and on hydration (no change under the visitor's eyes: the
  // line wraps on a phone), then the one the try-it form selects, which may be the visitor's earlier choice.
  const [server, setServer] = useState<EndpointServer | undefined>(api.servers?.[0]);
  return (
    <DocProvider content={props.content}>
      {/* relies on: doc-id-class */}
      <HtmlClassNameProvider className={`docs-doc-id-${props.content.metadata.id}`}>
        <Metadata />
        <Layout>
          <EndpointServerContext value={server}>
            {/* relies on: openapi-page-columns */}
            <div className={clsx('row', 'theme-api-markdown')}>
              {/* relies on: openapi-page-columns */}
              <div className="col col--7 openapi-left-panel__container">
                <MDXComponent />
              </div>
              {/* relies on: openapi-page-columns */}
              <div className="col col--5 openapi-right-panel__container">
                {api.method !== 'event' && <CodeSamples samples={codeSamples} />}
                <TryIt api={api} file={tryItFile} onServer={setServer} />
              </div>
            </div>
          </EndpointServerContext>
        </Layout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}
