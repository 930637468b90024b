/**
 * `@novaramp/workflow-step-sample` in the server bundle (./index.ts): one code sample of a workflow step a guide
 * embeds or a workflow page shows, read from the step's file while SSG renders the page, so the HTML (readers without
 * JS, search, the Markdown copies and llms.txt) has it as a highlighted code block; ./client.tsx takes it from there
 * when hydrating.
 */
import fs from 'node:fs';
import path from 'node:path';
import React, {type ReactNode} from 'react';
import {STEP_SAMPLE_ATTRIBUTE, type StepSampleProps, type StepSamples} from './client-files';

/** The folder of the step files (DefinePlugin, ./index.ts). */
declare const __NOVARAMP_STEP_SAMPLES_DIR__: string;

export default function WorkflowStepSample({file, sample}: StepSampleProps): ReactNode {
  const {samples} = JSON.parse(fs.readFileSync(path.join(__NOVARAMP_STEP_SAMPLES_DIR__, file), 'utf8')) as StepSamples;
  const index = Number(sample);
  const found = samples[index];
  if (!found) throw new Error(`${file}: no sample ${index} (the step's file is older than the page)`);
  return <div className={found.className} {...{[STEP_SAMPLE_ATTRIBUTE]: `${file}#${index}`}} dangerouslySetInnerHTML={{__html: found.html}} />;
}
