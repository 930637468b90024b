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

/** The module the guides import the Run button from (the same in the server and the browser), and its name. */
export const STEP_RUN_MODULE = '@site/src/plugins/workflow-steps/client-run-button';
export const STEP_RUN_COMPONENT = 'NovarampWorkflowStepRun';

/** The Run button's props (MDX attributes). */
export interface StepRunProps {
  /** The step's file (`<hash>.json`), which holds what the Run sends. */
  file: string;
  workflow: string;
  step: string;
}

/** The class of a step's Run block (the button and its answer), which the search index leaves out. */
export const STEP_RUN_CLASS = 'novaramp-step-run';

/** The id of a step's Run block in the page, for the links that say which step to run first. */
export const stepRunId = (workflow: string, step: string): string => `run-${workflow}-${step}`;
