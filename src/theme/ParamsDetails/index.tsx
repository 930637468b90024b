// Wraps the OpenAPI theme's ParamsDetails to render the parameters on the server instead of a <BrowserOnly>
// skeleton (how: src/components/ApiDocItem/withoutBrowserOnly.tsx); covered by tests/site/budget.test.ts.
import ParamsDetails from '@theme-original/ParamsDetails';
import {withoutBrowserOnly} from '@site/src/components/ApiDocItem/withoutBrowserOnly';

export default withoutBrowserOnly(ParamsDetails);
