// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Import boundaries of ARCHITECTURE.md: machines stay framework-free, server never reaches src. */
const uiAndNetwork = ['react', 'react-dom', 'react/*', '@tanstack/*', '@ark-ui/*', '@zag-js/*', '@xstate/react'];
const serverPatterns = [
  { group: ['**/src/*', 'src/*'], message: 'server/ never imports src/.' },
  { group: ['**/machines/*', 'machines/*'], message: 'server/ never imports machines/.' },
  { group: uiAndNetwork, message: 'server/ has no UI.' },
];

/**
 * The layers of src/, top to bottom (docs/architecture.md): each imports only the layers under it.
 * The top is also main.tsx, prerender.tsx and the generated route tree at src/'s root.
 */
const SRC_LAYERS = [
  { folders: ['shell', 'routes'], name: 'the top (shell, routes)' },
  { folders: ['screens'], name: 'screens/' },
  { folders: ['components'], name: 'components/' },
  { folders: ['app'], name: 'the app providers (app/)' },
  { folders: ['api', 'lib', 'styles'], name: 'api/, lib/ and styles/' },
];
const srcLayerRules = SRC_LAYERS.slice(1).map((layer, i) => {
  const above = SRC_LAYERS.slice(0, i + 1);
  const folders = above.flatMap((l) => l.folders);
  return {
    files: layer.folders.map((folder) => `src/${folder}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${folders.join('|')})/`,
              message: `${layer.name} imports only the layers under it, never ${above.map((l) => l.name).join(', ')} (docs/architecture.md).`,
            },
            {
              regex: '^(\\.\\./)+(main|prerender|routeTree\\.gen)$',
              message: 'Only the top imports the entry points and the route tree.',
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-server',
      '.data*',
      'coverage',
      '.stryker-tmp',
      'reports',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
      'docs/machines',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      // Stryker's sandboxes hold copies of tsconfig.json: this one is the project's.
      parserOptions: { tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...srcLayerRules,
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: uiAndNetwork, message: 'machines/ is framework-free: provide effects with .provide().' },
            { group: ['**/src/*', '**/server/*', 'src/*', 'server/*'], message: 'machines/ imports only contract/.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'machines/ does no I/O: declare an actor and provide it.' },
        { name: 'window', message: 'machines/ has no DOM.' },
        { name: 'document', message: 'machines/ has no DOM.' },
        { name: 'localStorage', message: 'machines/ has no DOM.' },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns }] },
  },
  {
    // The running API reads its catalogue from the database; the seed data only fills it.
    files: ['server/domain/**/*.ts', 'server/services/**/*.ts', 'server/routes/**/*.ts', 'server/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverPatterns,
            { group: ['**/seed-data/*'], message: 'Only the database seed (server/db/seed) reads server/seed-data/.' },
          ],
        },
      ],
    },
  },
  {
    // The database layer (schema, migrations, seed) sits under the services that use it.
    files: ['server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverPatterns,
            {
              group: ['**/services/*', '**/routes/*', '**/http/*'],
              message: 'server/db/ imports nothing from services/, routes/ or http/: they build on it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!valibot$|libphonenumber-js$|\\./|\\.\\./).*',
              message: 'contract/ imports only valibot, libphonenumber-js (phone numbers) and itself.',
            },
            { group: ['**/src/*', '**/server/*', '**/machines/*'], message: 'contract/ imports only valibot.' },
          ],
        },
      ],
    },
  },
);
