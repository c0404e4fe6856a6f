// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The layer rules of ARCHITECTURE.md ("The layers and what each may import"). They are written as
// regexes over the import specifier, so relative paths (../../kernel-worker/x) and package names
// (three/addons/...) are caught alike. Dynamic import() is not covered by no-restricted-imports,
// hence the matching no-restricted-syntax selectors below.

/** @typedef {{ regex: string, message: string }} Ban */

/** @param {Ban[]} bans */
function layerRules(bans) {
  return {
    'no-restricted-imports': ['error', { patterns: bans.map((b) => ({ regex: b.regex, message: b.message })) }],
    '@typescript-eslint/no-restricted-imports': 'off',
    'no-restricted-syntax': [
      'error',
      ...bans.map((b) => ({
        // A dynamic import() of a banned module: `import('three')`.
        selector: `ImportExpression > Literal.source[value=/${b.regex.replace(/\//g, '\\/')}/]`,
        message: b.message,
      })),
    ],
  };
}

const three = { regex: '^three(/.*)?$', message: 'ui/ never imports three.js: rendering lives in kernel-worker/.' };
const uiToKernel = {
  regex: '(^|/)kernel-worker(/|$)',
  message: 'ui/ never imports kernel-worker/: talk to the kernel through protocol/ types and ui/kernel (the worker is started with new Worker(new URL(...)), which is not an import).',
};
const react = { regex: '^react(-dom)?(/.*)?$', message: 'kernel-worker/ never imports React.' };
const intoUi = (layer) => ({ regex: '^(\\.\\./)+ui(/|$)', message: `${layer} never imports ui/.` });
const intoApi = (layer) => ({ regex: '^(\\.\\./)+api(/|$)', message: `${layer} never imports api/.` });
const intoKernel = (layer) => ({ regex: '^(\\.\\./)+kernel-worker(/|$)', message: `${layer} never imports kernel-worker/.` });
const intoServer = (layer) => ({ regex: '^(\\.\\./)+server(/|$)', message: `${layer} never imports server/.` });

// kernel-worker/ runs on the injected clock (kernel-worker/clock.ts): a raw timer fires where no
// test's manual clock sees it coming. main.ts, the worker entry, is the one file that passes the
// real timers in.
const RAW_TIMERS = ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame'];
const rawTimer = 'kernel-worker/ takes its timers injected (kernel-worker/clock.ts); only main.ts passes the real ones in.';

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      '.data-test/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      // lingui's compiled catalogues are generated code
      'ui/locales/**/*.ts',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      // TypeScript checks these itself (and knows the globals of each thread's lib).
      'no-undef': 'off',
      'no-redeclare': 'off',
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Node-side code: the server, the tests that drive it, tooling and configs.
    files: ['server/**', 'scripts/**', 'tests/**', '*.{js,ts,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['ui/**', 'tests/bench/pages/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['kernel-worker/**'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    // A promise nobody awaits loses its rejection: await it, hand it to a .catch that reports, or
    // say with `void` why nothing can go wrong. Type-aware, so ui/ only (its own tsconfig).
    files: ['ui/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { project: ['./tsconfig.ui.json'], tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['ui/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Advice about extra renders and memo hints rather than bugs: shown, but not failing the build.
      'react-hooks/set-state-in-effect': 'warn',
      'react-hooks/preserve-manual-memoization': 'warn',
    },
  },

  // --- layer rules ---
  {
    files: ['ui/**'],
    rules: layerRules([three, uiToKernel, intoServer('ui/')]),
  },
  {
    files: ['kernel-worker/**'],
    rules: layerRules([intoUi('kernel-worker/'), intoApi('kernel-worker/'), intoServer('kernel-worker/'), react]),
  },
  {
    files: ['kernel-worker/**'],
    ignores: ['kernel-worker/main.ts'],
    rules: {
      'no-restricted-globals': ['error', ...RAW_TIMERS.map((name) => ({ name, message: rawTimer }))],
      'no-restricted-properties': [
        'error',
        ...['globalThis', 'self'].flatMap((object) => RAW_TIMERS.map((property) => ({ object, property, message: rawTimer }))),
      ],
    },
  },
  {
    files: ['protocol/**'],
    rules: {
      ...layerRules([
        {
          // Anything that is neither comlink nor a protocol file (./x, ./sub/x).
          regex: '^(?!comlink$|\\./)',
          message: 'protocol/ imports nothing but comlink and other protocol/ files.',
        },
      ]),
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The embed (postMessage) schemas are zod, shared by the editor and the host module (embed/).
    files: ['protocol/embed.ts'],
    rules: layerRules([{ regex: '^(?!comlink$|zod$|\\./)', message: 'protocol/ imports nothing but comlink (and zod, in embed.ts) and other protocol/ files.' }]),
  },
  {
    // @yfang/embed runs in partners' pages: the protocol is all it takes from the repository.
    files: ['embed/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...layerRules([{ regex: '^(?!zod$|\\.\\./\\.\\./protocol/embed$|\\./)', message: '@yfang/embed imports only protocol/embed.ts (and zod).' }]),
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['api/**'],
    rules: {
      ...layerRules([
        three,
        { ...uiToKernel, message: 'api/ never imports kernel-worker/.' },
        intoUi('api/'),
        intoServer('api/'),
        { regex: '^react(-dom)?(/.*)?$', message: 'api/ runs in Node too: no React.' },
      ]),
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['server/**'],
    rules: layerRules([intoUi('server/'), intoKernel('server/')]),
  },
);
