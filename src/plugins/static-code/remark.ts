/**
 * Remark plugin: fenced code blocks of the docs, blog and pages become static HTML highlighted at build time
 * (tools/reference/highlight.ts), set with `dangerouslySetInnerHTML` so React neither renders nor hydrates them: the classic
 * CodeBlock would tokenize each block in the visitor's browser during hydration and again right after it, and give
 * every token and every line an element of its own. A block's `title="…"` becomes its title bar, as with the
 * CodeBlock. A block that uses what only the CodeBlock does (line highlighting, line numbers, magic comments) is
 * rendered by the classic CodeBlock imported by the page itself (`@theme/CodeBlock/Highlighted`), so Prism comes
 * with that page's own code and the page is hydrated with it; mermaid diagrams are left as they are.
 */
import {codeBlockParts} from '../../../tools/reference/highlight';

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

/** A fenced block as this plugin renders it (its class and inner HTML), or undefined when the classic CodeBlock does. */
export function staticCodeParts(node: MdNode): {className: string; innerHtml: string} | undefined {
  const title = TITLE_ONLY.exec(node.meta ?? '');
  if (!title || MAGIC_COMMENT.test(node.value ?? '')) return undefined;
  return codeBlockParts(node.value ?? '', {language: node.lang || 'text', title: title[2]});
}

export function staticCodeNode(node: MdNode): MdNode | undefined {
  const parts = staticCodeParts(node);
  if (!parts) return undefined;
  const {className, innerHtml} = parts;
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

/** The component name the page imports for the blocks left to the classic CodeBlock. */
const CLASSIC = 'NovarampClassicCodeBlock';
const CLASSIC_MODULE = '@theme/CodeBlock/Highlighted';

const expression = (value: string, node: object) => ({
  type: 'mdxJsxAttributeValueExpression',
  value,
  data: {estree: {type: 'Program', sourceType: 'module', body: [{type: 'ExpressionStatement', expression: node}]}},
});

/** `<NovarampClassicCodeBlock className="language-x" metastring="…">{code}</NovarampClassicCodeBlock>` */
function classicCodeNode(node: MdNode): MdNode {
  const code = node.value ?? '';
  const attributes = [
    {type: 'mdxJsxAttribute', name: 'className', value: `language-${node.lang || 'text'}`},
    ...(node.meta ? [{type: 'mdxJsxAttribute', name: 'metastring', value: node.meta}] : []),
    {type: 'mdxJsxAttribute', name: 'children', value: expression(JSON.stringify(code), {type: 'Literal', value: code, raw: JSON.stringify(code)})},
  ];
  return {type: 'mdxJsxFlowElement', name: CLASSIC, attributes, children: []};
}

/** `import NovarampClassicCodeBlock from '@theme/CodeBlock/Highlighted';` */
const classicImport = (): MdNode => ({
  type: 'mdxjsEsm',
  value: `import ${CLASSIC} from '${CLASSIC_MODULE}';`,
  data: {
    estree: {
      type: 'Program',
      sourceType: 'module',
      body: [
        {
          type: 'ImportDeclaration',
          specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name: CLASSIC}}],
          source: {type: 'Literal', value: CLASSIC_MODULE, raw: `'${CLASSIC_MODULE}'`},
        },
      ],
    },
  },
});

export default function remarkStaticCode() {
  return (tree: MdNode): void => {
    let classic = false;
    const visit = (node: MdNode) => {
      node.children?.forEach((child, i) => {
        if (child.type !== 'code') return visit(child);
        if (child.lang === 'mermaid') return undefined;
        const replacement = staticCodeNode(child);
        if (!replacement) classic = true;
        node.children![i] = replacement ?? classicCodeNode(child);
        return undefined;
      });
    };
    visit(tree);
    if (classic) tree.children?.unshift(classicImport());
  };
}
