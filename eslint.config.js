import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const server = 'apps/server/src';
const web = 'apps/web/src';
const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// A module reaches another module only through its service.ts or index.ts.
const moduleZones = folders(`${server}/modules`).map((name) => ({
  target: `${server}/modules/${name}`,
  from: `${server}/modules`,
  except: [
    `./${name}`,
    ...folders(`${server}/modules`)
      .filter((other) => other !== name)
      .flatMap((other) => [`./${other}/service.ts`, `./${other}/index.ts`]),
  ],
  message: 'Reach another module through its service.ts or index.ts, never its repository or internals.',
}));

// A feature imports the session floor, components/ and lib/, never another feature.
const featureZones = folders(`${web}/features`).map((name) => ({
  target: `${web}/features/${name}`,
  from: `${web}/features`,
  except: [`./${name}`],
  message: 'A feature does not import another feature: move what both need to session/, components/ or lib/.',
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/src/db/schema.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The layering of docs/architecture.md, enforced: no import circles, and no arrow that runs
  // back up a floor or into another area's internals.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Contracts run in the browser and in Node: they import neither app.
            { target: 'packages/contracts/src', from: 'apps', message: 'Contracts import neither app.' },
            // The web app and the server never import each other.
            { target: `${web}`, from: 'apps/server', message: 'The web app does not import the server.' },
            { target: `${server}`, from: 'apps/web', message: 'The server does not import the web app.' },
            // Server floors: platform and db sit under the modules.
            {
              target: `${server}/platform`,
              from: `${server}/modules`,
              message: 'platform/ is a floor under the modules.',
            },
            {
              target: `${server}/db`,
              from: [`${server}/modules`, `${server}/platform`, `${server}/app.ts`, `${server}/main.ts`],
              message: 'db/ is the lowest floor: it imports no module or platform code.',
            },
            ...moduleZones,
            // Web floors: features import the session floor, components/ and lib/; never app/ or
            // another feature.
            { target: `${web}/features`, from: `${web}/app`, message: 'A feature does not import app/.' },
            ...featureZones,
            {
              target: `${web}/session`,
              from: [`${web}/features`, `${web}/app`],
              message: 'session/ is a floor under the features.',
            },
            {
              target: [`${web}/components`, `${web}/lib`],
              from: [`${web}/features`, `${web}/app`, `${web}/session`],
              message: 'components/ and lib/ sit under the features and the session floor.',
            },
          ],
        },
      ],
    },
  },
);
