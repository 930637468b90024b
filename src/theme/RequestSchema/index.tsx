// Wraps the OpenAPI theme's RequestSchema to render the request body schema and examples on the server instead of a <BrowserOnly>
// skeleton (how: src/components/ApiDocItem/withoutBrowserOnly.tsx); covered by tests/site/budget.test.ts.
import RequestSchema from '@theme-original/RequestSchema';
import {withoutBrowserOnly} from '@site/src/components/ApiDocItem/withoutBrowserOnly';

export default withoutBrowserOnly(RequestSchema);
