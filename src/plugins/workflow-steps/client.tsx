/**
 * `@novaramp/workflow-step-sample` in the browser (./index.ts): one code sample of a workflow step a guide embeds
 * or a workflow page shows. When React hydrates a server-rendered page, the sample's HTML is the page's own (read
 * from it, so hydration keeps it as it is). After a client-side navigation it renders the mark of a sample to load
 * (STEP_SAMPLE_SOURCE_ATTRIBUTE) and has ./client-fill.ts fill it from the step's file, as a lazy tab's panel is
 * filled: the fetching is in that chunk, loaded on first use. Importing ./client-page.ts brings the listeners of
 * the Run buttons and lazy panels with the pages that have them.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {STEP_SAMPLE_ATTRIBUTE, STEP_SAMPLE_SOURCE_ATTRIBUTE, stepFileUrl, type StepSampleProps} from './client-files';
import {fillMarks} from './client-page';

export default function WorkflowStepSample({file, sample}: StepSampleProps): ReactNode {
  const id = `${file}#${sample}`;
  const baseUrl = useBaseUrl('/');
  // Read once: the first render is the hydration's, when the page still holds the server's HTML.
  const [served] = useState(() => document.querySelector(`[${STEP_SAMPLE_ATTRIBUTE}="${id}"]`));
  const mark = useRef<HTMLDivElement>(null);
  useEffect(() => void (mark.current && fillMarks(mark.current)), []);
  if (!served) return <div ref={mark} {...{[STEP_SAMPLE_SOURCE_ATTRIBUTE]: `${stepFileUrl(baseUrl, file)}#${sample}`}} />;
  return <div className={served.className} {...{[STEP_SAMPLE_ATTRIBUTE]: id}} dangerouslySetInnerHTML={{__html: served.innerHTML}} />;
}
