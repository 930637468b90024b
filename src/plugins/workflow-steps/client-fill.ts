/**
 * Fills the samples a page marks to load (STEP_SAMPLE_SOURCE_ATTRIBUTE: a lazy tab's panel, or a sample rendered
 * after a client-side navigation) from their step's file in the site's assets (src/plugins/static-reference's
 * `jsonFiles`: each fetched once, the last few kept). Loaded by ./client-page.ts when a page has one to show. The
 * sample is the block the server renders (class, `data-step-sample`, highlighted HTML), so the copy button and the
 * reader's key (src/plugins/sandbox/client-samples-apply.ts, which watches for new blocks) treat it as any other.
 */
import {jsonFiles} from '../static-reference/client-files';
import {STEP_SAMPLE_ATTRIBUTE, STEP_SAMPLE_SOURCE_ATTRIBUTE, type StepSamples} from './client-files';

/** A guide embeds up to a dozen steps; a few guides' worth are kept for going back and forth. */
const files = jsonFiles<StepSamples>(40);

async function fill(mark: HTMLElement): Promise<void> {
  const source = mark.getAttribute(STEP_SAMPLE_SOURCE_ATTRIBUTE);
  if (!source || mark.getAttribute('aria-busy')) return;
  mark.setAttribute('aria-busy', 'true');
  const [url, index] = source.split('#');
  const file = url.slice(url.lastIndexOf('/') + 1);
  const id = `${file}#${index}`;
  // A panel gets the block inside it; a sample's own mark becomes the block.
  const block = mark.getAttribute('role') === 'tabpanel' ? mark.appendChild(document.createElement('div')) : mark;
  try {
    const sample = (await files.load(url)).samples[Number(index)];
    if (!sample) throw new Error(`${file} has no sample ${index}`);
    block.className = sample.className;
    block.setAttribute(STEP_SAMPLE_ATTRIBUTE, id);
    block.innerHTML = sample.html;
  } catch {
    block.className = 'alert alert--warning';
    block.setAttribute('role', 'alert');
    block.textContent = 'This sample could not be loaded: reloading the page may show it.';
  }
  mark.removeAttribute(STEP_SAMPLE_SOURCE_ATTRIBUTE);
  mark.removeAttribute('aria-busy');
}

/**
 * Fills the marks in `root`: every sample's own (rendered after a navigation: hidden or not, as the server renders
 * every panel of a group that is not lazy), and the lazy panels that are shown.
 */
export function fillMarks(root: ParentNode): void {
  const marks = [...root.querySelectorAll<HTMLElement>(`[${STEP_SAMPLE_SOURCE_ATTRIBUTE}]`)];
  if (root instanceof HTMLElement && root.hasAttribute(STEP_SAMPLE_SOURCE_ATTRIBUTE)) marks.push(root);
  for (const mark of marks) if (mark.getAttribute('role') !== 'tabpanel' || !mark.hidden) void fill(mark);
}
