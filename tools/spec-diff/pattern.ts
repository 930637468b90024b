/**
 * Whether a changed `pattern` provably accepts every value the old one did, read syntactically: the new pattern is the
 * old one with alternatives added (`^A$` → `^(?:A|B)$`, `A` → `A|B`), a part put in a group with other alternatives
 * (`^sk_…$` → `^(?:sk|rk)_…$`), a class that gained items (`[a-z]` → `[a-z0-9]`) or a character become a class
 * holding it (`-` → `[-_]`), the rest written the same (quantifiers: the same bounds). Alternation, concatenation,
 * groups and quantifiers accept more only when a part does, so these are proofs; anything else (a changed branch,
 * anchor or quantifier, a negated class, a lookaround, a backreference, a class set operation) is not proven, and the
 * gate keeps calling it a change of values. And the longest value an anchored pattern matches (`patternMaxLength`),
 * for a `maxLength` stated beside it. Both read patterns with regexpp, ESLint's parser, as validators compile them.
 */
import {RegExpParser, RegExpSyntaxError, visitRegExpAST, type AST} from '@eslint-community/regexpp';

/** One part of a sequence: what it matches and how often (null: once, as written without a quantifier). */
interface Term {
  atom: AST.QuantifiableElement | AST.Assertion;
  quantifier: AST.Quantifier | null;
}
type Group = AST.Group | AST.CapturingGroup;

const PARSER = new RegExpParser();

/** The alternatives of `node` as sequences of terms. */
const branches = (node: AST.Pattern | Group): Term[][] =>
  node.alternatives.map((alternative) =>
    alternative.elements.map((element) => (element.type === 'Quantifier' ? {atom: element.element, quantifier: element} : {atom: element, quantifier: null})),
  );

/** `source` parsed as JSON Schema validators compile it (Unicode mode, ECMA-262), or null when it does not compile. */
function parse(source: string): AST.Pattern | null {
  try {
    return PARSER.parsePattern(source, 0, source.length, {unicode: true, unicodeSets: false});
  } catch (e) {
    if (e instanceof RegExpSyntaxError) return null;
    throw e;
  }
}

/** `source` as sequences of terms, or null when it does not compile or holds what this file proves nothing about. */
function read(source: string): Term[][] | null {
  const pattern = parse(source);
  if (!pattern) return null;
  let readable = true;
  visitRegExpAST(pattern, {
    // A lookaround that accepts more can refuse more; a backreference repeats what its group matched.
    onAssertionEnter: (node) => void (readable &&= node.kind !== 'lookahead' && node.kind !== 'lookbehind'),
    onBackreferenceEnter: () => void (readable = false),
    onGroupEnter: (node) => void (readable &&= node.modifiers === null),
    // A validator in `v` mode reads `[` in a class as a nested class and `&&`, `--` as set operations.
    onCharacterEnter: (node) => void (readable &&= node.raw !== '['),
    onCharacterClassEnter: (node) => void (readable &&= !/&&|--/.test(node.raw)),
  });
  return readable ? branches(pattern) : null;
}

const isGroup = (atom: Term['atom']): atom is Group => atom.type === 'Group' || atom.type === 'CapturingGroup';
const sameQuantifier = (a: AST.Quantifier | null, b: AST.Quantifier | null): boolean =>
  a === null || b === null ? a === b : a.min === b.min && a.max === b.max && a.greedy === b.greedy;
const sequenceText = (terms: Term[]): string => terms.map((t) => (t.quantifier ?? t.atom).raw).join('');

/** The alternatives a sequence stands for: a group alone, without a quantifier, is its own alternatives. */
function alternativesOf(terms: Term[]): Term[][] {
  const [only] = terms;
  return terms.length === 1 && only.quantifier === null && isGroup(only.atom) ? branches(only.atom) : [terms];
}

/** Every value of `a` (one character, set, class, group or assertion) is one of `b`. */
function atomWithin(a: Term['atom'], b: Term['atom']): boolean {
  if (a.raw === b.raw) return true;
  if (b.type === 'CharacterClass' && !b.negate) {
    const holds = (raw: string): boolean => b.elements.some((item) => item.raw === raw);
    if (a.type === 'CharacterClass') return !a.negate && a.elements.every((item) => holds(item.raw));
    // A character, `\d`-like or `\p{…}` means the same in a class as alone; `.` does not.
    if (a.type === 'Character' || (a.type === 'CharacterSet' && a.kind !== 'any')) return holds(a.raw);
  }
  if (isGroup(a) && isGroup(b)) return alternationWithin(branches(a), branches(b));
  if (isGroup(b)) return alternationWithin([[{atom: a, quantifier: null}]], branches(b));
  return false;
}

/** Every value of `a` is one of `b`, term by term: same quantifiers, each atom within its counterpart. */
function termsWithin(a: Term[], b: Term[]): boolean {
  return a.length === b.length && a.every((t, i) => sameQuantifier(t.quantifier, b[i].quantifier) && atomWithin(t.atom, b[i].atom));
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
    const {atom: group, quantifier} = b[at];
    if (quantifier !== null || !isGroup(group)) continue;
    const run = a.length - b.length + 1;
    if (run < 1) break;
    if (
      termsWithin(a.slice(0, at), b.slice(0, at)) &&
      termsWithin(a.slice(at + run), b.slice(at + 1)) &&
      alternationWithin([a.slice(at, at + run)], branches(group))
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
  const [old, now] = [read(before), read(after)];
  return old !== null && now !== null && alternationWithin(old, now);
}

/** The longest string an element matches: null when unbounded or not read here (a lookaround, a backreference). */
function longest(node: AST.Element | AST.Alternative | AST.Pattern | Group): number | null {
  switch (node.type) {
    case 'Pattern':
    case 'Group':
    case 'CapturingGroup': {
      const each = node.alternatives.map(longest);
      return each.includes(null) ? null : Math.max(...(each as number[]));
    }
    case 'Alternative': {
      const each = node.elements.map(longest);
      return each.includes(null) ? null : (each as number[]).reduce((sum, n) => sum + n, 0);
    }
    case 'Quantifier': {
      const inner = longest(node.element);
      return inner === null || node.max === Infinity ? null : inner * node.max;
    }
    case 'Character':
    case 'CharacterClass':
      return 1;
    case 'CharacterSet':
      // `.`, `\d`, `\p{…}` match one character; a string property of `v` mode is not compiled here.
      return 1;
    case 'Assertion':
      return node.kind === 'start' || node.kind === 'end' || node.kind === 'word' ? 0 : null;
    default:
      return null;
  }
}

/**
 * The longest string an anchored pattern (`^…$`) matches, or null if it is unbounded, unanchored or does not compile:
 * whether a `maxLength` stated beside it only says what the pattern already held.
 */
export function patternMaxLength(pattern: string): number | null {
  const ast = parse(pattern);
  if (!ast) return null;
  // Anchored at both ends of every alternative, or the pattern matches inside longer strings.
  const anchored = ast.alternatives.every((a) => {
    const [first, last] = [a.elements[0], a.elements.at(-1)];
    return first?.type === 'Assertion' && first.kind === 'start' && last?.type === 'Assertion' && last.kind === 'end';
  });
  return anchored ? longest(ast) : null;
}
