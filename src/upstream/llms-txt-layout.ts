/**
 * How @signalwire/docusaurus-plugin-llms-txt lays out llms-full.txt (lib/generation/full-index-builder.js): llms.txt,
 * then this header, then every page's Markdown followed by the separator. src/plugins/agent-markdown/finish.ts rewrites the file
 * in that layout after its own steps. Contract 'llms-full.txt layout'.
 */
export const LLMS_FULL_SEPARATOR = '\n\n---\n\n';
export const LLMS_FULL_HEADER = `${LLMS_FULL_SEPARATOR}# Full Documentation Content\n\n`;
