/**
 * Runs workflows with `redocly respect` (Redocly CLI's Arazzo runner) against one server, in one run for all of
 * them: every source description of every file is pointed at `origin` (the sandbox of src/plugins/sandbox/ serves
 * the eight APIs on one origin), and the inputs are given to every workflow (a workflow's own defaults fill what is
 * not given, e.g. its own sandbox key). Respect runs as a child process without blocking this one, so the sandbox
 * server may live in the caller's process. The result lists each workflow run and each failed check with its
 * file:line, workflow, step and criterion, read from Respect's JSON log.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {bin, REDOCLY_ENV, type RunResult} from '../cli';
import {readWorkflowFile, type WorkflowFile} from './workflows';

export interface WorkflowRun {
  file: string;
  workflowId: string;
  /** `success` when every step passed. */
  status: string;
  /** The steps that ran. */
  steps: string[];
}

export interface WorkflowFailure {
  /** `file:line` of the criterion that failed, or of the step for the other checks. */
  where: string;
  workflowId: string;
  stepId: string;
  /** Respect's name of the check: `success criteria check`, `status code check`, `schema check`, `unexpected error`. */
  check: string;
  /** The criterion's condition, for a success criterion. */
  criterion?: string;
  /** The step output whose runtime expression reached no value (an output no response returns). */
  output?: string;
  message: string;
}

export interface RespectRun {
  /** Respect's exit code. */
  status: number | null;
  /** Respect's output (the banner left out). */
  output: string;
  runs: WorkflowRun[];
  failures: WorkflowFailure[];
  /** Set when Respect ran no workflow (it refuses a description that does not lint). */
  error?: string;
}

interface RespectCheck {
  name: string;
  passed: boolean;
  message?: string;
  severity?: string;
  condition?: string;
}
interface RespectLog {
  files: Record<
    string,
    {executedWorkflows: {workflowId: string; status: string; executedSteps: {stepId: string; status: string; checks?: RespectCheck[]}[]}[]}
  >;
}

/** One line naming a failure: `file:line workflow W, step S: criterion C failed: message`. */
export const describeFailure = (f: WorkflowFailure): string =>
  `${f.where} workflow ${f.workflowId}, step ${f.stepId}: ${f.criterion !== undefined ? `success criterion \`${f.criterion}\`` : f.output !== undefined ? `output \`${f.output}\`` : f.check} failed: ${f.message}`;

/** Runs a command to completion without blocking the event loop: its exit code and combined output. */
function runAsync(cmd: string, args: string[], cwd: string): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {cwd, env: {...process.env, ...REDOCLY_ENV}});
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', (error) => resolve({status: null, output: `${output}\nerror: ${error.message}`}));
    child.on('close', (status, signal) => resolve({status, output: signal ? `${output}\nerror: killed by ${signal}` : output}));
  });
}

/** Runs `files` (absolute) with `redocly respect`, every source at `origin`, with `inputs`. */
export async function runWorkflows(
  siteDir: string,
  files: readonly string[],
  {origin, inputs}: {origin: string; inputs: Record<string, string>},
): Promise<RespectRun> {
  const parsed = new Map(files.map((abs) => [abs, readWorkflowFile(abs, siteDir)]));
  const sources = new Set([...parsed.values()].flatMap((wf) => (wf.doc.sourceDescriptions ?? []).map((s) => s.name)));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-respect-'));
  const log = path.join(tmp, 'respect.json');
  try {
    const args = [
      'respect',
      ...files.map((f) => path.relative(siteDir, f)),
      '--server',
      [...sources].map((name) => `${name}=${origin}`).join(','),
      '--input',
      JSON.stringify(inputs),
      '--json-output',
      log,
      '--max-fetch-timeout',
      '10000',
    ];
    const {status, output} = await runAsync(bin('redocly', siteDir), args, siteDir);
    const shown = output
      .split('\n')
      .filter((l) => !/[║╔╚]/.test(l))
      .join('\n');
    if (!fs.existsSync(log))
      return {status, output: shown, runs: [], failures: [], error: `redocly respect ran no workflow (exit ${status}):\n${shown.trim()}`};
    const json = JSON.parse(fs.readFileSync(log, 'utf8')) as RespectLog;
    const runs: WorkflowRun[] = [];
    const failures: WorkflowFailure[] = [];
    for (const [name, result] of Object.entries(json.files)) {
      const wf = [...parsed.values()].find((w) => path.resolve(siteDir, name) === w.abs || w.file === name);
      for (const workflow of result.executedWorkflows) {
        runs.push({file: wf?.file ?? name, workflowId: workflow.workflowId, status: workflow.status, steps: workflow.executedSteps.map((s) => s.stepId)});
        workflow.executedSteps.forEach((step, i) => {
          // An attempt followed by another run of the same step was retried (polling): not a failure.
          if (workflow.executedSteps.slice(i + 1).some((later) => later.stepId === step.stepId)) return;
          for (const check of step.checks ?? []) {
            if (check.passed || check.severity === 'warn' || check.severity === 'off') continue;
            const isCriterion = check.name === 'success criteria check' && typeof check.condition === 'string';
            failures.push({
              where: wf ? whereOf(wf, workflow.workflowId, step.stepId, isCriterion ? check.condition : undefined, check.message) : name,
              workflowId: workflow.workflowId,
              stepId: step.stepId,
              check: check.name,
              ...(isCriterion ? {criterion: check.condition} : {}),
              ...(!isCriterion && wf ? outputNamed(wf, workflow.workflowId, step.stepId, check.message ?? '') : {}),
              message: (check.message ?? '').replace(/\s+/g, ' ').trim(),
            });
          }
        });
      }
    }
    return {status, output: shown, runs, failures};
  } finally {
    fs.rmSync(tmp, {recursive: true, force: true});
  }
}

/**
 * `file:line` of a step's criterion (by its condition), or of the step's output whose runtime expression the message
 * names (an output no response returns), or of the step.
 */
function whereOf(wf: WorkflowFile, workflowId: string, stepId: string, condition?: string, message = ''): string {
  const w = (wf.doc.workflows ?? []).findIndex((x) => x.workflowId === workflowId);
  const s = w < 0 ? -1 : (wf.doc.workflows[w].steps ?? []).findIndex((x) => x.stepId === stepId);
  if (s < 0) return wf.where('workflows', Math.max(w, 0));
  const step = wf.doc.workflows[w].steps[s];
  const c = condition === undefined ? -1 : (step.successCriteria ?? []).findIndex((x) => x.condition === condition);
  if (c >= 0) return wf.where('workflows', w, 'steps', s, 'successCriteria', c, 'condition');
  const {output} = outputNamed(wf, workflowId, stepId, message);
  return output ? wf.where('workflows', w, 'steps', s, 'outputs', output) : wf.where('workflows', w, 'steps', s);
}

/** The output of a step whose runtime expression a message of Respect names (`Error in resolving runtime expression '…'`). */
function outputNamed(wf: WorkflowFile, workflowId: string, stepId: string, message: string): {output?: string} {
  const step = wf.doc.workflows?.find((x) => x.workflowId === workflowId)?.steps?.find((x) => x.stepId === stepId);
  const found = Object.entries(step?.outputs ?? {}).find(([, expression]) => message.includes(`'${expression}'`));
  return found ? {output: found[0]} : {};
}
