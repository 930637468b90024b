/** The site's Root, plus the server-rendered title held while the page hydrates (why: ../../index.ts). */
import React, {type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import Head from '@docusaurus/Head';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Root from '@theme-init/Root';

// Read when the main bundle runs, before hydration starts: still the <title> of the static HTML. A `%s` in it
// would be taken for the template's placeholder: such a page goes without the hold.
const serverTitle = ExecutionEnvironment.canUseDOM && !document.title.includes('%s') ? document.title : undefined;

export default function RootHoldingServerTitle({children}: {children: ReactNode}): ReactNode {
  const hydrated = useIsBrowser();
  return (
    <>
      {/* relies on: hydration-in-transition */}
      {!hydrated && serverTitle && <Head titleTemplate={serverTitle}>{null}</Head>}
      <Root>{children}</Root>
    </>
  );
}
