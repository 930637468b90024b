/** A page whose content is a lazily loaded chunk, shown through the theme's Loading component (error → Retry). */
import Layout from '@theme/Layout';
import Loading from '@theme/Loading';
import type {ReactNode} from 'react';
import Loadable from 'react-loadable';

const LazyContent = Loadable({
  loader: () => import(/* webpackChunkName: "e2e-lazy-content" */ './LazyContent'),
  loading: Loading,
});

export default function LazyPage(): ReactNode {
  return (
    <Layout title="Lazy content test">
      <main className="container margin-vert--lg">
        <LazyContent />
      </main>
    </Layout>
  );
}
