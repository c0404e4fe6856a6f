import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // UI helpers use lingui macros and .po catalogues, compiled as vite.config.ts does.
        plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'], include: /[\\/]ui[\\/].*\.[jt]sx?$/ }), lingui()],
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      { test: { name: 'kernel', include: ['tests/kernel/**/*.test.ts'], environment: 'node', testTimeout: 30000 } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Starts a throwaway PostgreSQL (or uses TEST_DATABASE_URL) for the PostgreSQL half.
          globalSetup: ['tests/server/global-setup.ts'],
          env: { LOG_LEVEL: 'silent' },
          testTimeout: 60000,
          hookTimeout: 120000,
          // The server suites share one PostgreSQL cluster; files run one after another.
          fileParallelism: false,
        },
      },
      // Checks the output of `vite build` (dist/); npm test runs it right after the build.
      { test: { name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node', testTimeout: 60000 } },
    ],
  },
});
