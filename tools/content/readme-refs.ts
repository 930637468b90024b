/**
 * The `file:line` references of openapi/README.md (its decisions table cites where each finding was fixed) kept on
 * the lines they cite. A record beside the README (README.refs.json) holds, for each reference, the trimmed text of
 * the line it names (of its first and last line for a `file:first-last` range). The check compares the two;
 * `npm run refs` moves a number after an edit elsewhere shifted the lines, finding the recorded text again, and
 * records a reference written or re-pointed by hand as it reads; `npm run refs -- --record` writes the whole record
 * from the README as it stands, after a cited line was reworded on purpose. Nothing here reads the sentence around a
 * reference: what a line means is the recorded text, set by a person.
 */
import fs from 'node:fs';
import path from 'node:path';
import {replaceIfChanged} from '../cli/files';

/** The README whose references are kept, and their record, from the repository root. */
export const README = 'openapi/README.md';
export const RECORD = 'openapi/README.refs.json';
/** A path of the spec is written from this folder (`paths/coins.yaml`), any other from the repository root. */
const SPEC_FOLDER = 'openapi';

const RUN_REANCHOR = '`npm run refs`';
const RUN_RECORD = '`npm run refs -- --record`';

/** A code span `path:line` or `path:first-last`, the path with an extension and no space. */
const REFERENCE = /`([\w./{}@-]+\.[A-Za-z]+):(\d+)(?:-(\d+))?`/g;
/** A code span `:line` that leaves its file to the reader (the previous reference's): the check cannot follow it. */
const BARE_LINE = /`:\d+(?:-\d+)?`/g;

/** One reference as the README writes it. */
export interface Reference {
  /** `path:line` or `path:first-last`, as written: the record's key. */
  key: string;
  /** The README line it is on (1-based). */
  readmeLine: number;
  /** The path as written: from openapi/ for a spec file, from the root otherwise. */
  file: string;
  first: number;
  /** The range's last line; `first` for a single line. */
  last: number;
  /** Written as a range (`12-15`), which records its first and last line's text. */
  range: boolean;
  /** Where its line numbers (`12` or `12-15`) sit in the README's text, to rewrite them and nothing else. */
  numbersAt: {start: number; end: number};
}

/** What a reference's lines read: one line's trimmed text, or a range's first and last. */
export type RecordedText = string | [string, string];
export type ReferenceRecord = Record<string, RecordedText>;

export interface CommandResult {
  status: number;
  output: string;
}

/** How a reference writes its line numbers. */
const numbers = (range: boolean, first: number, last: number): string => (range ? `${first}-${last}` : `${first}`);
const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;
const where = (ref: Reference): string => `${README}:${ref.readmeLine}: \`${ref.key}\``;
const quoted = (text: RecordedText): string => (typeof text === 'string' ? JSON.stringify(text) : text.map((t) => JSON.stringify(t)).join(' … '));
const sameText = (a: RecordedText, b: RecordedText): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The references of the README's text, and a problem for each `:line` span that names no file. */
export function referencesIn(readme: string): {references: Reference[]; problems: string[]} {
  const references = [...readme.matchAll(REFERENCE)].map((m): Reference => {
    const start = m.index + 1 + m[1].length + 1;
    const first = Number(m[2]);
    return {
      key: `${m[1]}:${m[2]}${m[3] === undefined ? '' : `-${m[3]}`}`,
      readmeLine: lineAt(readme, m.index),
      file: m[1],
      first,
      last: m[3] === undefined ? first : Number(m[3]),
      range: m[3] !== undefined,
      numbersAt: {start, end: m.index + m[0].length - 1},
    };
  });
  const problems = [...readme.matchAll(BARE_LINE)].map(
    (m) => `${README}:${lineAt(readme, m.index)}: \`${m[0].slice(1, -1)}\` names no file: write the file's path before it, then run ${RUN_RECORD}`,
  );
  return {references, problems};
}

/**
 * The lines of the file a reference names, or why it has none. A path is read from openapi/ when the spec has that
 * file, from the root otherwise; one written from the root into openapi/ is refused, so each file is written one way.
 */
function linesOf(root: string, ref: Reference, cache: Map<string, string[] | string>): string[] | string {
  const cached = cache.get(ref.file);
  if (cached !== undefined) return cached;
  const isFile = (p: string) => fs.statSync(path.join(root, p), {throwIfNoEntry: false})?.isFile() ?? false;
  const found = [path.posix.join(SPEC_FOLDER, ref.file), ref.file].find(isFile);
  const lines = ref.file.startsWith(`${SPEC_FOLDER}/`)
    ? `writes a spec path from the root: write it from ${SPEC_FOLDER}/ (\`${ref.file.slice(SPEC_FOLDER.length + 1)}\`)`
    : found === undefined
      ? `names no file (neither ${SPEC_FOLDER}/${ref.file} nor ${ref.file} exists)`
      : fs.readFileSync(path.join(root, found), 'utf8').split('\n');
  cache.set(ref.file, lines);
  return lines;
}

