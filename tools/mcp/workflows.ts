/**
 * The Arazzo workflows of a build (`openapi/workflows/<id>.arazzo.json`, published by tools/workflows/publish.ts), for
 * list_workflows and get_workflow: each step with the operation it calls resolved through the same reference model
 * get_operation returns (SpecIndex.describe: method, path, summary, the URLs of its page and copy), and with what the
 * step itself says (parameters, request body, success criteria, outputs), in order.
 */
import fs from 'node:fs';
import path from 'node:path';
import {SITE_URL} from '../../src/data/brand';
import type {OperationModel} from '../reference/model';
import type {UnknownObject} from '../openapi/json';
import {WORKFLOW_ARTEFACT_FOLDER, workflowDownloadPath} from '../workflows/publish';
import {parseOperationId, type ArazzoDocument, type Step, type Workflow} from '../workflows/workflows';
import {BuildArtefactError, type DocsBuild} from './build-artefacts';
import type {DocPages} from './pages';
import type {SpecIndex} from './spec-index';
import {notFound} from './suggest';
import {workflowRoute} from '../../src/data/navigation';

interface Published {
  id: string;
  /** Relative to the build. */
  file: string;
  doc: ArazzoDocument;
  workflow: Workflow;
}

/** An input of a workflow: a property of its `inputs` schema. */
export interface WorkflowInput {
  name: string;
  required: boolean;
  type?: string;
  description?: string;
}

/** The operation a step calls, as get_operation knows it. */
export interface StepOperation {
  api: string;
  operationId: string;
  method: string;
  path: string;
  summary?: string;
  url?: string;
  markdownUrl?: string;
}

export class WorkflowIndex {
  private readonly workflows: Published[];

  constructor(
    private readonly build: DocsBuild,
    private readonly spec: SpecIndex,
    private readonly pages: DocPages,
  ) {
    const dir = path.join(build.dir, 'openapi', WORKFLOW_ARTEFACT_FOLDER);
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.arazzo.json'))
          .sort()
      : [];
    this.workflows = files.map((f) => {
      const file = path.posix.join('openapi', WORKFLOW_ARTEFACT_FOLDER, f);
      let doc: ArazzoDocument;
      try {
        doc = JSON.parse(fs.readFileSync(path.join(build.dir, file), 'utf8')) as ArazzoDocument;
      } catch (e) {
        throw new BuildArtefactError(`${path.join(build.dir, file)}: not valid JSON (${(e as Error).message}); run \`npm run build\` to write it again.`);
      }
      const workflow = doc.workflows?.[0];
      if (!workflow) throw new BuildArtefactError(`${path.join(build.dir, file)} holds no workflow; run \`npm run build\` to write it again.`);
      return {id: workflow.workflowId, file, doc, workflow};
    });
  }

  get count(): number {
    return this.workflows.length;
  }

