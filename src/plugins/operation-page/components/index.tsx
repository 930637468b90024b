/**
 * The docs item component (`docItemComponent` in docusaurus.config.ts), a thin switch in front of the
 * OpenAPI theme. Why: with `@theme/ApiItem` itself as the docs item component, every doc page (guides
 * included) downloads the theme's try-it machinery, its largest chunk by far (postman-code-generators,
 * postman-collection, faker). Here guides and other plain docs render with the classic `@theme/DocItem`;
 * an operation page renders with `./ApiPage`, which the generated page exports itself
 * (src/plugins/operation-page/generate/code-samples.ts, API_PAGE_EXPORT), so it arrives with the page's content chunk: no lazy
 * loading, no Suspense boundary, the whole reference in the static HTML. Covered by tests/site/api-page.test.ts
 * and tests/site/budget.test.ts.
 */
import React, {type ReactNode} from 'react';
import DocItem from '@theme/DocItem';
import type {Props} from '@theme/DocItem';
import type ApiPageComponent from './ApiPage';

export default function ApiDocItem(props: Props): ReactNode {
  // relies on: mdx-named-exports
  const content = props.content as Props['content'] & {frontMatter: {api?: unknown}; ApiPage?: typeof ApiPageComponent};
  if (!content.frontMatter.api || !content.ApiPage) return <DocItem {...props} />;
  const {ApiPage} = content;
  return <ApiPage {...props} />;
}
