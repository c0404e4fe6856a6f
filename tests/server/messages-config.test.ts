import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { localeFromAcceptLanguage, message, MESSAGES } from '../../server/messages';

describe('server messages', () => {
  it('has both languages for every message', () => {
    for (const [id, texts] of Object.entries(MESSAGES)) {
      expect(texts.zh.trim(), id).not.toBe('');
      expect(texts.en.trim(), id).not.toBe('');
      expect(texts.en, id).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('keeps the spec texts exactly', () => {
    expect(MESSAGES.loginFailed.zh).toBe('账号密码错误');
    expect(MESSAGES.noAccess.zh).toBe('该账号无访问权限！');
    expect(MESSAGES.loggedInElsewhere.zh).toBe('您的账号正在其他设备或不同浏览器登录访问');
    expect(MESSAGES.loginFailed.en).toBe('Wrong account or password');
    expect(MESSAGES.noAccess.en).toBe('This account has no access!');
  });

  it('fills parameters', () => {
    expect(message('invalidField', 'en', { field: 'account' })).toBe('Invalid request parameter: account');
    expect(message('invalidField', 'zh', { field: 'account' })).toBe('请求参数错误：account');
    expect(message('bodyTooLarge', 'en', {})).toContain('{limit}');
  });

  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['fr-FR,en;q=0.5', 'en'],
    ['fr-FR,de;q=0.5', 'zh'],
    ['en;q=0.3,zh-TW;q=0.8', 'zh'],
    ['en;q=0, zh;q=0.1', 'zh'],
    ['*', 'zh'],
    ['EN-gb', 'en'],
  ] as const)('Accept-Language %j -> %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe('server config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/app/data',
      databaseUrl: null,
      distDir: '/srv/app/dist',
      frameAncestors: "'self'",
      logLevel: 'info',
      jsonBodyLimit: 1048576,
      seedDemo: true,
      processes: 1,
    });
    expect(config.sessionTtlMs).toBe(365 * 24 * 3600 * 1000);
  });

  it('reads the environment', () => {
    const config = loadConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/yfang',
        DATABASE_URL: ' postgres://u@db/yfang ',
        FRAME_ANCESTORS: "'self' https://*.partner.example",
        LOG_LEVEL: 'WARN',
        SEED_DEMO: '0',
        SERVER_PROCESSES: '4',
      },
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      dataDir: '/var/lib/yfang',
      databaseUrl: 'postgres://u@db/yfang',
      frameAncestors: "'self' https://*.partner.example",
      logLevel: 'warn',
      seedDemo: false,
      processes: 4,
    });
  });

  it.each([{ PORT: 'http' }, { PORT: '70000' }, { LOG_LEVEL: 'loud' }, { JSON_BODY_LIMIT: '-1' }, { SERVER_PROCESSES: '0', DATABASE_URL: 'postgres://u@db/y' }])(
    'rejects %j',
    (env) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    },
  );

  it('refuses several processes on the embedded PGlite, which serves one process only', () => {
    expect(() => loadConfig({ SERVER_PROCESSES: '2' })).toThrow(/SERVER_PROCESSES above 1 needs DATABASE_URL/);
    expect(loadConfig({ SERVER_PROCESSES: '1' }).processes).toBe(1);
  });
});

describe('logger', () => {
  it('writes one JSON object per line and respects the level', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', write: (line) => lines.push(line) });
    logger.debug('hidden');
    logger.info('request', { method: 'GET', status: 200 });
    logger.child({ reqId: 'r1' }).error('failed', { error: new Error('boom') });
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0] as string);
    expect(first).toMatchObject({ level: 'info', msg: 'request', method: 'GET', status: 200 });
    expect(typeof first.time).toBe('string');
    const second = JSON.parse(lines[1] as string);
    expect(second).toMatchObject({ level: 'error', msg: 'failed', reqId: 'r1', error: { name: 'Error', message: 'boom' } });
  });

  it('is silent at level silent', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'silent', write: (line) => lines.push(line) });
    logger.error('nothing');
    expect(lines).toEqual([]);
  });
});
