/**
 * Remark plugin: fenced code blocks of the docs, blog and pages become static HTML highlighted at build time
 * (./highlight.ts), set with `dangerouslySetInnerHTML` so React neither renders nor hydrates them: the classic
 * CodeBlock would tokenize each block in the visitor's browser during hydration and again right after it, and give
 * every token and every line an element of its own. A block's `title="…"` becomes its title bar, as with the
 * CodeBlock. Blocks that use what only the CodeBlock does (line highlighting, line numbers, magic comments, live
 * code) and mermaid diagrams are left to it.
 */
import {codeBlockParts} from './highlight';

interface MdNode {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: MdNode[];
  [key: string]: unknown;
}

/** A `meta` this plugin can render: nothing, or a title only. */
const TITLE_ONLY = /^\s*(?:title=(["'])(.*?)\1\s*)?$/;
const MAGIC_COMMENT = /highlight-(?:next-line|start|end)|this will error/i;

/** `{__html: html}` as the ESTree the MDX compiler expects of an attribute expression. */
function htmlExpression(html: string) {
  const value = `{__html: ${JSON.stringify(html)}}`;
  return {
    type: 'mdxJsxAttributeValueExpression',
    value,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ExpressionStatement',
            expression: {
              type: 'ObjectExpression',
              properties: [
                {
                  type: 'Property',
                  kind: 'init',
                  method: false,
                  shorthand: false,
                  computed: false,
                  key: {type: 'Identifier', name: '__html'},
                  value: {type: 'Literal', value: html, raw: JSON.stringify(html)},
                },
              ],
            },
          },
        ],
      },
    },
  };
}

export function staticCodeNode(node: MdNode): MdNode | undefined {
  const lang = node.lang ?? '';
  const title = TITLE_ONLY.exec(node.meta ?? '');
  if (!title || lang === 'mermaid' || MAGIC_COMMENT.test(node.value ?? '')) return undefined;
  const {className, innerHtml} = codeBlockParts(node.value ?? '', {language: lang || 'text', title: title[2]});
  return {
    type: 'mdxJsxFlowElement',
    name: 'div',
    attributes: [
      {type: 'mdxJsxAttribute', name: 'className', value: className},
      {type: 'mdxJsxAttribute', name: 'dangerouslySetInnerHTML', value: htmlExpression(innerHtml)},
    ],
    children: [],
  };
}

export default function remarkStaticCode() {
  return (tree: MdNode): void => {
    const visit = (node: MdNode) => {
      node.children?.forEach((child, i) => {
        if (child.type === 'code') {
          const replacement = staticCodeNode(child);
          if (replacement) node.children![i] = replacement;
        } else visit(child);
      });
    };
    visit(tree);
  };
}
