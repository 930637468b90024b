/**
 * A task page as the programs a reader runs by following it (tests/spec/docs-snippets.test.ts): in each language the
 * page shows (cURL, Node.js, Python), every code block of that language in page order, in a fresh shell, against a
 * fresh sandbox key. The convention the pages follow:
 * - A request's languages are the tabs of one `<Tabs groupId="lang">`: `curl` (```bash), `node` (```js), `python`
 *   (```python); other tabs (TypeScript, a terminal's websocat) are not run. A tab without a request sets up what
 *   the next ones read (`export ACCOUNT_ID=…`, `const accountId = …`).
 * - A step of a workflow embedded with `::workflow-step{…}` is its samples (src/plugins/workflow-steps/generate/guide-steps.ts), at the
 *   directive's line.
 * - A ```bash block outside any tabs that holds a `curl` command is a cURL request of its own (in no other language).
 * Within a page the blocks of a language continue one another, so each language becomes one program:
 * - cURL: one bash script (`set -euo pipefail`); `curl` is a function that saves each response body and prints
 *   each call.
 * - Node.js: one ES module (top-level await); `import`s gathered at the top, each once, and a block's top-level
 *   `const`/`let` made `var`, so that the next block may declare `res` again; a prelude records every fetch.
 * - Python: the blocks one after another; a prelude records every call made with requests.
 * Before each block the program prints `@@BLOCK <line>`, and every call `@@CALL {method, url, status, body}`, so that
 * a call is traced to the block, and the page line, that made it. The page's base URL becomes the sandbox's.
 */
import {DOC_BASE_URLS} from './doc-requests';

export type SnippetLanguage = 'python' | 'node' | 'curl';
export const SNIPPET_LANGUAGES: SnippetLanguage[] = ['curl', 'node', 'python'];

export interface PageBlock {
  language: SnippetLanguage;
  /** Line of the fence in the page, or of the `::workflow-step` directive that embeds it. */
  line: number;
  code: string;
  /** Line of the `<Tabs>` it is a tab of, if any (its siblings in other languages share it). */
  tabs?: number;
  /** The embedded workflow step it is a sample of. */
  step?: {workflow: string; step: string};
  /** Whether it sends a request (a setup block does not). */
  request: boolean;
}

export interface RecordedCall {
  /** Line of the block that made it. */
  block: number;
  method: string;
  url: string;
  status: number;
  /** The response body, as text. */
  body: string;
}

