/**
 * Test-only routes for the browser suite, loaded by docusaurus.config.ts only when NOVARAMP_E2E=1 (the
 * `build:e2e` script, output in build-e2e/). The production build never contains them.
 */
import type {Plugin} from '@docusaurus/types';

export const E2E_ROUTES = {crash: '/__e2e/crash', lazy: '/__e2e/lazy'} as const;

export default function e2ePlugin(): Plugin {
  return {
    name: 'novaramp-e2e-routes',
    async contentLoaded({actions}) {
      actions.addRoute({path: E2E_ROUTES.crash, component: '@site/tests/e2e-site/CrashPage.tsx', exact: true});
      actions.addRoute({path: E2E_ROUTES.lazy, component: '@site/tests/e2e-site/LazyPage.tsx', exact: true});
    },
  };
}
