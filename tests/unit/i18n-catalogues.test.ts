import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// Every message the UI shows must exist in both catalogues, and English must be translated:
// a missing msgstr would show the Chinese source text to English users.

interface Entry {
  id: string;
  str: string;
}

function parsePo(file: string): Entry[] {
  const text = fs.readFileSync(new URL(`../../ui/locales/${file}/messages.po`, import.meta.url), 'utf8');
  const entries: Entry[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => !l.startsWith('#'));
    const joined = lines.join('\n');
    const id = /msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)/.exec(joined);
    const str = /msgstr ((?:"(?:[^"\\]|\\.)*"\s*)+)/.exec(joined);
    if (!id || !str) continue;
    const unquote = (s: string) => [...s.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join('');
    const msgid = unquote(id[1]!);
    if (msgid === '') continue; // header
    entries.push({ id: msgid, str: unquote(str[1]!) });
  }
  return entries;
}

describe('lingui catalogues', () => {
  const zh = parsePo('zh');
  const en = parsePo('en');

  it('hold the same messages in zh and en', () => {
    expect(zh.length).toBeGreaterThan(50);
    expect(en.map((e) => e.id).sort()).toEqual(zh.map((e) => e.id).sort());
  });

  it('translate every message to English', () => {
    const untranslated = en.filter((e) => e.str.trim() === '').map((e) => e.id);
    expect(untranslated).toEqual([]);
  });

  it('keep the spec texts exact', () => {
    const ids = new Set(zh.map((e) => e.id));
    for (const text of ['内核命令出错！', '请已阅读并同意《平台用户协议》和《平台隐私政策》', '三维视图', '账号', '密码', '登录']) {
      expect(ids, text).toContain(text);
    }
    const kernelError = en.find((e) => e.id === '内核命令出错！');
    expect(kernelError?.str).toBe('Kernel command error!');
  });
});
