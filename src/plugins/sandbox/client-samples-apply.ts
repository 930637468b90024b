/**
 * The code samples with the reader's own values (why this way: ./client-samples.ts, which loads this chunk only
 * once the reader has a sandbox key). In every static code block (`.novaramp-code`, tools/reference/highlight.ts) the key's
 * placeholders become the reader's key, and in a block that sends a request (it names the sandbox server or the
 * key) an example id becomes the reader's newest id of the same prefix. The docs' seeded ids (the sandbox's test
 * account, its wallet and payees: README, "The seed") stay: they are the reader's objects too.
 *
 * The text is rewritten in the block's text nodes, so the highlighting spans stay; a placeholder that the highlighter
 * split over several tokens (`${process.env.NOVARAMP_API_KEY}`) is matched across them and the key takes the first
 * one's place. Each block's original texts are kept, so a newer id (or Reset's forgetting) rewrites from the docs'
 * text again. A MutationObserver on the body (not the app's root element: its id is Docusaurus' own markup) catches
 * the blocks mounted later: a language tab opened for the first time, a client-side navigation, a workflow step's
 * sample fetched after it, a reference tab panel loaded when chosen. It watches added nodes only, never text
 * changes, so its own edits do not wake it.
 */
/** What the samples show: the reader's key, and per id prefix (`wdr`, `quo`…) the id they created last. */
export interface ReaderSamples {
  key: string;
  ids: Record<string, string>;
}

const BLOCK_CODE = '.novaramp-code code';

/** The docs' seeded ids (engine/seed.ts): a reader's sandbox has them, so samples keep them. */
const SEEDED = new Set([
  'acc_7Hq2LmX9pR4sT8vW',
  'wal_5Kp9Qz2Lm7Xr3Tb8',
  'bnk_2Fh8Kq4Wz7Lp9Rx3',
  'fbn_6Tm3Yd8Qc1Vn5Hs2',
  'cbn_2Rf8Wm4Kx9Lq7Zt3',
  'kyc_2Fm8Qw4Zt6Yp1Rn3',
]);

/**
 * The key's placeholders, as the samples write them (src/plugins/workflow-steps/generate/pages.ts, tools/reference/request.ts, the
 * guides): inside a JavaScript template or a Python f-string, then as a JavaScript or Python expression (which
 * becomes a string literal), the shell variable, the OpenAPI theme's `Bearer <TOKEN>`, and the visibly fake keys.
 * Then (group `id`) an id shaped as the spec's patterns.
 */
const PLACEHOLDERS =
  /\$\{process\.env\.NOVARAMP_API_KEY\}|\{os\.environ\[(['"])NOVARAMP_API_KEY\1\]\}|(?<js>process\.env\.NOVARAMP_API_KEY\b)|(?<py>os\.environ\[(['"])NOVARAMP_API_KEY\4\])|\$\{?NOVARAMP_API_KEY\b\}?|(?<=Bearer )<TOKEN>|\bsk_sandbox_(?:\.\.\.|…|X{24}\b)|\b(?<id>(?<prefix>[a-z]{2,4})_[A-Za-z0-9]{16})\b/g;
/** A block that sends a request: its ids are the reader's to see. */
const REQUEST = /api\.sandbox\.novaramp\.example|NOVARAMP_API_KEY|Bearer /;

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** What changes in `text` (a whole block's code) to show the reader's values. Exported for tests. */
export function readerEdits(text: string, samples: ReaderSamples): Edit[] {
  const request = REQUEST.test(text);
  const edits: Edit[] = [];
  for (const match of text.matchAll(PLACEHOLDERS)) {
    const {id, prefix, js, py} = match.groups ?? {};
    let replacement: string | undefined;
    if (id) replacement = request && !SEEDED.has(id) ? samples.ids[prefix] : undefined;
    else replacement = js ? `'${samples.key}'` : py ? `"${samples.key}"` : samples.key;
    if (replacement !== undefined && replacement !== match[0]) edits.push({start: match.index, end: match.index + match[0].length, text: replacement});
  }
  return edits;
}

/** The texts of a block's text nodes after `edits` (offsets into their concatenation): a match spanning several nodes is put in the first. */
function rewrite(originals: string[], edits: Edit[]): string[] {
  if (!edits.length) return originals;
  const inserted = new Map<number, string>();
  const removed = new Uint8Array(originals.reduce((n, t) => n + t.length, 0));
  for (const edit of edits) {
    inserted.set(edit.start, edit.text);
    removed.fill(1, edit.start, edit.end);
  }
  let offset = 0;
  return originals.map((original) => {
    let out = '';
    for (let i = 0; i < original.length; i++) {
      out += inserted.get(offset + i) ?? '';
      if (!removed[offset + i]) out += original[i];
    }
    offset += original.length;
    return out;
  });
}

/** Each rewritten block's text nodes and what they said in the docs. */
const originals = new WeakMap<Element, {nodes: Text[]; texts: string[]}>();

function textNodes(code: Element): Text[] {
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  return nodes;
}

function showIn(code: Element, samples: ReaderSamples): void {
  const nodes = textNodes(code);
  let saved = originals.get(code);
  // New contents (React set the block's HTML again): what it shows now is the docs' text.
  if (!saved || saved.nodes.length !== nodes.length || saved.nodes.some((n, i) => n !== nodes[i])) {
    saved = {nodes, texts: nodes.map((n) => n.data)};
    originals.set(code, saved);
  }
  const texts = rewrite(saved.texts, readerEdits(saved.texts.join(''), samples));
  nodes.forEach((node, i) => {
    if (node.data !== texts[i]) node.data = texts[i];
  });
}

let current: ReaderSamples | undefined;
let observer: MutationObserver | undefined;

function blocksIn(records: MutationRecord[]): Set<Element> {
  const codes = new Set<Element>();
  for (const record of records) {
    const target = record.target instanceof Element ? record.target : record.target.parentElement;
    const block = target?.closest('.novaramp-code');
    if (block) {
      block.querySelectorAll('code').forEach((c) => codes.add(c));
      continue;
    }
    for (const node of record.addedNodes) if (node instanceof Element) node.querySelectorAll(BLOCK_CODE).forEach((c) => codes.add(c));
  }
  return codes;
}

/** Shows `samples` in every code block of the page, and in every block mounted from now on. */
export function showReaderSamples(samples: ReaderSamples): void {
  current = samples;
  document.querySelectorAll(BLOCK_CODE).forEach((code) => showIn(code, samples));
  if (observer) return;
  observer = new MutationObserver((records) => current && blocksIn(records).forEach((code) => showIn(code, current!)));
  observer.observe(document.body, {childList: true, subtree: true});
}
