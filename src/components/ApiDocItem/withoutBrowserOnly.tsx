/**
 * For the theme's ParamsDetails, RequestSchema and ResponseSchema (src/theme), whose whole output is
 * `<BrowserOnly fallback={<SkeletonLoader />}>{() => <Component {...props} />}</BrowserOnly>` (hook-free): the
 * wrapper calls the theme's component and renders the render function it hands to BrowserOnly, so the reference
 * is in the server HTML instead of a skeleton, with the theme's own code. If a theme update changes that shape,
 * the component renders as shipped and tests/site/budget.test.ts fails on the skeleton.
 */
import {isValidElement, type ReactNode} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';

export function withoutBrowserOnly<P extends object>(Component: (props: P) => ReactNode): (props: P) => ReactNode {
  return function ServerRendered(props: P): ReactNode {
    const element = Component(props);
    if (isValidElement<{children?: unknown}>(element) && element.type === BrowserOnly && typeof element.props.children === 'function') {
      return (element.props.children as () => ReactNode)();
    }
    return element;
  };
}
