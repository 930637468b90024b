/**
 * The workflow steps' static parts in the browser: a Docusaurus client module, so in every page's first-visit JS,
 * and therefore only listeners; what they do loads on first use.
 * - A step's Run button (static markup: ./remark.ts): a click shows it busy, loads ./client-run.tsx (which starts
 *   the browser sandbox and sends the step's request) and renders its answer in the block's live region.
 * - The samples a page marks to load (a sample rendered after a client-side navigation, a lazy tab's panel): filled
 *   by ./client-fill.ts after each navigation (the lifecycle's `onRouteDidUpdate`; a lazy panel once shown) and
 *   when a tab is chosen (src/plugins/static-tabs announces the panel it shows).
 */
import {TAB_SHOWN_EVENT} from '../static-tabs/client-shared';
import {runLabel, runningLabel, STEP_RUN_CLASS, STEP_SAMPLE_SOURCE_ATTRIBUTE} from './client-markup';

const fillMarks = (root: ParentNode) =>
  void import('./client-fill').then(
    (m) => m.fillMarks(root),
    () => undefined, // The chunk did not load (offline): the marks stay, and the next choice tries again.
  );

export function onRouteDidUpdate(): void {
  // A hydrated guide has marks only on its hidden lazy panels: nothing to load until one is chosen.
  if (document.querySelector(`[${STEP_SAMPLE_SOURCE_ATTRIBUTE}]:not([role="tabpanel"][hidden])`)) fillMarks(document);
}

/** Runs the step of `button`'s block: busy (and labelled so) until its answer shows. */
async function run(button: HTMLButtonElement): Promise<void> {
  const block = button.parentElement!;
  const step = block.getAttribute('data-run-step') ?? '';
  const label = button.firstChild as Text;
  button.setAttribute('aria-busy', 'true');
  label.data = runningLabel(step);
  try {
    await (await import('./client-run')).runBlock(block);
  } catch (error) {
    const region = block.querySelector('[aria-live]');
    if (region) region.textContent = `The step could not run: ${(error as Error).message}`;
  } finally {
    button.removeAttribute('aria-busy');
    label.data = runLabel(step);
  }
}

if (typeof document !== 'undefined') {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(`.${STEP_RUN_CLASS} > button`);
    if (button && !button.hasAttribute('aria-busy')) void run(button);
  });
  document.addEventListener(TAB_SHOWN_EVENT, (event) => fillMarks(event.target as HTMLElement));
}
