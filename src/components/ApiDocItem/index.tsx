/**
 * The docs item component (`docItemComponent` in docusaurus.config.ts), a thin switch in front of the
 * OpenAPI theme. Why: with `@theme/ApiItem` itself as the docs item component, every doc page (guides
 * included) downloads the theme's try-it machinery, a ~1.7 MB gzip chunk (postman-code-generators,
 * postman-collection, faker). Here guides and other plain docs render with the classic `@theme/DocItem`,
 * and operation pages load `./ApiPage` as a separate chunk; it is still server-rendered (React SSR waits
 * for lazy components), so the static HTML has the whole reference. Covered by tests/api-page.test.ts
 * and tests/budget.test.ts.
 */
import React, {lazy, Suspense, type ReactNode} from 'react';
import DocItem from '@theme/DocItem';
import type {Props} from '@theme/DocItem';

const ApiPage = lazy(() => import('./ApiPage'));

export default function ApiDocItem(props: Props): ReactNode {
  const frontMatter = props.content.frontMatter as {api?: unknown};
  if (!frontMatter.api) return <DocItem {...props} />;
  return (
    <Suspense fallback={null}>
      <ApiPage {...props} />
    </Suspense>
  );
}