  private find(id: string): Published {
    const text = id
      .trim()
      .replace(/\.arazzo\.(ya?ml|json)$/, '')
      .replace(/^.*\//, '');
    const found = this.workflows.find((w) => w.id === text) ?? this.workflows.find((w) => w.id.toLowerCase() === text.toLowerCase());
    if (found) return found;
    throw notFound(
      'workflow',
      id,
      this.workflows.map((w) => w.id),
      `list_workflows lists them: ${this.workflows.map((w) => w.id).join(', ')}.`,
    );
  }

  /** Where a workflow is: its page (and the page's copy, when the build has the page) and its two downloads. */
  private links(id: string): UnknownObject {
    const route = workflowRoute(id);
    const page = this.pages.byRoute.get(route);
    return {
      url: `${SITE_URL}${route}`,
      ...(page ? {markdownUrl: this.pages.markdownUrl(page)} : {}),
      downloads: {yaml: `${SITE_URL}${workflowDownloadPath(id, 'yaml')}`, json: `${SITE_URL}${workflowDownloadPath(id, 'json')}`},
    };
  }

  private inputs(workflow: Workflow): WorkflowInput[] {
    const required = new Set(workflow.inputs?.required ?? []);
    return Object.entries(workflow.inputs?.properties ?? {}).map(([name, schema]) => {
      const s = (schema ?? {}) as {type?: unknown; description?: unknown};
      return {
        name,
        required: required.has(name),
        ...(typeof s.type === 'string' ? {type: s.type} : {}),
        ...(typeof s.description === 'string' ? {description: s.description.trim()} : {}),
      };
    });
  }

  /** Every workflow: id, title, summary, inputs, how many steps, the operations it calls, where it is. */
  list(): UnknownObject[] {
    return this.workflows.map(({id, doc, workflow}) => ({
      id,
      title: doc.info?.title,
      summary: (doc.info?.summary ?? workflow.summary)?.trim(),
      inputs: this.inputs(workflow) as unknown as UnknownObject,
      steps: workflow.steps.length,
      operations: workflow.steps.map((s) => parseOperationId(s.operationId ?? '').operationId),
      ...this.links(id),
    }));
  }

  /** The operation a step calls, from the reference model of get_operation. */
  private operation(pub: Published, step: Step): {operation: StepOperation; model: OperationModel} {
    const {source, operationId} = parseOperationId(step.operationId ?? '');
    const description = source === undefined ? undefined : pub.doc.sourceDescriptions.find((s) => s.name === source);
    // The published sources are the published bundles: `../quotes.json`.
    const api = description ? path.posix.basename(String(description.url)).replace(/\.(json|ya?ml)$/, '') : undefined;
    const entry = this.spec.operations.find((o) => o.operationId === operationId && (api === undefined || o.api === api));
    if (!entry)
      throw new BuildArtefactError(
        `${pub.file}: step ${step.stepId} calls ${step.operationId}, which the build's specs do not have; run \`npm run build\` again.`,
      );
    const described = this.spec.describe(entry) as unknown as OperationModel & {url?: string; markdownUrl?: string};
    return {
      model: described,
      operation: {
        api: entry.api,
        operationId,
        method: described.method.toUpperCase(),
        path: described.path,
        ...(described.summary ? {summary: described.summary} : {}),
        ...(described.url ? {url: described.url} : {}),
        ...(described.markdownUrl ? {markdownUrl: described.markdownUrl} : {}),
      },
    };
  }

  /** A workflow by id: its inputs, then its steps in order, each with its operation resolved and what it sends, checks and carries. */
  get(id: string): UnknownObject {
    const pub = this.find(id);
    const {doc, workflow} = pub;
    const steps = workflow.steps.map((step, i) => {
      const {operation, model} = this.operation(pub, step);
      const parameters = (step.parameters ?? []).map((p) => {
        const declared = model.parameters.find((m) => m.in === p.in && m.name.toLowerCase() === String(p.name).toLowerCase());
        // The parameter as the operation declares it: whether it is required, and the first paragraph of its description.
        return {
          name: p.name,
          in: p.in,
          value: p.value,
          ...(declared ? {required: declared.required, ...(declared.description ? {description: declared.description.split(/\n\s*\n/)[0].trim()} : {})} : {}),
        };
      });
      return {
        index: i + 1,
        stepId: step.stepId,
        ...(step.description ? {description: step.description.trim()} : {}),
        operation,
        parameters,
        ...(step.requestBody ? {requestBody: step.requestBody} : {}),
        successCriteria: step.successCriteria ?? [],
        outputs: step.outputs ?? {},
      };
    });
    return {
      id: pub.id,
      title: doc.info?.title,
      summary: (doc.info?.summary ?? workflow.summary)?.trim(),
      ...(doc.info?.description ? {description: doc.info.description.trim()} : {}),
      ...(workflow.summary ? {workflowSummary: workflow.summary.trim()} : {}),
      ...this.links(pub.id),
      inputs: this.inputs(workflow),
      inputsSchema: workflow.inputs ?? {},
      parameters: workflow.parameters ?? [],
      sourceDescriptions: doc.sourceDescriptions,
      steps,
      outputs: workflow.outputs ?? {},
      note: "Runtime expressions: $inputs.<name> is an input, $steps.<stepId>.outputs.<name> an output of an earlier step, $response.body#/<pointer> a field of the step's response. get_operation gives the full contract of a step's operation.",
    } as unknown as UnknownObject;
  }
}
