import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'zh',
  locales: ['zh', 'en'],
  fallbackLocales: { default: 'zh' },
  catalogs: [
    {
      path: '<rootDir>/ui/locales/{locale}/messages',
      include: ['<rootDir>/ui'],
      exclude: ['**/node_modules/**', '<rootDir>/ui/locales/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
