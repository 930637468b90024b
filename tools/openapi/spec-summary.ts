/**
 * What `npm run bench:corpus` reads of a spec before building it (JSON or YAML, through the kernel), and why a spec's
 * run counts as failed. Here rather than in bench/ so that the tests can hold the bench to it (layers: tests do not
 * import bench/).
 */
import path from 'node:path';
import {isObject} from './json';
import {loadApi} from './load';

/** A spec's title and the operations the kernel finds in it; throws the kernel's error (file and line) when unreadable. */
export async function specSummary(file: string): Promise<{title?: string; operations: number}> {
  const api = await loadApi(path.resolve(file), {unresolved: 'report'});
  const info = api.doc.info;
  return {title: isObject(info) && typeof info.title === 'string' ? info.title : undefined, operations: api.operations().length};
}

/** Why a spec's run failed (`file: why`), or nothing when it built operations: a spec that yields none fails. */
export function specRunFailure(result: {file: string; operations: number; error?: string}): string | undefined {
  if (result.error) return `${result.file}: ${result.error}`;
  if (!result.operations) return `${result.file}: yields 0 operations`;
  return undefined;
}
