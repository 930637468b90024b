/**
 * The gate's proof that a changed `pattern` accepts every value the old one accepted (tools/spec-diff/pattern.ts):
 * each proven widening is checked against strings the old pattern accepts and that the new one accepts more, and each
 * near miss (a changed branch, moved anchors, a removed branch, a changed quantifier, a negated class, a lookaround,
 * a backreference, no pattern at all) stays unproven. The classification by direction is in the cases
 * (tests/fixtures/diff/cases-extra.yaml, issue 47).
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {patternMaxLength, patternWidened} from '../../../tools/spec-diff/pattern';

const SECRET = 'sk_sandbox_4eC39HqLyjWDarjtT1zdp7dc';
const RESTRICTED = 'rk_sandbox_XXXXXXXXXXXXXXXXXXXXXXXX';

/** Proven widenings: [old, new, a value both accept, a value only the new one accepts]. */
const WIDENED: [string, string, string, string][] = [
  ['^sk_(sandbox|live)_[A-Za-z0-9]{16,64}$', '^(?:sk_(sandbox|live)_[A-Za-z0-9]{16,64}|rk_(sandbox|live)_[A-Za-z0-9]{24})$', SECRET, RESTRICTED],
  ['^sk_sandbox_[A-Za-z0-9]+$', '^(?:sk|rk)_sandbox_[A-Za-z0-9]+$', SECRET, RESTRICTED],
  ['^sk_sandbox_[A-Za-z0-9]+$', '^(sk|rk)_sandbox_[A-Za-z0-9]+$', SECRET, RESTRICTED],
  ['sk_sandbox_', 'sk_sandbox_|rk_sandbox_', SECRET, RESTRICTED],
  ['^sk_sandbox_[A-Za-z0-9]+$', '^sk_sandbox_[A-Za-z0-9]+$|^rk_sandbox_[A-Za-z0-9]{24}$', SECRET, RESTRICTED],
  ['^sk_sandbox_[A-Z0-9a-z]+$', '^sk_sandbox_[A-Z0-9a-z_-]+$', SECRET, 'sk_sandbox_a-b_c'],
  ['^sk_sandbox_[a-z]+$', '^sk_sandbox_[a-z\\d]+$', 'sk_sandbox_abc', 'sk_sandbox_abc123'],
  ['^sk-sandbox-\\d+$', '^sk[-_]sandbox[-_]\\d+$', 'sk-sandbox-42', 'sk_sandbox_42'],
  ['^sk_\\d+$', '^sk_[\\d.]+$', 'sk_12', 'sk_1.2'],
  ['^(?:a|b)_\\d{2}$', '^(?:a|b|c)_\\d{2}$', 'b_12', 'c_12'],
  ['^(?:sk|rk)_x$', '^(?:rk|sk|pk)_x$', 'rk_x', 'pk_x'],
  ['^(?<kind>sk|rk)_x$', '^(?<kind>sk|rk|pk)_x$', 'sk_x', 'pk_x'],
  // Read as a Unicode-mode validator reads them: an escape or a `\p{…}` is one item, found in a class holding it...
  ['^key_\\u{41}\\d$', '^key_[\\u{41}\\u{42}]\\d$', 'key_A1', 'key_B1'],
  ['^\\p{Lu}+$', '^[\\p{Lu}\\d]+$', 'ABC', 'AB1'],
  // ...a character outside the BMP is one character, not two halves...
  ['^😀_x$', '^[😀🙂]_x$', '😀_x', '🙂_x'],
  // ...and a quantifier is its bounds, however written.
  ['^a{2}$', '^[ab]{2,2}$', 'aa', 'ab'],
  ['^a+$', '^(?:a|b){1,}$', 'aa', 'ab'],
];

