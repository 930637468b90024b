/**
 * The register of the seam, src/upstream/contracts.yaml (its header says what each check means), read and made into
 * checks against a package reader: tests/spec/one-process/upstream-contracts.test.ts runs them on the installed packages, and on
 * copies with one assumption broken on purpose; tests/spec/one-process/upstream-reliances.test.ts reads the `where` lists.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import * as z from 'zod/v4';
import {SITE_ROOT} from '../../tools/cli';
import {readYamlTable} from '../../tools/cli/yaml-table';

export const CONTRACTS_FILE = path.join(SITE_ROOT, 'src/upstream/contracts.yaml');

/** A file of an installed package (`read('@docusaurus/core', 'lib/client/preload.js')`), or undefined when absent. */
export type ReadUpstream = (pkg: string, file: string) => string | undefined;

/** A package's name (scoped or not), then the path inside it. */
const PACKAGE_FILE = /^((?:@[^/]+\/)?[^/@]+)\/(.+)$/;

const FILE_CHECK = z.strictObject({
  file: z.string().regex(PACKAGE_FILE, 'a package name, then a path inside it'),
  contains: z.array(z.string().min(1)).min(1).optional(),
  matches: z.array(z.string().min(1)).min(1).optional(),
  copied: z
    .array(z.string().regex(/^[0-9a-f]{16}$/, '16 hex digits'))
    .min(1)
    .optional(),
  names: z.strictObject({within: z.string(), pattern: z.string(), exactly: z.array(z.string()).min(1)}).optional(),
});
type FileCheck = z.infer<typeof FILE_CHECK>;
const CHECK = z.union([FILE_CHECK, z.strictObject({anyOf: z.array(FILE_CHECK).min(2)})]);

/** An id, as markers and tests name it: lower-case words joined by dashes. */
const ID = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'kebab-case: lower-case words joined by dashes');

/**
 * One assumption: what a line of ours marked `relies on: <id>` takes for granted (`says`; the contract's sentence when
 * it has one assumption). A contract's checks hold for all of
 * its assumptions.
 */
const ASSUMPTION = z.strictObject({id: ID, says: z.string().min(1).optional()});

const CONTRACT = z.strictObject({
  /** Short name, as the test names it. */
  id: ID,
  upstream: z.string().min(1),
  kind: z.enum(['switch', 'module path', 'generated file', 'bundler setting', 'copied source', 'ejected file', 'shape']),
  /** The sentence that must hold; a failure repeats it. */
  assumption: z.string().min(1),
  /** Our files that rely on it: where to look when it breaks. */
  where: z.array(z.string()).min(1),
  /** What the uses outside the seam are marked with (`relies on: <id>`); ids are unique across the register. */
  assumptions: z.array(ASSUMPTION).min(1),
  holds: z.array(CHECK).min(1),
});

export interface Contract extends z.infer<typeof CONTRACT> {
  /** What is wrong, or undefined when the assumption holds (the first problem; the later checks are not run). */
  check: (read: ReadUpstream) => string | undefined;
}

const sha = (text: string): string => crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The groups of every match of `pattern` in `text`. */
const groups = (text: string, pattern: string): string[] => [...text.matchAll(new RegExp(pattern, 'g'))].map((m) => m[1]);

/** What is wrong with one file of a package, or undefined. */
function checkFile(c: FileCheck, read: ReadUpstream): string | undefined {
  const [, pkg, file] = PACKAGE_FILE.exec(c.file)!;
  const text = read(pkg, file);
  if (text === undefined) return `${c.file} is gone`;
  const missing = [...(c.contains ?? []).filter((t) => !text.includes(t)), ...(c.matches ?? []).filter((p) => !new RegExp(p).test(text)).map((p) => `/${p}/`)];
  if (missing.length) return `${c.file} no longer has ${missing.join(', ')}`;
  if (c.copied && !c.copied.includes(sha(text)))
    return `${c.file} changed since it was copied (sha256 ${c.copied.join('… or ')}…, now ${sha(text)}…): copy it again, with our change, or add its digest once reviewed`;
  if (c.names) {
    const found = groups(new RegExp(c.names.within).exec(text)?.[1] ?? '', c.names.pattern).sort();
    if (found.join() !== [...c.names.exactly].sort().join())
      return `${c.file} has ${found.join(', ') || '(none found)'} where we expect ${c.names.exactly.join(', ')}`;
  }
  return undefined;
}

/** The contracts of `file` (the register by default), each with its check. Bad input fails with the file and line. */
export function readContracts(file = CONTRACTS_FILE): Contract[] {
  const contracts = readYamlTable(file, z.array(CONTRACT), SITE_ROOT);
  const ids = contracts.flatMap((c) => c.assumptions.map((a) => a.id));
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) throw new Error(`${file}: an assumption's id is unique across the register: ${[...new Set(twice)].join(', ')} twice`);
  return contracts.map((contract) => ({
    ...contract,
    check: (read) => {
      for (const c of contract.holds) {
        const problems = 'anyOf' in c ? c.anyOf.map((one) => checkFile(one, read)) : [checkFile(c, read)];
        if (problems.every(Boolean)) return problems.length > 1 ? `none holds: ${problems.join('; ')}` : problems[0];
      }
      return undefined;
    },
  }));
}
