/**
 * What the workflow-steps feature's browser part and its Node part (./index.ts) share: where the step samples of the
 * guides and the workflow pages are served, and what each file holds (src/plugins/workflow-steps/remark.ts writes them: StepSamplesFile).
 * Pure data, in the browser part so that ./client.tsx may import it.
 */
import type {StepRun} from '../../data/workflow-step-run';

/** The folder of the step files, inside the site's generated files, and where the site serves them (content-hashed). */
export const STEP_SAMPLES_FOLDER = 'workflow-steps';
export const STEP_SAMPLES_URL = '/assets/workflow-steps/';

/** The module the pages import the sample component from (./index.ts aliases it to ./client.tsx or ./server.tsx). */
export const STEP_SAMPLE_MODULE = '@novaramp/workflow-step-sample';
/** The component's name in the page. */
export const STEP_SAMPLE_COMPONENT = 'NovarampWorkflowStepSample';

/**
 * One step's file: its samples, each highlighted at build time (the code block's class and its inner HTML), and what
 * its Run button sends and keeps (src/data/workflow-step-run.ts); a workflow page's group of tabs has no `run`.
 */
export interface StepSamples {
  samples: {className: string; html: string}[];
  run?: StepRun;
}

/** The attribute that marks a sample's block in the page: `<file>#<index>`. */
export const STEP_SAMPLE_ATTRIBUTE = 'data-step-sample';

/** The props the page gives the component (MDX attributes: strings). */
export interface StepSampleProps {
  /** The step's file (`<hash>.json`). */
  file: string;
  /** The sample's index in the file. */
  sample: string;
}

/** A step's Run block names its workflow and the URL of its step's file (which holds what the Run sends). */
export const STEP_RUN_WORKFLOW_ATTRIBUTE = 'data-run-workflow';
export const STEP_RUN_URL_ATTRIBUTE = 'data-run-url';

/** The URL of a step's file (`<hash>.json`) on a site served under `baseUrl`. */
export const stepFileUrl = (baseUrl: string, file: string): string => `${baseUrl}${STEP_SAMPLES_URL.slice(1)}${file}`;

/** The id of a step's Run block in the page, for the links that say which step to run first. */
export const stepRunId = (workflow: string, step: string): string => `run-${workflow}-${step}`;

/**
 * A lazy tab's panel (a guide's step, a language not shown first): empty in the page, marked with its sample (the
 * URL of its step's file, `#<index>`); ./client-page.ts fills it when its tab is chosen. After a client-side
 * navigation a sample's component (./client.tsx) renders the same mark for the script to fill.
 */
export const STEP_SAMPLE_SOURCE_ATTRIBUTE = 'data-step-sample-src';

/** The Run button's label, and while the step runs. */
export const runLabel = (step: string): string => `Run step ${step} in the sandbox`;
export const runningLabel = (step: string): string => `Running step ${step}…`;

/** The class of a step's Run block (the button and its answer), which the search index leaves out. */
export const STEP_RUN_CLASS = 'novaramp-step-run';
