import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      'data/**',
      'docs/**',
      'scratch/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The positioning package is pure: no DOM, Node, React or server imports.
    files: ['packages/positioning/src/**/*.ts'],
    ignores: ['packages/positioning/src/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'react-dom', '@rtls/server', 'fs', 'path'] },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process'],
    },
  },
  {
    // Command-line tools and benchmarks print to stdout by design.
    files: ['**/cli/**', 'bench/**', 'e2e/**', 'apps/server/src/simulator/*cli.ts', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
