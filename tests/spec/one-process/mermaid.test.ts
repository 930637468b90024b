/**
 * src/remark/mermaid-svg.ts: ```mermaid blocks become two build-time SVG images (light and dark mermaid
 * themes) in the compiled MDX, and a diagram mermaid cannot parse stops the build with its file and line.
 * (The browser side — which SVG shows in which colour mode — is in browser.test.ts.)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import remarkMermaidSvg, {altText} from '../../../src/plugins/mermaid/remark-mermaid-svg';
import {SITE_ROOT} from '../../../tools/cli';

// @mdx-js/mdx (the compiler Docusaurus uses) is ESM-only: imported, not required.
const compile: typeof import('@mdx-js/mdx').compile = async (...args) => (await import('@mdx-js/mdx')).compile(...args);
const page = (diagram: string) => `# Flow\n\nText before.\n\n\`\`\`mermaid\n${diagram}\n\`\`\`\n\nText after.\n`;

describe('mermaid diagrams at build time', () => {
  test('a diagram becomes a light and a dark SVG image, sized, with an alt text, and no mermaid code left', async () => {
    const file = path.join(SITE_ROOT, 'docs', 'guides', 'flow.md');
    const js = String(
      await compile(
        {
          path: file,
          cwd: SITE_ROOT,
          value: page('sequenceDiagram\n  participant C as Client\n  participant API as NovaRamp API\n  C->>API: POST /accounts\n  API-->>C: 201 Account'),
        },
        {remarkPlugins: [remarkMermaidSvg]},
      ),
    );
    assert.match(js, /className: "novaramp-mermaid"/);
    assert.doesNotMatch(js, /language-mermaid/, 'no code block left');
    const images = [
      ...js.matchAll(
        /className: "novaramp-mermaid__(light|dark)"[\s\S]*?src: "([^"]+\.svg)"[\s\S]*?alt: "([^"]*)"|className: "novaramp-mermaid__(light|dark)"[\s\S]*?alt: "([^"]*)"[\s\S]*?src: "([^"]+\.svg)"/g,
      ),
    ].map((m) => ({mode: m[1] ?? m[4], src: m[2] ?? m[6], alt: m[3] ?? m[5]}));
    assert.deepEqual(
      images.map((i) => i.mode),
      ['light', 'dark'],
    );
    const svgs = images.map((i) => {
      assert.equal(i.alt, 'Sequence diagram between Client, NovaRamp API');
      return fs.readFileSync(path.resolve(path.dirname(file), i.src), 'utf8');
    });
    for (const svg of svgs) {
      assert.match(svg, /^<svg[^>]* width="\d+" height="\d+"/, 'intrinsic size for the image');
      assert.match(svg, /POST \/accounts/);
      assert.doesNotMatch(svg, /foreignObject/, 'plain SVG text, as images need');
    }
    // mermaid's default theme paints actors #ECECFF; its dark theme does not.
    assert.match(svgs[0], /#ECECFF/i);
    assert.doesNotMatch(svgs[1], /#ECECFF/i);
  });

  test('alt text: accTitle/accDescr when given, else the states of a state diagram', () => {
    assert.equal(altText('stateDiagram-v2\n  [*] --> pending\n  pending --> completed\n  completed --> [*]'), 'State diagram: pending, completed');
    assert.equal(altText('flowchart LR\n  accTitle: Money in\n  accDescr: From bank to wallet\n  A --> B'), 'Money in. From bank to wallet');
  });

  test('a diagram mermaid cannot parse fails with the file and line of the block', async () => {
    const file = path.join(SITE_ROOT, 'docs', 'guides', 'broken.md');
    await assert.rejects(
      compile({path: file, cwd: SITE_ROOT, value: page('sequenceDiagram\n  Client->>: nobody')}, {remarkPlugins: [remarkMermaidSvg]}),
      (error: Error) => {
        assert.match(error.message, /docs\/guides\/broken\.md:5: the mermaid diagram does not render: /);
        return true;
      },
    );
  });
});