const TAB_LANGUAGES: Record<string, SnippetLanguage> = {curl: 'curl', node: 'node', python: 'python'};
const FENCE_LANGUAGES: Record<SnippetLanguage, RegExp> = {curl: /^(bash|sh|shell)$/, node: /^(js|javascript|mjs)$/, python: /^(python|py)$/};
const SENDS: Record<SnippetLanguage, RegExp> = {
  curl: /^\s*curl\s/m,
  node: /\bfetch\(/,
  python: /\brequests\.(get|post|put|patch|delete|request)\(/,
};
const DIRECTIVE = /^\s*::workflow-step\{workflow="([^"]+)"\s+step="([^"]+)"\}\s*$/;

/**
 * The runnable blocks of a page (markdown), in page order; a `::workflow-step` directive is replaced by its step's
 * samples (`steps`: `<workflow>/<step>` → the step's MDX), each at the directive's line.
 */
export function pageBlocks(markdown: string, steps: (workflow: string, step: string) => string | undefined, lineOf?: number): PageBlock[] {
  const lines = markdown.split('\n');
  const blocks: PageBlock[] = [];
  let tabs: number | undefined;
  let tab: SnippetLanguage | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const directive = DIRECTIVE.exec(line);
    if (directive) {
      const mdx = steps(directive[1], directive[2]);
      if (mdx === undefined) throw new Error(`line ${i + 1}: no workflow step ${directive[1]}/${directive[2]}`);
      for (const b of pageBlocks(mdx, steps, lineOf ?? i + 1)) blocks.push({...b, step: {workflow: directive[1], step: directive[2]}});
      continue;
    }
    if (/^\s*<Tabs\s+groupId="lang"/.test(line)) tabs = lineOf ?? i + 1;
    else if (/^\s*<\/Tabs>/.test(line)) [tabs, tab] = [undefined, undefined];
    const item = /^\s*<TabItem\s+value="([^"]+)"/.exec(line);
    if (item) tab = TAB_LANGUAGES[item[1]];
    const fence = /^(\s*)(`{3,})(\S*)/.exec(line);
    if (!fence) continue;
    const [, indent, ticks, lang] = fence;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !new RegExp(`^\\s*${ticks}\\s*$`).test(lines[i]); i++)
      body.push(lines[i].startsWith(indent) ? lines[i].slice(indent.length) : lines[i]);
    const code = body.join('\n');
    const language = tabs !== undefined ? tab : FENCE_LANGUAGES.curl.test(lang) && SENDS.curl.test(code) ? 'curl' : undefined;
    if (!language || !FENCE_LANGUAGES[language].test(lang)) continue;
    blocks.push({language, line: lineOf ?? start + 1, code, tabs, request: SENDS[language].test(code)});
  }
  return blocks;
}

/** The page's base URLs made the sandbox's (`origin`, whose `/v1` is the API's). */
function rebase(code: string, origin: string): string {
  let out = code;
  for (const base of DOC_BASE_URLS) out = out.split(base).join(base.endsWith('/v1') ? `${origin}/v1` : origin);
  return out;
}

const CURL_PRELUDE = `set -euo pipefail
__calls=0
__dir=$(mktemp -d)
curl() {
  __calls=$((__calls + 1))
  local out="" prev=""
  for a in "$@"; do
    if [ "$prev" = "-o" ] || [ "$prev" = "--output" ]; then out="$a"; fi
    prev="$a"
  done
  local status
  # A stream a sample bounds with --max-time (the event stream) ends with curl's timeout, 28: what it received counts.
  if [ -n "$out" ]; then
    status=$(command curl "$@" -w '%{http_code}') || [ $? -eq 28 ]
    cp "$out" "$__dir/body"
  else
    status=$(command curl "$@" -o "$__dir/body" -w '%{http_code}') || [ $? -eq 28 ]
    cat "$__dir/body"
  fi
  printf '@@CALL {"method":"%s","url":"%s","status":%s,"file":"%s"}\\n' "$(__method "$@")" "$(__url "$@")" "$status" "$__dir/body.$__calls" >&2
  cp "$__dir/body" "$__dir/body.$__calls"
}
__method() {
  local prev="" method=""
  for a in "$@"; do
    if [ "$prev" = "-X" ] || [ "$prev" = "--request" ]; then method="$a"; fi
    case "$prev" in -d|--data|--data-raw|--data-binary|--json) method=\${method:-POST};; esac
    prev="$a"
  done
  echo "\${method:-GET}"
}
__url() {
  local prev=""
  for a in "$@"; do
    case "$a" in http://*|https://*) case "$prev" in -H|--header|-d|--data|--data-raw|-o|--output) ;; *) echo "$a"; return;; esac;; esac
    prev="$a"
  done
}
`;

const PYTHON_PRELUDE = `import json as _json, sys as _sys
import requests as _requests
_send = _requests.Session.request
def _recorded(self, method, url, *args, **kwargs):
    response = _send(self, method, url, *args, **kwargs)
    # A streamed response (the event stream, stream=True) is the sample's to read, as it comes: its body is not recorded.
    body = "" if kwargs.get("stream") else response.text
    print("@@CALL " + _json.dumps({"method": method.upper(), "url": response.url, "status": response.status_code, "body": body}), file=_sys.stderr)
    return response
_requests.Session.request = _recorded
`;

const NODE_PRELUDE = `const __fetch = globalThis.fetch;
globalThis.fetch = async (input, init = {}) => {
  const response = await __fetch(input, init);
  // An event stream never ends by itself: the sample reads it as it comes, and its body is not recorded.
  const body = response.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await response.clone().text();
  process.stderr.write('@@CALL ' + JSON.stringify({method: (init.method ?? 'GET').toUpperCase(), url: String(input), status: response.status, body}) + '\\n');
  return response;
};
`;

/** One program of a page's blocks of `language`, calling `origin` instead of the documented base URL. */
export function program(blocks: PageBlock[], language: SnippetLanguage, origin: string): string {
  const mine = blocks.filter((b) => b.language === language);
  // The reader's key is in the environment already (a page shows `export NOVARAMP_API_KEY=sk_sandbox_...` once).
  const code = (b: PageBlock) => rebase(b.code, origin).replace(/^export NOVARAMP_API_KEY=.*$/m, '');
  if (language === 'curl') return CURL_PRELUDE + mine.map((b) => `echo '@@BLOCK ${b.line}' >&2\n${code(b)}`).join('\n') + '\n';
  if (language === 'python')
    return PYTHON_PRELUDE + mine.map((b) => `print("@@BLOCK ${b.line}", file=_sys.stderr)\n${rebase(b.code, origin)}`).join('\n\n') + '\n';
  // Named imports merged by module (`{ randomUUID }` and `{randomUUID}` are one), other imports kept once.
  const named = new Map<string, Set<string>>();
  const other = new Set<string>();
  const bodies = mine.map((b) => {
    const body = rebase(b.code, origin)
      .split('\n')
      .filter((l) => {
        if (!/^import\s/.test(l)) return true;
        const m = /^import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"];?\s*$/.exec(l);
        if (m)
          for (const n of m[1]
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean))
            named.set(m[2], (named.get(m[2]) ?? new Set()).add(n));
        else other.add(l.trim());
        return false;
      })
      .map((l) => l.replace(/^(const|let)\s/, 'var '))
      .join('\n');
    return `process.stderr.write('@@BLOCK ${b.line}\\n');\n${body}`;
  });
  const imports = [...other, ...[...named].map(([from, names]) => `import {${[...names].join(', ')}} from '${from}';`)];
  return [...imports, NODE_PRELUDE, ...bodies].join('\n') + '\n';
}

/** The calls a program printed on stderr, each with the block that made it (a cURL body is read from its file). */
export function recordedCalls(stderr: string, readFile: (file: string) => string = () => ''): RecordedCall[] {
  const calls: RecordedCall[] = [];
  let block = 0;
  for (const m of stderr.matchAll(/^@@(BLOCK|CALL) (.*)$/gm)) {
    if (m[1] === 'BLOCK') {
      block = Number(m[2]);
      continue;
    }
    const call = JSON.parse(m[2]) as Omit<RecordedCall, 'block'> & {file?: string};
    calls.push({block, method: call.method, url: call.url, status: call.status, body: call.file ? readFile(call.file) : call.body});
  }
  return calls;
}

/** The line of the last block a program started, from its stderr (where it stopped when it failed). */
export const lastBlock = (stderr: string): number | undefined => Number([...stderr.matchAll(/^@@BLOCK (\d+)$/gm)].at(-1)?.[1] ?? NaN) || undefined;

/**
 * The fields whose values matter when a page shows a response: states, kinds, amounts and currencies, booleans that
 * steer the reader, error codes. Others (ids, times, secrets, names, bank details) differ from sandbox to sandbox or
 * merely illustrate: their shape is compared, not their value.
 */
const VALUE_KEY =
  /^(status|kyc_status|type|direction|value|currency|asset|network|rail|code|outcome|has_more|enabled|kind|total|available|pending|reserved|rate|entity_type|confirmations|confirmations_required|scheme|enabled_events|version|environment|attempt)$/;

/**
 * How a response body the page shows differs from the one the sandbox returned: every field shown must be
 * returned (an abridged body shows fewer; one shown `null` may be left out), of the same type (a time or an id null
 * or not alike), and with the same value where the value
 * matters (VALUE_KEY). Arrays are compared item by item as far as both go. `path` names the field.
 */
export function bodyDifferences(shown: unknown, actual: unknown, path = '', key = ''): string[] {
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${path}: the page shows a list, the sandbox returned ${JSON.stringify(actual)}`];
    // An item of a list is compared with the returned item of its `type`, if it has one (order within a second
    // depends on the ids), else with the item at its place.
    const left = [...actual] as unknown[];
    return shown.slice(0, actual.length).flatMap((item, i) => {
      const type = (item as {type?: unknown} | null)?.type;
      const j = type === undefined ? -1 : left.findIndex((a) => (a as {type?: unknown} | null)?.type === type);
      const match = j >= 0 ? left.splice(j, 1)[0] : actual[i];
      return bodyDifferences(item, match, `${path}[${i}]`, key);
    });
  }
  if (shown && typeof shown === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual))
      return [`${path || 'the body'}: the page shows an object, the sandbox returned ${JSON.stringify(actual)}`];
    // An optional field shown `null` may be left out: a client reads both the same.
    return Object.entries(shown).flatMap(([k, v]) =>
      k in actual
        ? bodyDifferences(v, (actual as Record<string, unknown>)[k], path ? `${path}.${k}` : k, k)
        : v === null
          ? []
          : [`${path ? `${path}.${k}` : k}: shown, not returned`],
    );
  }
  // A time or a link set or not tells a state (`completed_at`, `transaction_id`); another field may be unknown (null).
  const same = VALUE_KEY.test(key)
    ? shown === actual
    : shown === null || actual === null
      ? !/(_at|_id)$/.test(key) || shown === actual
      : typeof shown === typeof actual;
  return same ? [] : [`${path}: the page shows ${JSON.stringify(shown)}, the sandbox returned ${JSON.stringify(actual)}`];
}
