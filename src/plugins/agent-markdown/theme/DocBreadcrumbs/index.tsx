// Wraps the breadcrumbs, which every doc page renders at the top of its content (guides, terminology, category
// pages and the API pages' layout alike), to add the "Copy page" menu beside them and the agent discovery
// (Markdown alternate link, llms.txt directive); covered by tests/site/copy-page.test.ts and markdown.test.ts.
import React, {type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
// relies on: wraps-doc-breadcrumbs
import DocBreadcrumbs from '@theme-init/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type {WrapperProps} from '@docusaurus/types';
import {DocPageTools} from '@site/src/plugins/agent-markdown/components';

export default function DocBreadcrumbsWrapper(props: WrapperProps<typeof DocBreadcrumbsType>): ReactNode {
  return (
    <DocPageTools route={useLocation().pathname}>
      <DocBreadcrumbs {...props} />
    </DocPageTools>
  );
}
