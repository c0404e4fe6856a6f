// Rewrites the demo-account table in README.md from server/seed.ts (DEMO_ACCOUNTS), so the README
// can never list an account the server does not seed. tests/unit/readme.test.ts checks it is current.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoAccountsMarkdown } from '../server/seed';

export const START = '<!-- demo-accounts:start -->';
export const END = '<!-- demo-accounts:end -->';

export function renderReadme(readme: string): string {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error('README.md lacks the demo-accounts markers');
  return `${readme.slice(0, a + START.length)}\n${demoAccountsMarkdown()}\n${readme.slice(b)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'README.md');
  fs.writeFileSync(file, renderReadme(fs.readFileSync(file, 'utf8')));
  console.log('README.md demo accounts updated');
}
