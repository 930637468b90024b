/**
 * The Prism themes of code blocks, by name in prism-react-renderer's `themes`: docusaurus.config.ts configures them
 * (made accessible by src/plugins/static-code/prism-contrast.ts), and the build-time highlighter (tools/reference/highlight.ts) needs to know which
 * token types they colour.
 */
export const PRISM_THEMES = {light: 'github', dark: 'dracula'} as const;
