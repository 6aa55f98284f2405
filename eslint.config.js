// @ts-check
import { readFileSync } from 'node:fs';
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

/**
 * The rooms of server/ (server/rooms.json, drawn in docs/architecture.md, issue 42), top to
 * bottom: a room imports only rooms of the layers under its own. The same table is read by
 * tests/architecture/server-imports.test.ts, which also refuses circles between files.
 * @type {{ layers: string[][], rooms: Record<string, { path: string, owns: string, onlyFrom?: string[] }> }}
 */
const SERVER_ROOMS = JSON.parse(readFileSync(new URL('./server/rooms.json', import.meta.url), 'utf8'));
const seedDataOnly = {
  group: ['**/seed-data/*'],
  message: 'Only the database seed (server/db/seed) reads server/seed-data/.',
};
const serverRoom = (/** @type {string} */ name) => {
  const room = SERVER_ROOMS.rooms[name];
  if (!room) throw new Error(`server/rooms.json: the layers name a room '${name}' it does not describe`);
  return room;
};
/** How an import names a room: its folder, or its file without `.ts` (server/app.ts: 'app'). */
const roomName = (/** @type {string} */ name) =>
  serverRoom(name)
    .path.replace(/^server\//, '')
    .replace(/\.ts$/, '');
const serverRoomRules = SERVER_ROOMS.layers.flatMap((layer, i) =>
  layer.flatMap((name) => {
    const room = serverRoom(name);
    const atOrAbove = SERVER_ROOMS.layers
      .slice(0, i + 1)
      .flat()
      .filter((other) => other !== name);
    const atRoot = room.path.endsWith('.ts');
    const direction = {
      // A room's files reach another room through '../' (a file at server/'s root through './').
      regex: `^${atRoot ? '\\./' : '(\\.\\./)+'}(${atOrAbove.map(roomName).join('|')})(/|$)`,
      message: `${room.path} (layer ${i + 1} of server/rooms.json) imports only the rooms of the layers under it, never ${atOrAbove.join(', ')} (docs/architecture.md, server rooms).`,
    };
    const files = atRoot ? [room.path] : [`${room.path}/**/*.ts`];
    // A room holding the folders that may read a restricted room (the seed, in db/): they may.
    const readers = Object.values(SERVER_ROOMS.rooms)
      .flatMap((other) => other.onlyFrom ?? [])
      .filter((dir) => dir.startsWith(`${room.path}/`));
    const rule = (/** @type {boolean} */ seedData) => ({
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverPatterns,
            ...(seedData || name === 'seed-data' ? [] : [seedDataOnly]),
            ...(atOrAbove.length > 0 ? [direction] : []),
          ],
        },
      ],
    });
    return [
      { files, ignores: readers.map((dir) => `${dir}/**`), rules: rule(false) },
      ...(readers.length > 0 ? [{ files: readers.map((dir) => `${dir}/**/*.ts`), rules: rule(true) }] : []),
    ];
  }),
);

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
  // Each room of server/ (the running API reads its catalogue from the database; the seed data
  // only fills it, so only the seed reads server/seed-data/).
  ...serverRoomRules,
  {
    // The web server is built and run on its own: what it needs lives in web-server/ (issue 42).
    files: ['web-server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(\\.\\./)+scripts/', message: 'web-server/ imports nothing of scripts/ (issue 42).' }],
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
