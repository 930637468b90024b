// Wraps the classic CodeBlock so that it, Prism and the extra grammars load when a page first renders one: every
// code block the site builds is highlighted at build time (tools/static-code), so they are no longer part of every
// page's startup (src/plugins/static-code); covered by tests/site/api-page.test.ts.
import React, {lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';

const Highlighted = lazy(() => import('./Highlighted'));

export default function CodeBlock(props: Props): ReactNode {
  return (
    <Suspense
      fallback={
        <pre className="prism-code">
          <code>{props.children}</code>
        </pre>
      }>
      <Highlighted {...props} />
    </Suspense>
  );
}
