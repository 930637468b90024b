/**
 * The names the workflow steps' static markup (./remark.ts: a step's Run block, a lazy tab's mark) and the client
 * module that makes it work (./client-page.ts) share. In every page's first-visit JS with that module, so nothing
 * else: the rest of what the browser part shares is ./client-files.ts, which re-exports these.
 */

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
