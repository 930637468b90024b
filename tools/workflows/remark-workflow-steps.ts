/**
 * Remark plugin: `::workflow-step{workflow="<workflowId>" step="<stepId>"}` on a line of its own becomes that step
 * of the Arazzo workflow as its workflow page shows it (tools/workflows/pages.ts: one writer): the operation and the
 * workflow it comes from, linked, the variables its samples read and set, and its samples in `<Tabs groupId="lang">`.
 * The page imports Tabs and TabItem as every page with tabs does. A step that does not exist fails the build with
 * the page's file and line (guide-steps.ts checks the same in `npm run lint:api`).
 */
import {SITE_ROOT} from '../cli';
import type {MdNode} from '../spec-tables/remark-spec-tables';
import {WORKFLOW_STEP_DIRECTIVE} from '../doc-requests';
import {stepKey} from './pages';
import {unknownStep, workflowSteps} from './guide-steps';

export interface WorkflowStepsOptions {
  /** The site folder holding openapi/ (defaults to this repository). */
  siteDir?: string;
}

// unified, remark-parse, remark-gfm and remark-mdx are ESM-only: loaded on first use rather than required.
let mdxParser: Promise<(text: string) => MdNode> | null = null;
function parseMdx(text: string): Promise<MdNode> {
  mdxParser ??= (async () => {
    const [{unified}, {default: remarkParse}, {default: remarkGfm}, {default: remarkMdx}] = await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-gfm'),
      import('remark-mdx'),
    ]);
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMdx);
    return (t: string) => processor.parse(t) as unknown as MdNode;
  })();
  return mdxParser.then((p) => p(text));
}

/** The page's workflow-step directives with their parents, in page order. */
function directives(node: MdNode, out: {node: MdNode; parent: MdNode}[] = []): {node: MdNode; parent: MdNode}[] {
  for (const child of node.children ?? []) {
    if (child.type === 'leafDirective' && child.name === WORKFLOW_STEP_DIRECTIVE) out.push({node: child, parent: node});
    else directives(child, out);
  }
  return out;
}

/** Does the page import a component from `@theme/<name>`? */
const imports = (tree: MdNode, name: string): boolean =>
  (tree.children ?? []).some((n) => n.type === 'mdxjsEsm' && new RegExp(`from\\s+['"]@theme/${name}['"]`).test(String(n.value ?? '')));

export default function remarkWorkflowSteps(options: WorkflowStepsOptions = {}) {
  const siteDir = options.siteDir ?? SITE_ROOT;
  return async (tree: MdNode, file: {path?: string; history?: string[]}): Promise<void> => {
    const found = directives(tree);
    if (!found.length) return;
    const where = (node: MdNode) => `${file.path ?? file.history?.[0] ?? 'page'}:${node.position?.start.line ?? 0}`;
    const missing = ['Tabs', 'TabItem'].filter((name) => !imports(tree, name));
    if (missing.length)
      throw new Error(
        `${where(found[0].node)}: ::${WORKFLOW_STEP_DIRECTIVE} shows tabs: import ${missing.map((n) => `${n} from '@theme/${n}'`).join(' and ')} at the top of the page`,
      );
    const steps = await workflowSteps(siteDir);
    for (const {node, parent} of found) {
      const {workflow, step} = node.attributes ?? {};
      const problem = !workflow || !step ? `write ::${WORKFLOW_STEP_DIRECTIVE}{workflow="<workflowId>" step="<stepId>"}` : unknownStep(steps, workflow, step);
      if (problem) throw new Error(`${where(node)}: ${problem}`);
      const embed = steps.get(stepKey(workflow!, step!))!;
      const nodes = (await parseMdx(embed.mdx)).children ?? [];
      parent.children!.splice(parent.children!.indexOf(node), 1, ...nodes);
    }
  };
}
