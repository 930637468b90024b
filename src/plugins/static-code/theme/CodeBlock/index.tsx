// Wraps the classic CodeBlock so that in the browser it, Prism and the extra grammars load when something first renders
// one (the try-it panel, a spec description's code): every code block of the docs is either highlighted at build time
// or imports the classic one itself (src/plugins/static-code), so they are no longer part of every page's startup
// (src/plugins/static-code). The server bundle renders it directly: a Suspense boundary on the server is streamed as a
// hidden segment once the page is large. Covered by tests/site/api-page.test.ts.
import React, {lazy, Suspense, type ComponentType, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';

const Highlighted = lazy(() => import('./Highlighted'));

const ServerCodeBlock: ComponentType<Props> | undefined = process.env.NOVARAMP_SERVER_BUNDLE
  ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- the server bundle needs it at once, not lazily
    (require('./Highlighted') as {default: ComponentType<Props>}).default
  : undefined;

export default function CodeBlock(props: Props): ReactNode {
  if (ServerCodeBlock) return <ServerCodeBlock {...props} />;
  return (
    <Suspense
      fallback={
        // relies on: classic-code-block-markup
        <pre className="prism-code">
          <code>{props.children}</code>
        </pre>
      }>
      <Highlighted {...props} />
    </Suspense>
  );
}
