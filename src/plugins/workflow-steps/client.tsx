/**
 * `@novaramp/workflow-step-sample` in the browser (./index.ts): one code sample of a workflow step a guide embeds
 * or a workflow page shows.
 * When React hydrates a server-rendered page, the sample's HTML is the page's own (read from it, so hydration keeps it
 * as it is); after a client-side navigation, or when a language's tab is first chosen (a guide's tabs are lazy: only
 * the chosen one is in the page; a workflow page has them all), it is fetched from the step's file in the site's
 * assets, one file per step (a workflow page: per group of tabs), fetched once, the files of the last few kept (src/plugins/static-reference/client-files.ts, shared). The page's JS
 * module carries only the file's name.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {jsonFiles} from '../static-reference/client-files';
import {STEP_SAMPLE_ATTRIBUTE, STEP_SAMPLES_URL, type StepSampleProps, type StepSamples} from './client-files';

/** A guide embeds up to a dozen steps; a few guides' worth are kept for going back and forth. */
const files = jsonFiles<StepSamples>(40);

interface Sample {
  state: 'ready' | 'loading' | 'failed';
  className: string;
  html: string;
}

/** The class of a block still loading: a code block's, so that it keeps its place and colours. */
const LOADING_CLASS = 'novaramp-code theme-code-block';

/** The sample as it is at first: in a file loaded before, in the server-rendered page, or still to be fetched. */
function initial(url: string, id: string, index: number): Sample {
  const loaded = files.loaded(url)?.samples[index];
  if (loaded) return {state: 'ready', ...loaded};
  const element = document.querySelector(`[${STEP_SAMPLE_ATTRIBUTE}="${id}"]:not([aria-busy])`);
  return element ? {state: 'ready', className: element.className, html: element.innerHTML} : {state: 'loading', className: LOADING_CLASS, html: ''};
}

export default function WorkflowStepSample({file, sample}: StepSampleProps): ReactNode {
  const url = useBaseUrl(`${STEP_SAMPLES_URL}${file}`);
  const index = Number(sample);
  const id = `${file}#${index}`;
  const [state, setState] = useState(() => initial(url, id, index));
  useEffect(() => {
    if (state.state !== 'loading') return undefined;
    let mounted = true;
    files.load(url).then(
      ({samples}) => mounted && setState(samples[index] ? {state: 'ready', ...samples[index]} : {state: 'failed', className: '', html: ''}),
      () => mounted && setState({state: 'failed', className: '', html: ''}),
    );
    return () => void (mounted = false);
  }, [url, index, state.state]);
  if (state.state === 'failed') {
    return (
      <div className="alert alert--warning" role="alert">
        This sample could not be loaded: reloading the page may show it.
      </div>
    );
  }
  return (
    <div
      className={state.className}
      {...{[STEP_SAMPLE_ATTRIBUTE]: id}}
      aria-busy={state.state === 'loading' || undefined}
      dangerouslySetInnerHTML={{__html: state.html}}
    />
  );
}
