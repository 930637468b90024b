/**
 * axe-core run in the page under test. The script is injected once per page and run with `axe.run` in the page
 * itself: @axe-core/playwright's AxeBuilder re-injects the script on every analysis and finishes each run in a new
 * blank page, which made the whole-site check (tests/site/a11y.test.ts) take twice as long for the same results.
 */
import axe, {type AxeResults, type RunOptions} from 'axe-core';
import type {Page} from 'playwright-core';

export interface AxeCheck {
  /** A CSS selector: only what it matches is checked (default: the whole document). */
  include?: string;
  /** Only these rules run (default: every rule). */
  rules?: readonly string[];
}

/** Serious and critical violations, one line each: `label: rule (impact) n× e.g. target — first failure`. */
export async function axeProblems(page: Page, label: string, check: AxeCheck = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: RunOptions = {resultTypes: ['violations'], ...(check.rules && {runOnly: {type: 'rule', values: [...check.rules]}})};
  const results = await page.evaluate(([include, runOptions]) => (window as unknown as {axe: typeof axe}).axe.run(include ?? document, runOptions), [
    check.include ?? null,
    options,
  ] as const);
  return (results as AxeResults).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')} — ${v.nodes[0]?.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
    );
}

/**
 * Waits for the colour transitions running in the page (Infima's links, after a colour-mode switch) to end: axe
 * must see the colours they end on, not one on the way.
 */
export async function colourTransitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
