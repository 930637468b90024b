/** A page whose content throws while rendering in the browser, until sessionStorage says it may recover. */
import Layout from '@theme/Layout';
import type {ReactNode} from 'react';

export const RECOVER_KEY = 'e2e-crash-may-recover';

function Thrower(): ReactNode {
  if (typeof window !== 'undefined' && window.sessionStorage.getItem(RECOVER_KEY) !== 'yes') {
    throw new Error('Deliberate crash for the browser test');
  }
  return <h1>Recovered after Try again</h1>;
}

export default function CrashPage(): ReactNode {
  return (
    <Layout title="Crash test">
      <main className="container margin-vert--lg">
        <Thrower />
      </main>
    </Layout>
  );
}
