// Wraps the OpenAPI theme's ResponseSchema to render the response schemas and examples on the server instead of a <BrowserOnly>
// skeleton (how: src/components/ApiDocItem/withoutBrowserOnly.tsx); covered by tests/site/budget.test.ts.
import ResponseSchema from '@theme-original/ResponseSchema';
import {withoutBrowserOnly} from '@site/src/components/ApiDocItem/withoutBrowserOnly';

export default withoutBrowserOnly(ResponseSchema);
