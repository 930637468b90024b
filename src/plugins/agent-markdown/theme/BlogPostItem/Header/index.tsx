// Wraps a blog post's header to add, on the post's own page (the lists of posts have no Markdown copy:
// ROUTES_WITHOUT_MARKDOWN), the "Copy page" menu and the agent discovery (Markdown alternate link, llms.txt directive) above its
// title; covered by tests/site/copy-page.test.ts and markdown.test.ts.
import React, {type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
// relies on: wraps-blog-post-header
import Header from '@theme-init/BlogPostItem/Header';
import type HeaderType from '@theme/BlogPostItem/Header';
import type {WrapperProps} from '@docusaurus/types';
import {AgentDiscovery, CopyPage} from '@site/src/plugins/agent-markdown/components';
import {hasMarkdownCopy} from '@site/src/data/agent-docs';

type Props = WrapperProps<typeof HeaderType>;

export default function BlogPostItemHeaderWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  if (!hasMarkdownCopy(pathname)) return <Header {...props} />;
  return (
    <>
      <CopyPage route={pathname} />
      <AgentDiscovery route={pathname} />
      <Header {...props} />
    </>
  );
}
