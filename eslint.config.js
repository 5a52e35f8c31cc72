import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Scripts served as they are (public/early-events.js runs before the app, in every browser).
    files: ['src/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '../server/*'], message: 'The web app never imports server code.' }] },
      ],
    },
  },
  {
    // File and folder names are kebab-case ('post-card.tsx', 'feed-cache.test.ts').
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{js,mjs,ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{src,e2e,bench,scripts}/**/': 'KEBAB_CASE' }],
    },
  },
  // Web imports flow one way: lib and components -> features -> app; features never import
  // each other (docs/ARCHITECTURE.md). What two features need lives in lib or components.
  {
    files: ['src/web/lib/**/*.{ts,tsx}', 'src/web/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '../server/*'], message: 'The web app never imports server code.' },
            { group: ['@/features/*', '@/app/*'], message: 'lib and components are shared: they import no feature and not the app.' },
          ],
        },
      ],
    },
  },
  ...readdirSync('src/web/features').map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '../server/*'], message: 'The web app never imports server code.' },
            // The one exception: safety's dialogs (report, block) are opened from profiles, posts and messages.
            { group: ['@/features/*', ...new Set([`!@/features/${feature}`, '!@/features/safety'])], message: 'Features never import each other: move what both need to lib or components.' },
            { group: ['@/app/*'], message: 'Features do not import the app shell; the app composes features.' },
          ],
        },
      ],
    },
  })),
  {
    // shared is imported by both sides, so it may import neither.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**', '@/*'], message: 'src/shared imports neither server nor web code.' },
            { group: ['node:*'], message: 'src/shared runs in the browser too.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**', '@/*'], message: 'The server never imports web code.' }] },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only config.ts (and the test harness) read process.env.' },
      ],
    },
  },
  {
    files: ['src/server/config.ts', 'src/server/test/**', 'src/**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
