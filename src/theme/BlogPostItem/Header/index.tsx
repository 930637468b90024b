// Wraps a blog post's header to add, on the post's own page (not in the lists of posts, which have no Markdown
// copy), the "Copy page" menu and the agent discovery (Markdown alternate link, llms.txt directive) above its
// title; covered by tests/site/copy-page.test.ts and markdown.test.ts.
import React, {type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import Header from '@theme-original/BlogPostItem/Header';
import type HeaderType from '@theme/BlogPostItem/Header';
import type {WrapperProps} from '@docusaurus/types';
import {AgentDiscovery, CopyPage} from '@site/src/components/AgentDocs';

type Props = WrapperProps<typeof HeaderType>;

export default function BlogPostItemHeaderWrapper(props: Props): ReactNode {
  const {isBlogPostPage} = useBlogPost();
  const {pathname} = useLocation();
  if (!isBlogPostPage) return <Header {...props} />;
  return (
    <>
      <CopyPage route={pathname} />
      <AgentDiscovery route={pathname} />
      <Header {...props} />
    </>
  );
}
