/**
 * The three checks that keep the hand-written pages from falling behind the spec, run by `npm run check:content`
 * and the fast tier: derived lists (derived-lists.ts), completeness of the owner pages (completeness.ts) and steps
 * that connect (step-connection.ts). Each problem is `file:line: message` (completeness: `file: message`).
 */
import fs from 'node:fs';
import path from 'node:path';
import {contentFiles} from './content-check';
import {specFacts} from '../../src/plugins/spec-tables/spec-facts';
import {checkCompleteness, renderFromDisk} from './completeness';
import {checkDerivedLists} from './derived-lists';
import {checkSteps, SEQUENCE_PAGES} from './step-connection';

export interface CoverageReport {
  derivedLists: string[];
  completeness: string[];
  steps: string[];
  /** How many pages, owner duties and sequence pages were read. */
  counted: {pages: number; sequencePages: number};
}

export async function checkSpecCoverage(siteDir: string): Promise<CoverageReport> {
  const facts = specFacts(siteDir);
  const read = (f: string) => fs.readFileSync(path.join(siteDir, f), 'utf8');
  const pages = contentFiles(siteDir);
  const derivedLists = pages.flatMap((f) => checkDerivedLists(read(f), facts).map((p) => `${f}:${p.line}: ${p.message}`));
  const completeness = (await checkCompleteness(facts, renderFromDisk(siteDir))).map((m) => `${m.page}: ${m.message}`);
  const steps = SEQUENCE_PAGES.flatMap((f) => checkSteps(f, read(f)).map((p) => `${f}:${p.line}: ${p.message}`));
  return {derivedLists, completeness, steps, counted: {pages: pages.length, sequencePages: SEQUENCE_PAGES.length}};
}
