import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderReadme } from '../../scripts/readme-accounts';
import { DEMO_ACCOUNTS } from '../../server/seed';

describe('README', () => {
  const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('lists exactly the demo accounts the server seeds (npm run readme:accounts rewrites it)', () => {
    expect(readme).toBe(renderReadme(readme));
  });

  it('shows the fixed designer account and the two set-up commands', () => {
    expect(DEMO_ACCOUNTS).toContainEqual(expect.objectContaining({ project: 'yfang', account: 'designer', password: 'Design@2026' }));
    expect(readme).toContain('| yfang | designer | Design@2026 |');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
});
