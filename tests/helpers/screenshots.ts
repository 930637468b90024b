/**
 * Screenshot comparison against committed baselines (tests/site/screenshots.test.ts). Why: the site's look comes from
 * several stylesheets (Infima, the classic theme, the OpenAPI theme's for try-it, the reference's own, ours), and a
 * change in any of them — ours or an upstream minor — can change every page at once while every other test still
 * reads the right text and classes back. A picture per page, colour mode and viewport makes such a change visible
 * before it lands; a change made on purpose is accepted by rewriting the baselines (`NOVARAMP_UPDATE_SCREENSHOTS=1`).
 */
import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import {PNG} from 'pngjs';
import type {Page, PageScreenshotOptions} from 'playwright-core';

/** Set to 1 to write the screenshots taken as the new baselines instead of comparing with them. */
export const UPDATE_SCREENSHOTS = process.env.NOVARAMP_UPDATE_SCREENSHOTS === '1';

/** Where a failed comparison writes the screenshot taken and the difference image. */
export const SCREENSHOT_FAILURES_DIR = path.resolve('.tmp/screenshots');

/**
 * How far two pictures may differ and still be the same look.
 * - `threshold` 0.1 (pixelmatch's default): the colour distance (YIQ, 0–1) under which two pixels count as equal. A
 *   colour change a reader can see is far above it (#c4151c → #1565c0 on the `required` label: 171–582 pixels).
 * - anti-aliased pixels are not counted (pixelmatch's `includeAA: false`): the edge pixels of glyphs and rounded
 *   borders are what another rasteriser build shifts first.
 * - no other pixel may differ (MAX_DIFFERENT_PIXELS): the same look in the same Chromium gave identical pictures in
 *   every run (52 pictures, five runs, two builds: 0 pixels), while a rule one pixel shorter (a row's divider) changed
 *   only 2 to 6 pixels of a picture, which any budget would hide.
 */
export const PIXEL_THRESHOLD = 0.1;
export const MAX_DIFFERENT_PIXELS = 0;

/** Stylesheet added before a screenshot: no animation or transition halfway, no blinking caret. */
const STILL_CSS = `*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }`;

/**
 * Waits until the page shows what it will keep showing: web fonts loaded, the images in the viewport decoded, no
 * animation running; then takes screenshots (of the viewport, or of `clip` in it) until two in a row are the same bytes (a late layout or a scroll
 * handler's re-render would otherwise be caught halfway).
 */
export async function stableScreenshot(page: Page, clip?: PageScreenshotOptions['clip']): Promise<Buffer> {
  await page.addStyleTag({content: STILL_CSS});
  await page.evaluate(async () => {
    await document.fonts.ready;
    const inView = [...document.images].filter((img) => {
      const r = img.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
    });
    await Promise.all(inView.map((img) => img.decode().catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const shoot = () => page.screenshot({animations: 'disabled', caret: 'hide', clip});
  let previous = await shoot();
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.waitForTimeout(100);
    const next = await shoot();
    if (next.equals(previous)) return next;
    previous = next;
  }
  throw new Error('the page kept changing: five screenshots in a row differed');
}

export interface Comparison {
  /** Pixels that differ beyond the threshold (anti-aliasing not counted), or -1 when the sizes differ. */
  different: number;
  width: number;
  height: number;
}

/** The pixel difference between two PNGs, and the difference image when `diffFile` is given. */
export function comparePngs(actual: Buffer, expected: Buffer, diffFile?: string): Comparison {
  const a = PNG.sync.read(actual);
  const e = PNG.sync.read(expected);
  if (a.width !== e.width || a.height !== e.height) return {different: -1, width: a.width, height: a.height};
  const diff = new PNG({width: a.width, height: a.height});
  const different = pixelmatch(a.data, e.data, diff.data, a.width, a.height, {threshold: PIXEL_THRESHOLD, includeAA: false});
  if (diffFile && different > 0) fs.writeFileSync(diffFile, PNG.sync.write(diff));
  return {different, width: a.width, height: a.height};
}

/** A PNG re-encoded at the highest compression: the baselines are committed, so they are kept small. */
const compact = (png: Buffer): Buffer => PNG.sync.write(PNG.sync.read(png), {deflateLevel: 9});

/**
 * Compares `actual` with the baseline `<dir>/<name>.png` and throws, naming the files to look at, when they differ
 * by more than MAX_DIFFERENT_PIXELS; with NOVARAMP_UPDATE_SCREENSHOTS=1 (or no baseline yet: then it fails, so a
 * missing baseline is never a silent pass) writes `actual` as the baseline.
 */
export function matchBaseline(actual: Buffer, dir: string, name: string): Comparison {
  const baseline = path.join(dir, `${name}.png`);
  if (UPDATE_SCREENSHOTS || !fs.existsSync(baseline)) {
    const existed = fs.existsSync(baseline);
    fs.mkdirSync(dir, {recursive: true});
    fs.writeFileSync(baseline, compact(actual));
    if (!UPDATE_SCREENSHOTS && !existed) throw new Error(`${baseline} did not exist: written now from this run; look at it, commit it, run again`);
    return {different: 0, width: 0, height: 0};
  }
  fs.mkdirSync(SCREENSHOT_FAILURES_DIR, {recursive: true});
  const actualFile = path.join(SCREENSHOT_FAILURES_DIR, `${name}.actual.png`);
  const diffFile = path.join(SCREENSHOT_FAILURES_DIR, `${name}.diff.png`);
  fs.rmSync(actualFile, {force: true});
  fs.rmSync(diffFile, {force: true});
  const result = comparePngs(actual, fs.readFileSync(baseline), diffFile);
  if (result.different === -1 || result.different > MAX_DIFFERENT_PIXELS) {
    fs.writeFileSync(actualFile, actual);
    const what = result.different === -1 ? `its size is ${result.width}×${result.height}, the baseline's is not` : `${result.different} pixels differ`;
    throw new Error(
      `${name}: ${what} (anti-aliasing aside, at most ${MAX_DIFFERENT_PIXELS} may). Compare ${path.relative(process.cwd(), baseline)} with ` +
        `${path.relative(process.cwd(), actualFile)}` +
        (result.different > 0 ? ` (differences in red: ${path.relative(process.cwd(), diffFile)})` : '') +
        `; if the change is meant, rewrite the baselines with NOVARAMP_UPDATE_SCREENSHOTS=1 (contributing/testing.md).`,
    );
  }
  return result;
}
