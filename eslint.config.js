// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './scripts/eslint-layers.mjs';

const NODE_BUILTINS = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'url',
  'worker_threads',
  'stream',
  'stream/*',
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.shot.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node },
    },
  },
  // Process boundaries: the renderer is a view; it reaches main only through the bridge.
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer talks to main through lib/api.ts only.' },
            {
              name: 'better-sqlite3',
              message: 'The cache lives in main; read it through the bridge.',
            },
            { name: 'undici', message: 'Network calls belong to main; ask through the bridge.' },
          ],
          patterns: [
            {
              group: NODE_BUILTINS,
              message: 'The renderer has no Node: ask main through the bridge.',
            },
            {
              group: ['**/main/**', '**/main'],
              message: 'The renderer imports nothing from main.',
            },
            {
              group: ['**/preload/contract', '**/preload/contract/*'],
              allowTypeImports: true,
              message: 'The renderer imports only the contract’s types.',
            },
            {
              group: ['**/preload/index', '**/preload/channels'],
              message: 'Only the preload script uses these.',
            },
          ],
        },
      ],
    },
  },
  // Layers: inside main/ and renderer/src/, an import points down or sideways, never up
  // (scripts/eslint-layers.mjs lists them).
  {
    files: ['main/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    plugins: { casedesk: layers },
    rules: { 'casedesk/layers': 'error' },
  },
  // Only the Electron shell (main/index.ts, main/shell/) imports electron: the rest of main runs in plain Node.
  {
    files: ['main/**/*.ts'],
    ignores: ['main/index.ts', 'main/shell/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only main/index.ts and main/shell/ import electron; pass what you need in.',
            },
          ],
        },
      ],
    },
  },
  // The contract is shared by every process: it imports zod and itself, nothing else.
  {
    files: ['preload/contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\./).*',
              message: 'The contract imports only zod and its own modules.',
            },
          ],
        },
      ],
    },
  },
  // The sandboxed preload requires only electron at run time; the contract comes in as types.
  {
    files: ['preload/index.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./contract', './contract/*'],
              allowTypeImports: true,
              message: 'Import the contract as types only (import type).',
            },
            {
              regex: '^(?!electron$|\\./).*',
              message: 'A sandboxed preload can require only electron.',
            },
          ],
        },
      ],
    },
  },
);
