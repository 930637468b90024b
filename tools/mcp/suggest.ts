/** Close names for "not found" errors, so an agent that mistyped a name can retry with the right one. */
import leven from 'leven';

/**
 * Up to `count` candidates close to `name`: those containing it (or contained in it) first, then by edit distance,
 * ignoring case; candidates further than about a third of the name's length are left out.
 */
export function closestNames(name: string, candidates: Iterable<string>, count = 5): string[] {
  const wanted = name.toLowerCase();
  const scored: {candidate: string; score: number}[] = [];
  for (const candidate of new Set(candidates)) {
    const lower = candidate.toLowerCase();
    const contains = Math.min(wanted.length, lower.length) >= 3 && (lower.includes(wanted) || wanted.includes(lower));
    const distance = leven(wanted, lower);
    if (!contains && distance > Math.max(2, Math.ceil(wanted.length / 3))) continue;
    scored.push({candidate, score: contains ? distance - 1000 : distance});
  }
  return scored
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map((s) => s.candidate);
}

/** The error a tool throws for an unknown name; the SDK returns its message as the tool's error result. */
export function notFound(what: string, name: string, candidates: Iterable<string>, hint = ''): Error {
  const close = closestNames(name, candidates);
  const suggestion = close.length ? ` Did you mean ${close.map((c) => `"${c}"`).join(', ')}?` : '';
  return new Error(`No ${what} "${name}".${suggestion}${hint ? ` ${hint}` : ''}`);
}
