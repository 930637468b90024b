/**
 * The workflow steps' static parts in the browser, loaded with the sample component (./client.tsx imports this for
 * its effect): in the page module of every page that shows step samples (the guides with Run buttons among them),
 * not in every page's JS as a client module would be. Listeners on the document; what they do loads on first use.
 * - A step's Run button (static markup: ./remark.ts): a click shows it busy, loads ./client-run.tsx (which starts
 *   the browser sandbox and sends the step's request) and renders its answer in the block's live region.
 * - The samples a page marks to load (a lazy tab's panel, a sample rendered after a client-side navigation): filled
 *   by ./client-fill.ts when a tab is chosen (src/plugins/static-tabs announces the panel it shows), or by the
 *   sample's component when it mounts.
 */
import {TAB_SHOWN_EVENT} from '../static-tabs/client-shared';
import {runLabel, runningLabel, STEP_RUN_CLASS} from './client-files';

/** Fills the marks in `root` (./client-fill.ts, loaded on first use). */
export const fillMarks = (root: ParentNode): void =>
  void import('./client-fill').then(
    (m) => m.fillMarks(root),
    () => undefined, // The chunk did not load (offline): the marks stay, and the next choice tries again.
  );

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