/** What a reference's lines read now, or why they cannot be read: past the end, blank, or a range backwards. */
type Read = {text: RecordedText} | {problem: string};

function textAt(lines: string[], first: number, last: number, range: boolean): Read {
  if (last < first) return {problem: 'is a range that ends before it starts'};
  for (const n of new Set([first, last])) {
    if (n < 1 || n > lines.length) return {problem: `is past the end: the file has ${lines.length} lines`};
    if (lines[n - 1].trim() === '') return {problem: `names a blank line (${n})`};
  }
  return {text: range ? [lines[first - 1].trim(), lines[last - 1].trim()] : lines[first - 1].trim()};
}

function read(root: string, ref: Reference, cache: Map<string, string[] | string>): Read {
  const lines = linesOf(root, ref, cache);
  return typeof lines === 'string' ? {problem: lines} : textAt(lines, ref.first, ref.last, ref.range);
}

function loadReadme(root: string): string {
  return fs.readFileSync(path.join(root, README), 'utf8');
}

/** The record, or a problem naming the record file when it is missing or not an object of recorded texts. */
function loadRecord(root: string): ReferenceRecord | string {
  const file = path.join(root, RECORD);
  if (!fs.existsSync(file)) return `${RECORD}: missing: run ${RUN_RECORD}`;
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    return `${RECORD}: not JSON (${(e as Error).message}): run ${RUN_RECORD}`;
  }
  const isText = (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.length === 2 && v.every((t) => typeof t === 'string'));
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !Object.values(data).every(isText))
    return `${RECORD}: not an object of "path:line": "text" entries: run ${RUN_RECORD}`;
  return data as ReferenceRecord;
}

/** The record as written: one entry per reference, by file then line, two-space JSON and a final newline. */
export function serializeRecord(record: ReferenceRecord): string {
  const order = (key: string): [string, number, number] => {
    const m = /^(.*):(\d+)(?:-(\d+))?$/.exec(key)!;
    return [m[1], Number(m[2]), Number(m[3] ?? m[2])];
  };
  const keys = Object.keys(record).sort((a, b) => {
    const [fa, la, ea] = order(a);
    const [fb, lb, eb] = order(b);
    return fa < fb ? -1 : fa > fb ? 1 : la - lb || ea - eb;
  });
  return `${JSON.stringify(Object.fromEntries(keys.map((k) => [k, record[k]])), null, 2)}\n`;
}

/**
 * Every way the README's references and the record disagree, as `openapi/README.md:<line>: \`<reference>\` …` with
 * what to run; empty when each reference's lines read what the record holds and the record holds nothing else.
 */
export function checkReferences(root: string): string[] {
  const {references, problems} = referencesIn(loadReadme(root));
  const record = loadRecord(root);
  if (typeof record === 'string') return [...problems, record];
  const cache = new Map<string, string[] | string>();
  for (const ref of references) {
    const now = read(root, ref, cache);
    const recorded = record[ref.key];
    if ('problem' in now) problems.push(`${where(ref)} ${now.problem}: point it at the line its row means, then run ${RUN_RECORD}`);
    else if (recorded === undefined) problems.push(`${where(ref)} is not in ${RECORD}: run ${RUN_REANCHOR} (the reference is new or was re-pointed)`);
    else if (!sameText(now.text, recorded))
      problems.push(
        `${where(ref)} reads ${quoted(now.text)}, the record ${quoted(recorded)}: run ${RUN_REANCHOR} if lines moved, ${RUN_RECORD} if the cited line was reworded on purpose`,
      );
  }
  const used = new Set(references.map((r) => r.key));
  for (const key of Object.keys(record)) if (!used.has(key)) problems.push(`${RECORD}: \`${key}\` is used by no reference of ${README}: run ${RUN_REANCHOR}`);
  return problems;
}

/** Each line of `lines` whose trimmed text is `text`, 1-based. */
const linesReading = (lines: string[], text: string): number[] => lines.flatMap((l, i) => (l.trim() === text ? [i + 1] : []));

/** The README with each reference's numbers replaced by those of `moved` (by README offset), nothing else changed. */
function rewriteNumbers(readme: string, moved: {ref: Reference; first: number; last: number}[]): string {
  let out = readme;
  for (const {ref, first, last} of [...moved].sort((a, b) => b.ref.numbersAt.start - a.ref.numbersAt.start))
    out = out.slice(0, ref.numbersAt.start) + numbers(ref.range, first, last) + out.slice(ref.numbersAt.end);
  return out;
}

