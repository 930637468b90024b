/**
 * Route prefetching at idle time. Docusaurus' Link prefetches the chunks of every link that comes into view, in the
 * intersection-observer callback after the page's first frames: matching each link's route against the whole route
 * table and adding a `<link rel="prefetch">` per chunk, for every visible link at once (dozens in a docs sidebar), in
 * one task on the main thread while the page is still loading. Here those prefetches wait in a queue that idle
 * callbacks work through in short slices; hovering or focusing a link (`preload`) still loads its route at once, and
 * slow or save-data connections still prefetch nothing (Docusaurus' own check, which runs when the queue reaches a
 * route).
 *
 * Docusaurus sets `window.docusaurus` (frozen, with `prefetch` and `preload`) after the client modules have run, so
 * this module has the seam put a setter in its place that stores a copy whose `prefetch` queues.
 */
// relies on: global-docusaurus-object
import {wrapDocusaurusGlobal, type DocusaurusGlobal} from '../../upstream/docusaurus-client-global';

/** Milliseconds of an idle period left to the browser: each slice stays far below a long task, even on a slow CPU. */
const LEAVE_IDLE_MS = 40;

function queued(prefetch: DocusaurusGlobal['prefetch']): DocusaurusGlobal['prefetch'] {
  const queue: string[] = [];
  let scheduled = false;
  const idle: (callback: (deadline: IdleDeadline) => void) => void =
    typeof requestIdleCallback === 'function'
      ? (callback) => requestIdleCallback(callback)
      : (callback) => setTimeout(() => callback({didTimeout: false, timeRemaining: () => LEAVE_IDLE_MS + 5}), 200);
  const work = (deadline: IdleDeadline) => {
    scheduled = false;
    while (queue.length > 0 && deadline.timeRemaining() > LEAVE_IDLE_MS) prefetch(queue.shift()!);
    schedule();
  };
  function schedule() {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    idle(work);
  }
  return (routePath) => {
    if (!queue.includes(routePath)) queue.push(routePath);
    schedule();
    return true;
  };
}

if (typeof window !== 'undefined') wrapDocusaurusGlobal((value) => Object.freeze({...value, prefetch: queued(value.prefetch)}));
