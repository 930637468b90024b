/** The OpenAPI theme's own try-it forms (authorization, parameters and body, response) for one operation. */
import React, {type ReactNode} from 'react';
import type {Operation} from '@site/src/data/operation';
import {Request, Response, SecuritySchemes} from '@site/src/upstream/openapi-theme/try-it';

export default function TryItPanel({api}: {api: Operation}): ReactNode {
  return (
    <div className="novaramp-try-it-panel">
      <SecuritySchemes infoPath={undefined as never} />
      <Request item={api as never} />
      <Response item={api as never} />
    </div>
  );
}
