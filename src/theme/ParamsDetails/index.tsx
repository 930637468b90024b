// Ejected from docusaurus-theme-openapi-docs 5.2.0 only to drop its <BrowserOnly> wrapper, so the
// parameters are server-rendered into the static HTML (crawlers, no-JS readers, Markdown export)
// instead of a skeleton; the rest is the theme's code. Covered by tests/api-page.test.ts.
import React from "react";

import { translate } from "@docusaurus/Translate";
import Details from "@theme/Details";
import ParamsItem from "@theme/ParamsItem";

interface Props {
  parameters: any[];
}

const ParamsDetailsComponent: React.FC<Props> = ({ parameters }) => {
  const types = ["path", "query", "header", "cookie"];

  return (
    <>
      {types.map((type) => {
        const params = parameters?.filter((param: any) => param?.in === type);

        if (!params || params.length === 0) {
          return null;
        }

        const summaryElement = (
          <summary>
            <h3 className="openapi-markdown__details-summary-header-params">
              {translate(
                {
                  id: "theme.openapi.paramsDetails.parametersTitle",
                  message: "{type} Parameters",
                },
                { type: type.charAt(0).toUpperCase() + type.slice(1) }
              )}
            </h3>
          </summary>
        );

        return (
          <Details
            key={type}
            className="openapi-markdown__details"
            style={{ marginBottom: "1rem" }}
            data-collapsed={false}
            open={true}
            summary={summaryElement}
          >
            <ul>
              {params.map((param: any, index: number) => (
                <ParamsItem
                  key={index}
                  className="paramsItem"
                  param={{
                    ...param,
                    enumDescriptions: Object.entries(
                      param?.schema?.["x-enumDescriptions"] ??
                        param?.schema?.items?.["x-enumDescriptions"] ??
                        {}
                    ),
                  }}
                />
              ))}
            </ul>
          </Details>
        );
      })}
    </>
  );
};

const ParamsDetails: React.FC<Props> = (props) => <ParamsDetailsComponent {...props} />;

export default ParamsDetails;
