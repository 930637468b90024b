/**
 * Whether a changed `pattern` provably accepts every value the old one accepted, read syntactically: the new pattern
 * is the old one with alternatives added (`^A$` → `^(?:A|B)$`, `A` → `A|B`), a part of it put in a group with other
 * alternatives (`^sk_…$` → `^(?:sk|rk)_…$`), a character class that gained items (`[a-z]` → `[a-z0-9]`), or a
 * character that became a class holding it (`-` → `[-_]`), each part otherwise written the same. Alternation,
 * concatenation, groups and quantifiers only ever accept more when a part accepts more, so these are proofs;
 * anything else (a changed branch, anchor, quantifier, a negated class, a lookaround, a backreference, a pattern
 * the parser does not read) is not proven, and the gate keeps calling it a change of values.
 */

/** A pattern read as alternatives of sequences of terms; `text` is how the part is written. */
type Alternation = {kind: 'alternation'; branches: Term[][]};
type Atom =
  {kind: 'group'; alternation: Alternation; text: string} | {kind: 'class'; negated: boolean; items: string[]; text: string} | {kind: 'char'; text: string};
interface Term {
  atom: Atom;
  /** `*`, `+`, `?`, `{m,n}` and a lazy `?`, as written; '' for none. */
  quantifier: string;
}

/** Escapes that stand for one character or a set of them the same way in and out of a class. */
const SET_ESCAPE = /^\\[dDwWsS]$/;
/** Characters that mean something else in a class than alone. */
const CLASS_ONLY = new Set(['.', '^', '$']);

class Unreadable extends Error {}

/** Reads `source` (ECMA-262, as JSON Schema's `pattern`), or throws Unreadable for what this file does not prove things about. */
function parse(source: string): Alternation {
  let pos = 0;
  const fail = (why: string): never => {
    throw new Unreadable(`${why} at ${pos} of ${source}`);
  };
  // A character outside the BMP is two code units here and one character to the validator.
  if (/[\uD800-\uDFFF]/.test(source)) fail('a character outside the BMP');
  // The one escape form read here: `\` and one character, or `\u`/`\x`/`\p` and their arguments.
  const escape = (): string => {
    const start = pos++;
    const c = source[pos++];
    if (c === undefined) fail('a trailing backslash');
    if (/[1-9k]/.test(c)) fail('a backreference');
    if (c === 'u' && source[pos] === '{') pos = source.indexOf('}', pos) + 1 || fail('an unclosed \\u{');
    else if (c === 'u') pos += 4;
    else if (c === 'x') pos += 2;
    else if ((c === 'p' || c === 'P') && source[pos] === '{') pos = source.indexOf('}', pos) + 1 || fail('an unclosed \\p{');
    else if (c === 'c') pos += 1;
    return source.slice(start, pos);
  };
  const charClass = (): Atom => {
    const start = pos++;
    const negated = source[pos] === '^';
    if (negated) pos++;
    const items: string[] = [];
    const one = (): string => {
      if (source[pos] === '[') fail('a nested class');
      return source[pos] === '\\' ? escape() : source[pos++];
    };
    while (source[pos] !== ']') {
      if (pos >= source.length) fail('an unclosed class');
      if (source.startsWith('&&', pos) || source.startsWith('--', pos)) fail('a class operation');
      let item = one();
      if (source[pos] === '-' && source[pos + 1] !== ']' && pos + 1 < source.length) {
        pos++;
        item += `-${one()}`;
      }
      items.push(item);
    }
    pos++;
    return {kind: 'class', negated, items, text: source.slice(start, pos)};
  };
  const quantifier = (): string => {
    const start = pos;
    const c = source[pos];
    if (c === '*' || c === '+' || c === '?') pos++;
    else if (c === '{') {
      const m = /^\{\d+(,\d*)?\}/.exec(source.slice(pos));
      if (!m) fail('a brace that is not a quantifier');
      pos += m![0].length;
    } else return '';
    if (source[pos] === '?') pos++;
    return source.slice(start, pos);
  };
  const alternation = (closing: boolean): Alternation => {
    const branches: Term[][] = [[]];
    for (;;) {
      const c = source[pos];
      if (c === undefined) {
        if (closing) fail('an unclosed group');
        return {kind: 'alternation', branches};
      }
      if (c === ')') {
        if (!closing) fail('an unopened group');
        return {kind: 'alternation', branches};
      }
      if (c === '|') {
        pos++;
        branches.push([]);
        continue;
      }
      let atom: Atom;
      if (c === '(') {
        const start = pos;
        if (source.startsWith('(?:', pos)) pos += 3;
        else if (source[pos + 1] === '?' && !source.startsWith('(?<', pos)) fail('a lookaround or modifier');
        else if (source.startsWith('(?<=', pos) || source.startsWith('(?<!', pos)) fail('a lookbehind');
        else if (source.startsWith('(?<', pos)) pos = source.indexOf('>', pos) + 1 || fail('an unclosed group name');
        else pos++;
        const inner = alternation(true);
        pos++;
        atom = {kind: 'group', alternation: inner, text: source.slice(start, pos)};
      } else if (c === '[') atom = charClass();
      else if (c === '\\') atom = {kind: 'char', text: escape()};
      else if ('*+?{'.includes(c)) return fail('a quantifier with nothing to repeat');
      else {
        pos++;
        atom = {kind: 'char', text: c};
      }
      branches[branches.length - 1].push({atom, quantifier: quantifier()});
    }
  };
  return alternation(false);
}

