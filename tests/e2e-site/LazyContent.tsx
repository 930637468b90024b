import type {ReactNode} from 'react';

export default function LazyContent(): ReactNode {
  return <h1>Lazy content loaded</h1>;
}
