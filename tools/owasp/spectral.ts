/**
 * Spectral with the OWASP API Security Top 10 ruleset (tools/owasp/ruleset.yaml) on bundled API documents: the
 * problems it reports, by document, with the rule and the JSON path. Offline: Spectral and the ruleset are the
 * packages in node_modules.
 */
import path from 'node:path';
import {bin, run, SITE_ROOT} from '../cli';

export const OWASP_RULESET = 'tools/owasp/ruleset.yaml';

export interface SpectralProblem {
  code: string;
  /** 0 error, 1 warning, 2 information, 3 hint (Spectral's DiagnosticSeverity). */
  severity: number;
  path: string[];
  message: string;
  source: string;
  line: number;
}

/** Lints `files` (bundled JSON or YAML documents) with the OWASP ruleset; throws when Spectral itself fails. */
export function owaspProblems(files: string[], siteDir = SITE_ROOT): SpectralProblem[] {
  // Exit 1 means findings, which the caller judges; 2 means Spectral itself failed.
  const {status, output} = run(bin('spectral', siteDir), ['lint', ...files, '--ruleset', OWASP_RULESET, '--format', 'json', '--quiet'], siteDir);
  const start = output.indexOf('[');
  if (status === 2 || start < 0) throw new Error(`spectral failed (exit ${status}):\n${output}`);
  const raw = JSON.parse(output.slice(start, output.lastIndexOf(']') + 1)) as {
    code: string;
    severity: number;
    path: (string | number)[];
    message: string;
    source: string;
    range: {start: {line: number}};
  }[];
  return raw.map((r) => ({
    code: r.code,
    severity: r.severity,
    path: r.path.map(String),
    message: r.message,
    source: path.relative(siteDir, r.source),
    line: r.range.start.line + 1,
  }));
}