const termText = (t: Term): string => t.atom.text + t.quantifier;
const sequenceText = (terms: Term[]): string => terms.map(termText).join('');

/** The alternatives a sequence stands for: a group alone, without a quantifier, is its own alternatives. */
function alternativesOf(terms: Term[]): Term[][] {
  const [only] = terms;
  return terms.length === 1 && only.quantifier === '' && only.atom.kind === 'group' ? only.atom.alternation.branches : [terms];
}

/** Every value of `a` (one character alone, a class or a group) is one of `b`. */
function atomWithin(a: Atom, b: Atom): boolean {
  if (a.text === b.text) return true;
  if (b.kind === 'class' && !b.negated) {
    if (a.kind === 'class') return !a.negated && a.items.every((item) => b.items.includes(item));
    if (a.kind === 'char' && !CLASS_ONLY.has(a.text) && (a.text.length === 1 || SET_ESCAPE.test(a.text) || /^\\[^A-Za-z0-9]$/.test(a.text)))
      return b.items.includes(a.text);
  }
  if (a.kind === 'group' && b.kind === 'group') return alternationWithin(a.alternation.branches, b.alternation.branches);
  if (b.kind === 'group') return alternationWithin([[{atom: a, quantifier: ''}]], b.alternation.branches);
  return false;
}

/** Every value of `a` is one of `b`, term by term: same quantifiers, each atom within its counterpart. */
function termsWithin(a: Term[], b: Term[]): boolean {
  return a.length === b.length && a.every((t, i) => t.quantifier === b[i].quantifier && atomWithin(t.atom, b[i].atom));
}

/**
 * Every value of the sequence `a` is one of `b`: term by term, or with one run of `a`'s terms standing in `b` as
 * one group (no quantifier) that has an alternative the run is within.
 */
function sequenceWithin(a: Term[], b: Term[]): boolean {
  if (sequenceText(a) === sequenceText(b) || termsWithin(a, b)) return true;
  const [aAlternatives, bAlternatives] = [alternativesOf(a), alternativesOf(b)];
  if (aAlternatives.length > 1 || bAlternatives.length > 1 || aAlternatives[0] !== a || bAlternatives[0] !== b)
    return alternationWithin(aAlternatives, bAlternatives);
  for (let at = 0; at < b.length; at++) {
    const group = b[at];
    if (group.quantifier !== '' || group.atom.kind !== 'group') continue;
    const run = a.length - b.length + 1;
    if (run < 1) break;
    if (
      termsWithin(a.slice(0, at), b.slice(0, at)) &&
      termsWithin(a.slice(at + run), b.slice(at + 1)) &&
      alternationWithin([a.slice(at, at + run)], group.atom.alternation.branches)
    )
      return true;
  }
  return false;
}

/** Every branch of `a` is within one of `b`'s. */
const alternationWithin = (a: Term[][], b: Term[][]): boolean => a.every((branch) => b.some((other) => sequenceWithin(branch, other)));

/**
 * True when `after` is proven to accept every string `before` accepts (see the top of this file); false when it is
 * not proven, which does not mean it accepts fewer.
 */
export function patternWidened(before: string, after: string): boolean {
  if (before === after) return false;
  try {
    // Both must be patterns at all, in the Unicode mode JSON Schema validators compile them in.
    new RegExp(before, 'u');
    new RegExp(after, 'u');
    return alternationWithin(parse(before).branches, parse(after).branches);
  } catch (e) {
    if (e instanceof Unreadable || e instanceof SyntaxError) return false;
    throw e;
  }
}
