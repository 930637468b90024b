/**
 * The code a page shows for its requests in other languages than cURL, as programs that can be run against the mock
 * (tests/spec/docs-snippets.test.ts). The convention is the one the pages follow: a request's languages are the
 * tabs of one `<Tabs groupId="lang">` (cURL, Node.js ```js, Python ```python). Within a page the snippets of a
 * language continue one another ("the Node.js and Python snippets continue the script from step 2"), so each
 * language becomes one program, its snippets in page order:
 * - Python: the snippets one after another; a prelude records every call made with requests.
 * - Node.js: one ES module (top-level await); `import`s gathered at the top, each once, and a snippet's top-level
 *   `const`/`let` made `var`, so that the next snippet may declare `res` again; a prelude records every fetch.
 * - cURL: the page's curl commands as written (shell quoting, `$(uuidgen)`), one bash script in page order, those
 *   whose stated statuses include a success (an error example needs the mock told which error to play); curl's
 *   `--write-out` prints each call.
 * The API base URL of the page becomes the mock's; every call is printed as `@@CALL {method, url, status}`.
 */
import {fromMarkdown} from 'mdast-util-from-markdown';
import {DOC_BASE_URLS, extractPage, shellLines} from './doc-requests';

export type SnippetLanguage = 'python' | 'node' | 'curl';

export interface Snippet {
  language: SnippetLanguage;
  /** Line of the fence in the page. */
  line: number;
  code: string;
}

export interface RecordedCall {
  method: string;
  url: string;
  status: number;
}

interface Node {
  type: string;
  lang?: string | null;
  value?: string;
  position?: {start: {line: number}; end: {line: number}};
  children?: Node[];
}

const LANGS: Record<string, SnippetLanguage> = {python: 'python', py: 'python', js: 'node', javascript: 'node', mjs: 'node'};

/** The Python and Node.js snippets of the page's language tabs that sit beside a cURL request, in page order. */
export function pageSnippets(markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  // The line ranges of each <Tabs groupId="lang"> … </Tabs>.
  const regions: [number, number][] = [];
  let open = -1;
  lines.forEach((l, i) => {
    if (/^\s*<Tabs\s+groupId="lang"/.test(l)) open = i + 1;
    else if (/^\s*<\/Tabs>/.test(l) && open >= 0) {
      regions.push([open, i + 1]);
      open = -1;
    }
  });
  const blocks: Node[] = [];
  const walk = (n: Node) => {
    if (n.type === 'code') blocks.push(n);
    n.children?.forEach(walk);
  };
  walk(fromMarkdown(markdown) as Node);
  const inRegion = (b: Node) => regions.find(([s, e]) => (b.position?.start.line ?? 0) > s && (b.position?.start.line ?? 0) < e);
  const withCurl = new Set(
    blocks
      .filter((b) => /^(bash|sh|shell|console)$/.test(b.lang ?? '') && /^\s*curl\s/m.test(b.value ?? ''))
      .map(inRegion)
      .filter(Boolean),
  );
  return blocks.flatMap((b) => {
    const language = LANGS[b.lang ?? ''];
    const region = inRegion(b);
    return language && region && withCurl.has(region) ? [{language, line: b.position?.start.line ?? 0, code: b.value ?? ''}] : [];
  });
}

const baseOf = (code: string): string => DOC_BASE_URLS.find((b) => code.includes(b)) ?? DOC_BASE_URLS[0];

const PYTHON_PRELUDE = `import json as _json, sys as _sys
import requests as _requests
_send = _requests.Session.request
def _recorded(self, method, url, *args, **kwargs):
    response = _send(self, method, url, *args, **kwargs)
    print("@@CALL " + _json.dumps({"method": method.upper(), "url": response.url, "status": response.status_code}), file=_sys.stderr)
    return response
_requests.Session.request = _recorded
`;

const NODE_PRELUDE = `const __fetch = globalThis.fetch;
globalThis.fetch = async (input, init = {}) => {
  const response = await __fetch(input, init);
  process.stderr.write('@@CALL ' + JSON.stringify({method: (init.method ?? 'GET').toUpperCase(), url: String(input), status: response.status}) + '\\n');
  return response;
};
`;

/** One program of a page's snippets of `language`, calling `origin` instead of the documented base URL. */
export function program(snippets: Snippet[], language: SnippetLanguage, origin: string): string {
  const mine = snippets.filter((s) => s.language === language);
  const rebase = (code: string) => code.split(baseOf(code)).join(origin);
  if (language === 'python') return PYTHON_PRELUDE + mine.map((s) => `# line ${s.line}\n${rebase(s.code)}`).join('\n\n') + '\n';
  // Named imports merged by module (`{ randomUUID }` and `{randomUUID}` are one), other imports kept once.
  const named = new Map<string, Set<string>>();
  const other = new Set<string>();
  const bodies = mine.map((s) => {
    const body = rebase(s.code)
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
    return `// line ${s.line}\n${body}`;
  });
  const imports = [...other, ...[...named].map(([from, names]) => `import {${[...names].join(', ')}} from '${from}';`)];
  return [...imports, NODE_PRELUDE, ...bodies].join('\n') + '\n';
}

/** The calls a program printed on stderr. */
export function recordedCalls(stderr: string): RecordedCall[] {
  return [...stderr.matchAll(/^@@CALL (.*)$/gm)].map((m) => JSON.parse(m[1]) as RecordedCall);
}

/** The page's curl commands that state a success, as one bash script calling `origin` (see the top of this file). */
export function curlProgram(file: string, markdown: string, origin: string): {source: string; commands: number} {
  const requests = extractPage(file, markdown).requests;
  const blocks: Node[] = [];
  const walk = (n: Node) => {
    if (n.type === 'code' && /^(bash|sh|shell|console)$/.test(n.lang ?? '')) blocks.push(n);
    n.children?.forEach(walk);
  };
  walk(fromMarkdown(markdown) as Node);
  const commands: string[] = [];
  for (const b of blocks) {
    for (const {text, offset} of shellLines(b.value ?? '')) {
      if (!/^\s*curl\s/.test(text)) continue;
      const request = requests.find((r) => r.line === (b.position?.start.line ?? 0) + 1 + offset);
      if (!request?.statuses.some((s) => s.status < 300)) continue;
      // The format starts with a newline: a --write-out starting with @ names a file to read it from.
      const write = `-s -o /dev/null -w '\\n@@CALL {"method":"%{method}","url":"%{url_effective}","status":%{http_code}}\\n'`;
      commands.push(`# line ${request.line}\n${text.trim().split(request.base).join(origin)} ${write}`);
    }
  }
  return {source: `set -euo pipefail\n${commands.join('\n')}\n`, commands: commands.length};
}