/**
 * Re-anchors the references: one whose recorded text is no longer at its line moves to the one line of its file
 * that reads it; one the record lacks (written, or re-pointed by hand after a refusal) is recorded as it reads. A
 * text found nowhere or on several lines is a problem; with any problem nothing is written.
 */
export function reanchor(root: string): {problems: string[]; moved: string[]} {
  const readme = loadReadme(root);
  const {references, problems} = referencesIn(readme);
  const record = loadRecord(root);
  if (typeof record === 'string') return {problems: [...problems, record], moved: []};
  const cache = new Map<string, string[] | string>();
  const moves: {ref: Reference; first: number; last: number}[] = [];
  const added: Reference[] = [];
  const next: ReferenceRecord = {};
  for (const ref of references) {
    const recorded = record[ref.key];
    const lines = linesOf(root, ref, cache);
    if (typeof lines === 'string') {
      problems.push(`${where(ref)} ${lines}`);
      continue;
    }
    const now = textAt(lines, ref.first, ref.last, ref.range);
    if (recorded === undefined) {
      if ('problem' in now) problems.push(`${where(ref)} ${now.problem}: point it at the line its row means, then run ${RUN_REANCHOR}`);
      else {
        next[ref.key] = now.text;
        added.push(ref);
      }
      continue;
    }
    if ('text' in now && sameText(now.text, recorded)) {
      next[ref.key] = recorded;
      continue;
    }
    const found = (typeof recorded === 'string' ? [recorded] : recorded).map((text) => ({text, at: linesReading(lines, text)}));
    const lost = found.filter((f) => f.at.length !== 1);
    if (lost.length > 0) {
      for (const f of lost)
        problems.push(
          f.at.length === 0
            ? `${where(ref)} cannot move: ${JSON.stringify(f.text)} is gone from the file: point it at the line its row means, then run ${RUN_REANCHOR}; if that line was reworded on purpose, run ${RUN_RECORD}`
            : `${where(ref)} cannot move: ${JSON.stringify(f.text)} is on ${f.at.length} lines (${f.at.join(', ')}): point it at the one its row means, then run ${RUN_REANCHOR}`,
        );
      continue;
    }
    const [first, last] = [found[0].at[0], found[found.length - 1].at[0]];
    if (last < first) {
      problems.push(`${where(ref)} cannot move: its last line (${last}) is now before its first (${first}): fix the row, then run ${RUN_RECORD}`);
      continue;
    }
    moves.push({ref, first, last});
    next[`${ref.file}:${numbers(ref.range, first, last)}`] = recorded;
  }
  if (problems.length > 0) return {problems, moved: []};
  replaceIfChanged(path.join(root, README), rewriteNumbers(readme, moves));
  replaceIfChanged(path.join(root, RECORD), serializeRecord(next));
  return {
    problems: [],
    moved: [...moves.map((m) => `${where(m.ref)} → ${numbers(m.ref.range, m.first, m.last)}`), ...added.map((ref) => `${where(ref)} recorded`)],
  };
}

/** Writes the record from the README as it stands; with any reference that cannot be read, writes nothing. */
export function recordReferences(root: string): {problems: string[]; count: number} {
  const {references, problems} = referencesIn(loadReadme(root));
  const cache = new Map<string, string[] | string>();
  const record: ReferenceRecord = {};
  for (const ref of references) {
    const now = read(root, ref, cache);
    if ('problem' in now) problems.push(`${where(ref)} ${now.problem}: point it at the line its row means`);
    else record[ref.key] = now.text;
  }
  if (problems.length > 0) return {problems, count: 0};
  replaceIfChanged(path.join(root, RECORD), serializeRecord(record));
  return {problems: [], count: Object.keys(record).length};
}

/** `npm run refs [-- --record]`: what the command prints and its exit code (2 for an unknown argument). */
export function refsCommand(root: string, args: string[]): CommandResult {
  if (args.length > 1 || (args.length === 1 && args[0] !== '--record'))
    return {status: 2, output: `Usage: npm run refs (re-anchor moved lines) | npm run refs -- --record (record the README as it stands)\n`};
  if (args[0] === '--record') {
    const {problems, count} = recordReferences(root);
    if (problems.length > 0) return {status: 1, output: `${problems.join('\n')}\n${RECORD} not written.\n`};
    return {status: 0, output: `${RECORD}: ${count} references recorded.\n`};
  }
  const {problems, moved} = reanchor(root);
  if (problems.length > 0) return {status: 1, output: `${problems.join('\n')}\nNothing written.\n`};
  return {status: 0, output: moved.length === 0 ? `Every reference of ${README} is at its line.\n` : `${moved.join('\n')}\n`};
}
