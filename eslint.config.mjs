// ESLint: the recommended rules of ESLint, typescript-eslint and React's hooks, Docusaurus' own plugin, and Prettier's
// switch-off of formatting rules (Prettier formats: prettier.config.mjs). `npm run lint` runs it (`lint:code`), then Prettier (`lint:format`).
import js from '@eslint/js';
import docusaurus from '@docusaurus/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Generated, installed or built.
    ignores: ['node_modules/', 'build/', 'build-*/', '**/.docusaurus/', '.tmp/', '.changelog/', 'docs/', 'static/', '.api-gen-*/'],
  },
  {
    // Ejected upstream components, kept as upstream wrote them but for the change each one's header names, so that a
    // diff against the upstream file shows that change alone.
    ignores: ['src/upstream/ejected/MethodEndpoint.tsx'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,js,mjs,cjs}'],
    languageOptions: {globals: {...globals.node, ...globals.browser}},
    rules: {
      // `_name`: a value left out on purpose (a destructured field dropped, an argument a signature requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true},
      ],
    },
  },
  {
    // CommonJS files (a bundler loader, which Rspack requires): `require` is how they import.
    files: ['**/*.cjs'],
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    // The site's React code: Docusaurus' rules and the hooks rules. tools/ renders HTML strings at build time (no
    // router, no theme) and tests/ name helpers `use…` that are not hooks.
    files: ['src/**/*.{ts,tsx}'],
    plugins: {'@docusaurus': docusaurus, 'react-hooks': reactHooks},
    rules: {
      ...docusaurus.configs.recommended.rules,
      // The two rules of hooks Docusaurus' own config has (the plugin's `recommended` adds React Compiler's rules,
      // for code the compiler builds: this site does not use it).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  prettier,
);
