/**
 * A description from the spec, as the HTML gen:api made of it (tools/reference/prose.ts): the spec's prose reaches
 * the page as text to show, never as MDX to compile.
 */
import React, {type ReactNode} from 'react';

export default function SpecProse({html}: {html: string}): ReactNode {
  return <div className="openapi__description" dangerouslySetInnerHTML={{__html: html}} />;
}