/** Not proven (whether or not they accept more): [old, new, why]. */
const NOT_PROVEN: [string, string, string][] = [
  ['^sk_[A-Za-z0-9]{16}$', '^(?:sk_[A-Za-z0-9]{20}|rk_[A-Za-z0-9]{24})$', 'the old branch changed'],
  ['^sk_[A-Za-z0-9]{16}$', '^(?:sk_[A-Za-z0-9]{16})|(?:rk_[A-Za-z0-9]{24})$', 'the anchors moved: `^` binds to one branch, `$` to the other'],
  ['^sk_[A-Za-z0-9]{16}$', '^(?:sk_[A-Za-z0-9]{16}|rk_[A-Za-z0-9]{24})', 'the end anchor dropped'],
  ['^(?:sk|rk)_x$', '^(?:sk|pk)_x$', 'a branch removed as another is added'],
  ['^(?:sk|rk)_x$', '^sk_x$', 'a branch removed'],
  ['^sk_[a-z]{16}$', '^sk_[a-z]{16,32}$', 'a quantifier changed'],
  ['^sk_[a-z]+$', '^(?:sk_[a-z]|rk)+$', 'a run with its quantifier split'],
  ['^[^a-z]+$', '^[^a-z0-9]+$', 'a negated class gained an item (fewer values)'],
  ['^sk_[a-z]+$', '^sk_[^a-z]+$', 'a class negated'],
  ['^a.c$', '^a[.b]c$', '`.` means another thing in a class'],
  ['^(?!rk)[a-z_]+$', '^(?!(?:rk|pk))[a-z_]+$', 'a lookahead (widening in it refuses more)'],
  ['^(a)\\1$', '^(a|b)\\1$', 'a backreference'],
  ['^(?i:a)$', '^(?i:a|b)$', 'a modifier group'],
  ['^x\\b$', '^x[\\b.]$', '`\\b` in a class is a backspace, not a word boundary'],
  ['^[a&&b]$', '^[a&&bc]$', '`&&` in a class is an intersection to a `v`-mode validator'],
  ['^[+--]$', '^[+--a]$', '`--` in a class is a subtraction to a `v`-mode validator'],
  ['^[[a]$', '^[[ab]$', '`[` in a class opens a nested class to a `v`-mode validator'],
  ['^sk_x$', '^sk_x(', 'the new pattern does not compile'],
  ['^sk_x$', '^sk_x$', 'the same pattern is no change'],
];

test('a pattern that gained alternatives, a group of them or class items is proven to accept every value it accepted', () => {
  for (const [before, after, kept, more] of WIDENED) {
    assert.equal(patternWidened(before, after), true, `${before} → ${after}`);
    // The proof agrees with the regular expressions on values: the old one's still match, and more do.
    const [old, now] = [new RegExp(before, 'u'), new RegExp(after, 'u')];
    assert.ok(old.test(kept) && now.test(kept), `${before} and ${after} both accept ${kept}`);
    assert.ok(now.test(more) && !old.test(more), `${after} accepts ${more} and ${before} does not`);
    // The other way round it is not a widening: the proof knows which side has more.
    assert.equal(patternWidened(after, before), false, `${after} → ${before}`);
  }
});

test('near misses of a widening stay unproven', () => {
  for (const [before, after, why] of NOT_PROVEN) assert.equal(patternWidened(before, after), false, `${before} → ${after}: ${why}`);
});

test('the longest value of an anchored pattern, checked against a value of that length; unbounded or unanchored: none', () => {
  const bounded: [string, number, string][] = [
    ['^[a-z]{3}$', 3, 'abc'],
    ['^(?:sk|rk)_(sandbox|live)_[A-Za-z0-9]{16,64}$', 3 + 8 + 64, `sk_sandbox_${'a'.repeat(64)}`],
    ['^acc_[A-Za-z0-9]{16}$|^[0-9]{2}$', 20, 'acc_7Hq2LmX9pR4sT8vW'],
    ['^\\d{4}-\\d{2}-\\d{2}(?:T\\d{2})?$', 13, '2025-03-14T09'],
    ['^\\u{1F600}{2}$', 2, '\u{1F600}\u{1F600}'],
    ['^\\bab?\\b$', 2, 'ab'],
  ];
  for (const [pattern, longest, value] of bounded) {
    assert.equal(patternMaxLength(pattern), longest, pattern);
    // The longest value is a value: the reading counts characters as the validator does.
    assert.ok(new RegExp(pattern, 'u').test(value) && [...value].length === longest, `${pattern} accepts ${value}`);
  }
  for (const pattern of ['^a+$', '^a{2,}$', 'abc', '^abc', 'abc$', '^(?=a)abc$', '^(a)\\1$', '^(a|b*)$', '^[a-'])
    assert.equal(patternMaxLength(pattern), null, pattern);
});
