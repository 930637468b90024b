// Docusaurus' own Prettier settings (facebook/docusaurus .prettierrc), except printWidth: this code is written at
// 160 columns, and re-wrapping it at 80 would make every line of history a formatting change.
export default {
  arrowParens: 'always',
  bracketSameLine: true,
  bracketSpacing: false,
  printWidth: 160,
  proseWrap: 'never',
  singleQuote: true,
  trailingComma: 'all',
};
