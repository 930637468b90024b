/**
 * A workflow step's Run button in a guide (issue #47, "Guides you run in the page"), after the step's samples
 * (src/plugins/workflow-steps/remark.ts puts it there). Small, since every guide's first visit carries it: a
 * click loads ./client-run.tsx, which starts the browser sandbox and sends the step's request; the answer (status and
 * body) or the step to run first shows below the button, announced politely. Rendered by SSG as well (a button that
 * does nothing until the page's JS runs).
 */
import React, {useRef, useState, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {STEP_RUN_CLASS, STEP_SAMPLES_URL, stepRunId, type StepRunProps} from './client-files';

export default function WorkflowStepRun({file, workflow, step}: StepRunProps): ReactNode {
  const url = useBaseUrl(`${STEP_SAMPLES_URL}${file}`);
  const baseUrl = useBaseUrl('/');
  const [result, setResult] = useState<ReactNode>();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      setResult(await (await import('./client-run')).runStep({url, baseUrl, workflow, step}));
    } catch (error) {
      setResult(<p>The step could not run: {(error as Error).message}</p>);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return (
    <div id={stepRunId(workflow, step)} data-run-step={step} className={`${STEP_RUN_CLASS} margin-bottom--md`}>
      <button type="button" className="button button--primary button--sm" onClick={run} aria-busy={busy || undefined}>
        {busy ? `Running step ${step}…` : `Run step ${step} in the sandbox`}
      </button>
      <div aria-live="polite" className="margin-top--sm">
        {result}
      </div>
    </div>
  );
}
