// Docusaurus' own Prettier settings (facebook/docusaurus .prettierrc), except printWidth: this code is written at
// 160 columns, and re-wrapping it at 80 would make every line of history a formatting change. The JavaScript and
// TypeScript parser is Prettier's own oxc plugin: the same trees and output, parsed natively (the check runs in every
// fast tier on a fresh clone, with no cache).
export default {
  plugins: ['@prettier/plugin-oxc'],
  arrowParens: 'always',
  bracketSameLine: true,
  bracketSpacing: false,
  printWidth: 160,
  proseWrap: 'never',
  singleQuote: true,
  trailingComma: 'all',
};
