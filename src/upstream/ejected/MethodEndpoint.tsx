// Ejected from docusaurus-theme-openapi-docs 5.2.0 because no wrapper can add the server URL its server render leaves
// out: the server comes from ./endpoint-server.ts (the operation's first server from the server render on, so the
// endpoint line does not grow on hydration; the try-it form's choice once the panel is open), not from the theme's
// Redux store, which only the try-it panel's chunk loads; QUERY's badge colour and any other method's. The changes are
// marked `NovaRamp:`; covered by tests/site/build.test.ts, tests/site/api-page.test.ts and
// tests/spec/one-process/reference-oas32-dom.test.ts.
/* ============================================================================
 * Copyright (c) Palo Alto Networks
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * ========================================================================== */

import React, { useContext } from "react";

// NovaRamp: the server from our context, not the theme's store (`@theme/ApiItem/hooks`).
import { EndpointServerContext } from "./endpoint-server";

function colorForMethod(method: string) {
  switch (method.toLowerCase()) {
    case "get":
      return "primary";
    case "post":
      return "success";
    case "delete":
      return "danger";
    case "put":
      return "info";
    case "patch":
      return "warning";
    case "head":
      return "secondary";
    case "event":
      return "secondary";
    // NovaRamp: OpenAPI 3.2's QUERY has its own colour (src/css/custom.css), not an unstyled white badge.
    case "query":
      return "query";
    // NovaRamp: any other method (OpenAPI 3.2 `additionalOperations`, such as PURGE) is Infima's neutral badge, not
    // `badge--undefined`, whose white text sat on the endpoint line's pale background (1.07:1).
    default:
      return "secondary";
  }
}

export interface Props {
  method: string;
  path: string;
  context?: "endpoint" | "callback";
}

function MethodEndpoint({ method, path, context }: Props) {
  // NovaRamp: was useTypedSelector((state: any) => state.server.value).
  let serverValue: any = useContext(EndpointServerContext);
  let serverUrlWithVariables = "";

  const renderServerUrl = () => {
    if (context === "callback") {
      return "";
    }

    if (serverValue && serverValue.variables) {
      serverUrlWithVariables = serverValue.url.replace(/\/$/, "");

      Object.keys(serverValue.variables).forEach((variable) => {
        serverUrlWithVariables = serverUrlWithVariables.replace(
          `{${variable}}`,
          serverValue.variables?.[variable].default ?? ""
        );
      });
    }

    if (serverUrlWithVariables.length) {
      return serverUrlWithVariables;
    } else if (serverValue && serverValue.url) {
      return serverValue.url;
    }
  };

  return (
    <>
      <pre className="openapi__method-endpoint">
        <span className={"badge badge--" + colorForMethod(method)}>
          {method === "event" ? "Webhook" : method.toUpperCase()}
        </span>{" "}
        {method !== "event" && (
          <h2 className="openapi__method-endpoint-path">
            {renderServerUrl()}
            {`${path.replace(/{([a-z0-9-_]+)}/gi, ":$1")}`}
          </h2>
        )}
      </pre>
      <div className="openapi__divider" />
    </>
  );
}

export default MethodEndpoint;
