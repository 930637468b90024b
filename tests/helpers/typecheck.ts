/**
 * Type-checks a folder of code samples the way a reader's strict project would (ES2022 modules, the DOM's fetch,
 * Node's types), in one tsc run: the site's own type checker (TypeScript 7), so openapi-fetch and @types/node resolve from its
 * node_modules when the folder is inside the site. Used by the typed-samples and workflow-pages tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import {run, SITE_ROOT, typeChecker} from '../../tools/cli';

export interface TypeError {
  /** Relative to the folder. */
  file: string;
  line: number;
  /** `TS2339: Property 'x' does not exist…`. */
  message: string;
}

/** The errors of `include` (globs relative to `dir`) under strict settings. */
export function typecheckSamples(dir: string, include: string[]): TypeError[] {
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['es2022', 'dom'],
        types: ['node'],
        skipLibCheck: true,
        esModuleInterop: true,
      },
      include,
    }),
  );
  const {output} = run(process.execPath, [typeChecker(), '-p', path.join(dir, 'tsconfig.json'), '--pretty', 'false'], SITE_ROOT);
  return [...output.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/gm)].map((m) => ({
    file: path.relative(dir, path.resolve(SITE_ROOT, m[1])),
    line: Number(m[2]),
    message: m[3],
  }));
}
