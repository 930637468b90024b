/**
 * The gate's second question (issue #29): does the working spec still carry every workflow of openapi/workflows/?
 * The checks of tools/workflows/check.ts (the operation a step calls, the parameters and body fields it sends, the
 * fields its criteria and outputs read, the enum values it promises) run against the working spec, and each problem
 * is paired with the changes since the release that explain it: same operation, same kind of target, same name.
 * `npm run diff` fails on any of them, whatever the policy says of the change itself: a removal the policy allows
 * after its sunset still breaks a journey the docs publish.
 */
import type {SpecChange} from '../../src/data/spec-changes';
import {problemLine, workflowProblems, type WorkflowProblem} from '../workflows/check';
import {workflowFiles} from '../workflows/workflows';

export interface WorkflowBreak {
  problem: WorkflowProblem;
  /** The changes since the release that explain it (empty: the workflow is wrong on its own). */
  changes: SpecChange[];
}

export interface WorkflowReport {
  /** How many workflow files were checked. */
  checked: number;
  breaks: WorkflowBreak[];
}

/** The kinds of spec change a kind of workflow problem can come from. */
const TARGETS: Record<WorkflowProblem['target'], readonly SpecChange['target'][]> = {
  operation: ['operation'],
  parameter: ['parameter', 'header'],
  header: ['header', 'parameter'],
  'request-field': ['request-field', 'schema'],
  'response-field': ['response-field', 'schema'],
  'enum-value': ['enum-value'],
  response: ['other', 'response-field', 'schema'],
  security: ['security'],
  webhook: ['webhook'],
  server: ['server'],
  schema: ['schema'],
  other: [],
};

/** Whether a change's message names `name` (a field `trade.quote_id` by its path or its last part, a value, a status). */
function names(change: SpecChange, name: string): boolean {
  const last = name.split('.').pop()!;
  return [name, last].some((n) => change.message.includes(`\`${n}\``) || change.message.includes(`.${n}\``));
}

/** The changes that explain a problem, most specific first. */
export function explainingChanges(problem: WorkflowProblem, changes: readonly SpecChange[]): SpecChange[] {
  if (!problem.operationId || problem.target === 'other') return [];
  const ofOperation = changes.filter((c) => c.operation?.operationId === problem.operationId && c.action !== 'added' && c.kind !== 'documentation');
  const ofTarget = ofOperation.filter((c) => TARGETS[problem.target].includes(c.target));
  const named = problem.name === undefined ? [] : ofTarget.filter((c) => names(c, problem.name!));
  for (const found of [named, ofTarget, ofOperation.filter((c) => c.kind === 'breaking')]) if (found.length) return found;
  return [];
}

/** Every workflow problem in the working spec of `siteDir`, each with the changes (`changes`: since the release) behind it. */
export async function checkWorkflowsAgainst(siteDir: string, changes: readonly SpecChange[]): Promise<WorkflowReport> {
  const files = workflowFiles(siteDir);
  const problems = await workflowProblems(siteDir, files);
  return {checked: files.length, breaks: problems.map((problem) => ({problem, changes: explainingChanges(problem, changes)}))};
}

const where = (c: SpecChange): string => (c.location ? `${c.location.file}:${c.location.line}` : `${c.api}#${c.pointer}`);

/** One entry per problem: `file:line: workflow <id>, step <id>: message`, then the change(s) behind it. */
export function workflowBreakLines(report: WorkflowReport, release?: string): string[] {
  return report.breaks.flatMap(({problem, changes}) => {
    const who = [problem.workflowId && `workflow ${problem.workflowId}`, problem.stepId && `step ${problem.stepId}`].filter(Boolean).join(', ');
    const head = problemLine({...problem, message: who ? `${who}: ${problem.message}` : problem.message});
    const why = changes.length
      ? changes.map((c) => `    broken by ${where(c)}  ${c.message}`)
      : [`    no change${release ? ` since ${release}` : ''} explains it: the workflow itself is wrong (npm run lint:api)`];
    return [head, ...why];
  });
}

/** What `npm run diff` prints after the spec's own verdict. */
export function formatWorkflowReport(report: WorkflowReport, release?: string): string {
  if (!report.breaks.length) return `\n✓ The ${report.checked} workflows of openapi/workflows/ hold against the working spec (tools/workflows/check.ts).\n`;
  const n = report.breaks.length;
  return `\n✗ ${n} workflow problem${n === 1 ? '' : 's'}: the working spec breaks a workflow of openapi/workflows/ (fix the spec, or the workflow with it):\n${workflowBreakLines(
    report,
    release,
  )
    .map((l) => `  ${l}`)
    .join('\n')}\n`;
}
