/**
 * Lint: the recommended rule sets of ESLint, typescript-eslint and React hooks, plus the import
 * boundaries of DESIGN.md, enforced by eslint-plugin-boundaries (test/server/lint.test.ts proves they bite).
 */
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import boundaries from 'eslint-plugin-boundaries'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

export default defineConfig(
  { ignores: ['dist/', 'data/', 'node_modules/', '.tap/', 'test-results/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  { ignores: ['web/src/**'], languageOptions: { globals: globals.node } },
  {
    rules: {
      // a `let` read by a closure before its one assignment (an audit callback reading the body later) stays a `let`
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // we match control characters on purpose: return paths and path segments refuse them
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // tests take tap's `t` whether they use it or not, read loosely typed JSON answers, and keep
    // fixtures terse (`a(), b()` in a line-protocol stub)
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { args: 'none', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    ...reactHooks.configs.flat.recommended,
  },
  {
    // a cycle makes the load order decide what a module sees at start-up (an undefined import, a class
    // used before its definition); the shared piece moves to where both sides can import it. Sources
    // only: nothing imports a test, and walking the graph from every test doubled the lint's time.
    // The rule skips type-only imports, which vanish at run time; test/server/lint.test.ts walks those too,
    // as a type both sides need belongs in a leaf file.
    files: ['server/**/*.ts', 'shared/**/*.ts', 'web/src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // the plugin parses only the files these settings name; by default it skips .ts and .tsx
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
      // one lint run reads each file once: the default 30 s lifetime re-parsed modules on a slow machine
      'import-x/cache': { lifetime: Infinity },
    },
    // a package never imports our sources back, so no cycle runs through node_modules: walking every
    // package's own graph (Blueprint's, React's) was most of the rule's time
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['server/**/*.ts', 'shared/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      // our sources import each other as `./x.js` (what Node runs after tsc): the TypeScript resolver maps
      // that to `x.ts`/`x.tsx` as tsc does
      'import/resolver': { typescript: { project: 'tsconfig.json' } },
      'boundaries/elements': [
        // the first descriptor whose folder holds a file names its element, so the wider folders come last:
        // web/src/main.tsx belongs to the app, server/main.ts and server/config.ts to the server root
        { type: 'web-feature', pattern: 'web/src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'web-resources', pattern: 'web/src/resources', partialMatch: false },
        { type: 'web-components', pattern: 'web/src/components', partialMatch: false },
        { type: 'web-lib', pattern: ['web/src/lib', 'web/src/config'], partialMatch: false },
        { type: 'web-app', pattern: ['web/src/app', 'web/src'], partialMatch: false },
        { type: 'shared', pattern: 'shared', partialMatch: false },
        { type: 'gateway', pattern: 'server/gateway', partialMatch: false },
        { type: 'upstream', pattern: 'server/upstream', partialMatch: false },
        { type: 'idp', pattern: 'server/idp', partialMatch: false },
        { type: 'server', pattern: 'server', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            // only the app knows every feature; a feature sees itself and the shared layers below it
            { from: { element: { type: 'web-app' } }, allow: { to: { element: { types: ['web-*', 'shared'] } } } },
            {
              from: { element: { type: 'web-feature' } },
              allow: [
                { to: { element: { type: 'web-feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
                { to: { element: { types: ['web-resources', 'web-components', 'web-lib', 'shared'] } } },
              ],
            },
            // the generic registry screens are the layer every feature extends: they import no feature
            {
              from: { element: { type: 'web-resources' } },
              allow: { to: { element: { types: ['web-resources', 'web-components', 'web-lib', 'shared'] } } },
            },
            {
              from: { element: { type: 'web-components' } },
              allow: { to: { element: { types: ['web-components', 'web-lib', 'shared'] } } },
            },
            { from: { element: { type: 'web-lib' } }, allow: { to: { element: { types: ['web-lib', 'shared'] } } } },
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
            // the gateway, the upstream and the IdP see only themselves, shared/ and the configuration;
            // they meet over HTTP, and main.ts hands the gateway the embedded IdP's plugin
            ...['gateway', 'upstream', 'idp'].map((type) => ({
              from: { element: { type } },
              allow: [
                { to: { element: { types: [type, 'shared'] } } },
                { to: { element: { type: 'server', fileInternalPath: 'config.ts' } } },
              ],
            })),
            // main.ts is the composition root: it may start every server; config.ts reads the environment
            {
              from: { element: { type: 'server', fileInternalPath: 'main.ts' } },
              allow: { to: { element: { types: ['server', 'gateway', 'upstream', 'idp', 'shared'] } } },
            },
            { from: { element: { type: 'server' } }, allow: { to: { element: { type: 'shared' } } } },
          ],
        },
      ],
    },
  },
)
